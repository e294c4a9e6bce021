import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RoleListQuerySchema } from '#contract/lists';
import { can } from '#contract/permissions';
import { lenientSearch, LIST_SEARCH_DEFAULTS, loadList } from '../../../components/data-table';
import { RolesList } from '../../../features/roles/components/roles-list';
import { rolesQueries } from '../../../features/roles/queries';
import { getRole, useSession } from '../../../lib/auth/session';

export const Route = createFileRoute('/_authed/_admin/listroles')({
  validateSearch: lenientSearch(RoleListQuerySchema),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // The layout's guard shows "No access"; don't ask the server for what it would refuse.
  loader: ({ context, deps, cause }) =>
    can(getRole(), 'roles.manage')
      ? loadList(context.queryClient, rolesQueries.list(deps), cause)
      : undefined,
  component: ListRolesPage,
});

function ListRolesPage() {
  const navigate = Route.useNavigate();
  const session = useSession();
  return (
    <RolesList
      search={Route.useSearch()}
      viewer={{ role: session?.role ?? '' }}
      onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}
