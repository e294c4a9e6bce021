import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ItemForm } from '../../features/items/components/item-form';
import { useSession } from '../../lib/auth/session';
import { notify } from '../../lib/events';

export const Route = createFileRoute('/_authed/additem')({
  component: AddItemPage,
});

function AddItemPage() {
  const navigate = useNavigate();
  const session = useSession();
  const toList = () => void navigate({ to: '/listitems' });
  return (
    <ItemForm
      action="add"
      role={session?.role ?? ''}
      onSaved={(saved) => {
        notify({ tone: 'success', message: `Item ${saved.name} was added.` });
        toList();
      }}
      onCancel={toList}
    />
  );
}
