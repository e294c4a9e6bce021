import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrderListQuerySchema } from '#contract/lists';
import { listSearch, loadList, useListPage } from '../../components/data-table';
import { OrdersList } from '../../features/orders/components/orders-list';
import { ordersQueries } from '../../features/orders/queries';

const url = listSearch(OrderListQuerySchema);

export const Route = createFileRoute('/_authed/listorders')({
  validateSearch: url.validateSearch,
  search: url.search,
  loaderDeps: url.loaderDeps,
  loader: async ({ context, deps, cause }) => {
    /*
     * The list is pinned to a snapshot, `upto` in the URL (so the loader, the query keys
     * and a reload agree, and new orders never move the rows under the operator). Opened
     * without one, it asks for the newest id in scope first (one index seek, a
     * millisecond at 1,000,000 orders) and replaces the URL with the pinned one, so the
     * only list load is the pinned page's: no second visible load. Seeding the pinned
     * key from an unpinned page instead would be wrong whenever an order arrived between
     * the two calls. With no orders at all (or the call failing) the list stays unpinned.
     */
    if (deps.upto === undefined) {
      // A hover's preload can't pin (a redirect there would navigate): it loads nothing.
      if (cause === 'preload') return;
      const latestId = await context.queryClient.fetchQuery(ordersQueries.latestId(deps)).catch(() => 0);
      if (latestId > 0)
        throw redirect({ to: '/listorders', search: { ...deps, upto: latestId }, replace: true });
    }
    return loadList(context.queryClient, ordersQueries.list(deps), cause);
  },
  component: function ListOrdersPage() {
    return <OrdersList {...useListPage(Route.useSearch())} />;
  },
});
