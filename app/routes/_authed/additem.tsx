import { createFileRoute } from '@tanstack/react-router';
import { ItemForm } from '../../features/items/components/item-form';
import { useSession } from '../../lib/auth/session';
import { useBackToList } from '../../lib/list-return-hooks';
import { notify } from '../../lib/events';

export const Route = createFileRoute('/_authed/additem')({
  component: AddItemPage,
});

function AddItemPage() {
  const session = useSession();
  const toList = useBackToList('/listitems');
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
