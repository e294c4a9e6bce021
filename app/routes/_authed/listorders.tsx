import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { OrderListQuerySchema } from '#contract/lists';
import { lenientSearch, LIST_SEARCH_DEFAULTS, loadList } from '../../components/data-table';
import { OrdersList } from '../../features/orders/components/orders-list';
import { ordersQueries } from '../../features/orders/queries';
import { useSession } from '../../lib/auth/session';

export const Route = createFileRoute('/_authed/listorders')({
  validateSearch: lenientSearch(OrderListQuerySchema),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => loadList(context.queryClient, ordersQueries.list(deps), cause),
  component: ListOrdersPage,
});

function ListOrdersPage() {
  const navigate = Route.useNavigate();
  const session = useSession();
  return (
    <OrdersList
      search={Route.useSearch()}
      viewer={{ role: session?.role ?? '' }}
      onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}
