import { createFileRoute } from '@tanstack/react-router';
import { can } from '#contract/permissions';
import { AddRoleForm } from '../../../features/roles/components/role-form';
import { rolesQueries } from '../../../features/roles/queries';
import { getRole } from '../../../lib/auth/session';
import { useBackToList } from '../../../lib/list-return-hooks';
import { notify } from '../../../lib/events';

export const Route = createFileRoute('/_authed/_admin/addrole')({
  // The form offers only the types not yet present; others get the admin guard's "No access".
  loader: ({ context }) =>
    can(getRole(), 'roles.manage') ? context.queryClient.ensureQueryData(rolesQueries.every()) : undefined,
  component: AddRolePage,
});

function AddRolePage() {
  const toList = useBackToList('/listroles');
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
