import { createFileRoute } from '@tanstack/react-router';
import { UserListQuerySchema } from '#contract/lists';
import { can } from '#contract/permissions';
import { listSearch, ListScreen, loadList, useListPage } from '../../../components/data-table';
import { useUsersList } from '../../../features/users/columns';
import { usersQueries } from '../../../features/users/queries';
import { getRole } from '../../../lib/auth/session';

const url = listSearch(UserListQuerySchema);

export const Route = createFileRoute('/_authed/_admin/listusers')({
  validateSearch: url.validateSearch,
  search: url.search,
  loaderDeps: url.loaderDeps,
  // The layout's guard shows "No access"; don't ask the server for what it would refuse.
  loader: ({ context, deps, cause }) =>
    can(getRole(), 'users.manage')
      ? loadList(context.queryClient, usersQueries.list(deps), cause)
      : undefined,
  component: function ListUsersPage() {
    return <ListScreen list={useUsersList()} {...useListPage(Route.useSearch())} />;
  },
});
