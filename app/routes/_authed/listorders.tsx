import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrderListQuerySchema, type OrderListQuery } from '#contract/lists';
import { listRoute, loadList, useListPage } from '../../components/data-table';
import { OrdersList } from '../../features/orders/components/orders-list';
import { ordersQueries } from '../../features/orders/queries';
import { isBareList, withViewParam } from '../../features/views/url';
import { viewsQueries } from '../../features/views/queries';

const url = listRoute(OrderListQuerySchema);

export const Route = createFileRoute('/_authed/listorders')({
  validateSearch: withViewParam(url.validateSearch),
  // The list's defaults stay out of the URL; `view` has none.
  search: url.search as { middlewares: never[] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps: { view, ...deps }, cause }) => {
    /*
     * The list is pinned to a snapshot, `upto` in the URL (so the loader, the query keys
     * and a reload agree, and new orders never move the rows under the operator). Opened
     * without one, it asks for the newest id in scope first (one index seek, a
     * millisecond at 1,000,000 orders) and replaces the URL with the pinned one, so the
     * only list load is the pinned page's: no second visible load. Seeding the pinned
     * key from an unpinned page instead would be wrong whenever an order arrived between
     * the two calls. With no orders at all (or the call failing) the list stays unpinned.
     *
     * Opened from a view's link (`?view=<id>`, issue 15), the view's filter comes first;
     * opened bare (the menu's Orders), the user's default view's, if they keep one.
     */
    if (deps.upto === undefined) {
      // A hover's preload can't pin (a redirect there would navigate): it loads nothing.
      if (cause === 'preload') return;
      const { queryClient } = context;
      let viewId = view;
      let search: OrderListQuery = deps;
      if (view !== undefined || isBareList(deps)) {
        const opened =
          view !== undefined
            ? await queryClient.fetchQuery(viewsQueries.one(view)).catch(() => null)
            : (await queryClient.fetchQuery(viewsQueries.list()).catch(() => [])).find(
                (one) => one.isDefault,
              );
        viewId = opened?.id;
        if (opened) search = { ...deps, ...(opened.filter as Partial<OrderListQuery>) };
      }
      const latestId = await queryClient.fetchQuery(ordersQueries.latestId(search)).catch(() => 0);
      if (latestId > 0 || viewId !== view)
        throw redirect({
          to: '/listorders',
          search: { ...search, view: viewId, upto: latestId > 0 ? latestId : undefined },
          replace: true,
        });
    }
    // Entering the list, the tabs' counts start beside the rows (not after the table mounts),
    // so the tabs get their numbers with the first rows and the table doesn't move down when
    // they come (Lighthouse measured a layout shift of 0.29). Cached counts are left to the
    // poll. A change on the open list leaves them to the tabs, which ask once the new rows
    // are painted (the tabs are already there: nothing moves; record 084).
    if (cause === 'enter')
      void context.queryClient.ensureQueryData(ordersQueries.statusCounts(deps)).catch(() => undefined);
    return loadList(context.queryClient, ordersQueries.list(deps), cause);
  },
  component: function ListOrdersPage() {
    const page = useListPage(Route.useSearch());
    const { view, ...search } = page.search;
    return (
      <OrdersList
        search={search}
        viewer={page.viewer}
        view={view}
        onSearchChange={(next, options) => page.onSearchChange({ view, ...next }, options)}
      />
    );
  },
});
