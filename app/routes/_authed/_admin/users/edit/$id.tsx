import { createFileRoute } from '@tanstack/react-router';
import { can } from '#contract/permissions';
import { EditUserForm } from '../../../../../features/users/components/user-form';
import { usersQueries } from '../../../../../features/users/queries';
import { getRole } from '../../../../../lib/auth/session';
import { orNotFound, routeId } from '../../../../../lib/detail-loader';
import { useBackToList } from '../../../../../lib/list-return-hooks';
import { notify } from '../../../../../lib/events';

export const Route = createFileRoute('/_authed/_admin/users/edit/$id')({
  loader: async ({ context, params }) => {
    const id = routeId(params.id);
    // Anyone else gets the admin guard's "No access" screen; don't ask the server for a refusal.
    if (can(getRole(), 'users.manage')) {
      await Promise.all([
        orNotFound(context.queryClient.ensureQueryData(usersQueries.detail(id))),
        context.queryClient.ensureQueryData(usersQueries.roles()),
      ]);
    }
    return { id };
  },
  component: EditUserPage,
});

function EditUserPage() {
  const { id } = Route.useLoaderData();
  const toList = useBackToList('/listusers');
  return (
    <EditUserForm
      key={id}
      id={id}
      onSaved={(saved) => {
        notify({ tone: 'success', message: `User ${saved.name} was saved.` });
        toList();
      }}
      onCancel={toList}
    />
  );
}
