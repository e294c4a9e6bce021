import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AddRoleForm } from '../../../features/roles/components/role-form';
import { notify } from '../../../lib/events';

export const Route = createFileRoute('/_authed/_admin/addrole')({
  component: AddRolePage,
});

function AddRolePage() {
  const navigate = useNavigate();
  const toList = () => void navigate({ to: '/listroles' });
  return (
    <AddRoleForm
      onSaved={(saved) => {
        notify({ tone: 'success', message: `Role ${saved.name} was added.` });
        toList();
      }}
      onCancel={toList}
    />
  );
}
