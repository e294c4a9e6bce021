import { createFileRoute } from '@tanstack/react-router';
import { can } from '#contract/permissions';
import { AddUserForm } from '../../../features/users/components/user-form';
import { usersQueries } from '../../../features/users/queries';
import { getRole } from '../../../lib/auth/session';
import { useBackToList } from '../../../lib/list-return-hooks';
import { notify } from '../../../lib/events';

export const Route = createFileRoute('/_authed/_admin/adduser')({
  loader: async ({ context }) => {
    // Anyone else gets the admin guard's "No access" screen; don't ask the server for a refusal.
    if (can(getRole(), 'users.manage')) await context.queryClient.ensureQueryData(usersQueries.roles());
  },
  component: AddUserPage,
});

function AddUserPage() {
  const toList = useBackToList('/listusers');
  return (
    <AddUserForm
      onSaved={(saved) => {
        notify({ tone: 'success', message: `User ${saved.name} was added.` });
        toList();
      }}
      onCancel={toList}
    />
  );
}
