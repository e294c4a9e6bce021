import { createFileRoute } from '@tanstack/react-router';
import { can } from '#contract/permissions';
import { EditRoleForm } from '../../../../../features/roles/components/role-form';
import { rolesQueries } from '../../../../../features/roles/queries';
import { getRole } from '../../../../../lib/auth/session';
import { orNotFound, routeId } from '../../../../../lib/detail-loader';
import { useBackToList } from '../../../../../lib/list-return-hooks';
import { notify } from '../../../../../lib/events';

export const Route = createFileRoute('/_authed/_admin/roles/edit/$id')({
  loader: async ({ context, params }) => {
    const id = routeId(params.id);
    // Anyone else gets the admin guard's "No access" screen; don't ask the server for a refusal.
    if (can(getRole(), 'roles.manage'))
      await Promise.all([
        orNotFound(context.queryClient.ensureQueryData(rolesQueries.detail(id))),
        context.queryClient.ensureQueryData(rolesQueries.every()),
      ]);
    return { id };
  },
  component: EditRolePage,
});

function EditRolePage() {
  const { id } = Route.useLoaderData();
  const toList = useBackToList('/listroles');
  return (
    <EditRoleForm
      key={id}
      id={id}
      onSaved={(saved) => {
        notify({ tone: 'success', message: `Role ${saved.name} was saved.` });
        toList();
      }}
      onCancel={toList}
    />
  );
}
