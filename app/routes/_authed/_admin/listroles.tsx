import { createFileRoute } from '@tanstack/react-router';
import { RoleListQuerySchema } from '#contract/lists';
import { can } from '#contract/permissions';
import { listSearch, ListScreen, loadList, useListPage } from '../../../components/data-table';
import { useRolesList } from '../../../features/roles/columns';
import { rolesQueries } from '../../../features/roles/queries';
import { getRole } from '../../../lib/auth/session';

const url = listSearch(RoleListQuerySchema);

export const Route = createFileRoute('/_authed/_admin/listroles')({
  validateSearch: url.validateSearch,
  search: url.search,
  loaderDeps: url.loaderDeps,
  // The layout's guard shows "No access"; don't ask the server for what it would refuse.
  loader: ({ context, deps, cause }) =>
    can(getRole(), 'roles.manage')
      ? loadList(context.queryClient, rolesQueries.list(deps), cause)
      : undefined,
  component: function ListRolesPage() {
    return <ListScreen list={useRolesList()} {...useListPage(Route.useSearch())} />;
  },
});
