import { createFileRoute } from '@tanstack/react-router';
import { RoleListQuerySchema } from '#contract/lists';
import { listRoute, ListScreen, loadList } from '../../../components/data-table';
import { useRolesList } from '../../../features/roles/columns';
import { rolesQueries } from '../../../features/roles/queries';

const url = listRoute(RoleListQuerySchema);

export const Route = createFileRoute('/_authed/_admin/listroles')({
  ...url,
  loader: ({ context, deps, cause }) =>
    loadList(context.queryClient, rolesQueries.list(deps), cause, 'roles.manage'),
  component: function ListRolesPage() {
    return <ListScreen list={useRolesList()} search={Route.useSearch()} />;
  },
});
