import { createFileRoute } from '@tanstack/react-router';
import { UserListQuerySchema } from '#contract/lists';
import { listRoute, ListScreen, loadList } from '../../../components/data-table';
import { useUsersList } from '../../../features/users/columns';
import { usersQueries } from '../../../features/users/queries';

const url = listRoute(UserListQuerySchema);

export const Route = createFileRoute('/_authed/_admin/listusers')({
  ...url,
  loader: ({ context, deps, cause }) =>
    loadList(context.queryClient, usersQueries.list(deps), cause, 'users.manage'),
  component: function ListUsersPage() {
    return <ListScreen list={useUsersList()} search={Route.useSearch()} />;
  },
});
