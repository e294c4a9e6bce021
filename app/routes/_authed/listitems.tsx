import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { ItemListQuerySchema } from '#contract/lists';
import { lenientSearch, LIST_SEARCH_DEFAULTS, loadList } from '../../components/data-table';
import { ItemsList } from '../../features/items/components/items-list';
import { itemsQueries } from '../../features/items/queries';
import { useSession } from '../../lib/auth/session';

export const Route = createFileRoute('/_authed/listitems')({
  validateSearch: lenientSearch(ItemListQuerySchema),
  search: { middlewares: [stripSearchParams({ ...LIST_SEARCH_DEFAULTS, category: '', subCategory: '' })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => loadList(context.queryClient, itemsQueries.list(deps), cause),
  component: ListItemsPage,
});

function ListItemsPage() {
  const navigate = Route.useNavigate();
  const session = useSession();
  return (
    <ItemsList
      search={Route.useSearch()}
      viewer={{ role: session?.role ?? '' }}
      onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}
