import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { OrderListQuery } from '#contract/lists';
import { MAX_ID } from '#contract/rules';
import { listApiQuery } from '../../components/data-table';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** A store the orders list can be narrowed to (BlueTikAdmin only). */
export interface StoreOption {
  id: number;
  name: string;
}

/**
 * How often a visible orders list asks what changed, and refreshes its pinned page.
 * A poll, not a server-sent event stream: see the getchanges route for why.
 */
export const LIVE_POLL_MS = 10_000;

/** How many timeline entries one page of an order's history shows. */
export const HISTORY_PAGE = 20;

/** The list's filters and search: what getchanges counts new orders against (and a bulk change walks). */
export function changesFilter(search: OrderListQuery) {
  const { status, paymentType, isSettled, from, to, upcoming, overdue, store, q } = search;
  return { status, paymentType, isSettled, from, to, upcoming, overdue, store, q };
}

/** The keys of every orders query. */
export const ordersKeys = queryKeys('orders');

/** Query factory for orders (loader and screen share these options). */
export const ordersQueries = {
  /** One page of the orders table, as the URL describes it. */
  list: (search: OrderListQuery) =>
    queryOptions({
      queryKey: ordersKeys.list(search),
      // quiet: the table shows its own error state with Try again.
      queryFn: ({ signal }) =>
        api.call('listOrders', { query: listApiQuery(search) }, { quiet: true, signal }),
    }),
  /**
   * What arrived since the list's snapshot (`upto`; 0 when the list has none): the newest
   * order id in scope and how many newer orders match the list's filters and search.
   * Keyed by the filters and the snapshot only, so paging and sorting keep one poll.
   */
  changes: (search: OrderListQuery) =>
    queryOptions({
      queryKey: ordersKeys.other('changes', changesFilter(search), search.upto ?? 0),
      // quiet: a failed poll is retried by the next one; the table shows its own errors.
      queryFn: ({ signal }) =>
        api.call(
          'getOrderChanges',
          { query: { ...changesFilter(search), since: search.upto ?? 0 } },
          { quiet: true, signal },
        ),
      staleTime: 0,
    }),
  /**
   * The status tabs' counts under the list's other filters, search and snapshot (issue 15):
   * keyed without status, upcoming, overdue, paging and sort, so picking a tab or a page asks nothing.
   */
  statusCounts: (search: OrderListQuery) => {
    const { status: _status, upcoming: _upcoming, overdue: _overdue, ...others } = changesFilter(search);
    const query = { ...others, upto: search.upto };
    return queryOptions({
      queryKey: ordersKeys.other('statusCounts', query),
      queryFn: ({ signal }) => api.call('getOrderStatusCounts', { query }, { quiet: true, signal }),
      staleTime: 0,
    });
  },
  /**
   * The newest order id in scope (for the list's first snapshot): a `since` past every id
   * counts nothing, so the call is one index seek.
   */
  latestId: (search: OrderListQuery) =>
    queryOptions({
      queryKey: ordersKeys.other('latest', changesFilter(search)),
      queryFn: async ({ signal }) =>
        (
          await api.call(
            'getOrderChanges',
            { query: { ...changesFilter(search), since: MAX_ID } },
            { quiet: true, signal },
          )
        ).latestId,
      staleTime: 0,
    }),
  /**
   * The stores for the Store filter: users with a business profile (DECISIONS §2). Only
   * the platform admin sees several stores, and only they may list users.
   */
  stores: () =>
    queryOptions({
      queryKey: ordersKeys.other('stores'),
      queryFn: async ({ signal }): Promise<StoreOption[]> => {
        const users = await api.call('listUsers', {}, { quiet: true, signal });
        return users
          .filter((user) => user.bussinessName.trim() !== '')
          .map((user) => ({ id: user.id, name: user.bussinessName }))
          .sort((a, b) => a.name.localeCompare(b.name));
      },
      staleTime: 5 * 60_000,
    }),
  /**
   * An order's timeline (issue 16): its trail and notes, oldest first, HISTORY_PAGE entries
   * a page; the next page starts after the last entry shown.
   */
  history: (id: number) =>
    infiniteQueryOptions({
      queryKey: ordersKeys.other('history', id),
      queryFn: ({ pageParam, signal }) =>
        api.call(
          'getOrderHistory',
          { params: { id }, query: { limit: HISTORY_PAGE, ...(pageParam ? { after: pageParam } : {}) } },
          { quiet: true, signal },
        ),
      initialPageParam: 0,
      getNextPageParam: (page) => (page.length < HISTORY_PAGE ? undefined : page.at(-1)!.id),
    }),
  /** One order with its item tree (the order details screen). */
  detail: (id: number) =>
    queryOptions({
      queryKey: ordersKeys.detail(id),
      queryFn: () => api.call('getOrderById', { params: { id } }),
    }),
};
