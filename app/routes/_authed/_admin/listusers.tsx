import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { UserListQuerySchema } from '#contract/lists';
import { can } from '#contract/permissions';
import { lenientSearch, LIST_SEARCH_DEFAULTS, loadList } from '../../../components/data-table';
import { UsersList } from '../../../features/users/components/users-list';
import { usersQueries } from '../../../features/users/queries';
import { getRole, useSession } from '../../../lib/auth/session';

export const Route = createFileRoute('/_authed/_admin/listusers')({
  validateSearch: lenientSearch(UserListQuerySchema),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // The layout's guard shows "No access"; don't ask the server for what it would refuse.
  loader: ({ context, deps, cause }) =>
    can(getRole(), 'users.manage')
      ? loadList(context.queryClient, usersQueries.list(deps), cause)
      : undefined,
  component: ListUsersPage,
});

function ListUsersPage() {
  const navigate = Route.useNavigate();
  const session = useSession();
  return (
    <UsersList
      search={Route.useSearch()}
      viewer={{ role: session?.role ?? '' }}
      onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}
