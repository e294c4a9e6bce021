import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '#contract/endpoints';
import type { OrderListQuery, Paged } from '#contract/lists';
import type { Order, OrderListRow } from '#contract/orders';
import type { UserListRow } from '#contract/users';
import { listApiQuery } from '../../components/data-table';
import { api } from '../../lib/api-client';

/** A store the orders list can be narrowed to (BlueTikAdmin only). */
export interface StoreOption {
  id: number;
  name: string;
}

/** Query factory for orders (loader and screen share these options). */
export const ordersQueries = {
  all: () => ['orders'] as const,
  lists: () => [...ordersQueries.all(), 'list'] as const,
  /** One page of the orders table, as the URL describes it. */
  list: (search: OrderListQuery) =>
    queryOptions({
      queryKey: [...ordersQueries.lists(), search] as const,
      // quiet: the table shows its own error state with Try again.
      queryFn: ({ signal }) =>
        api.get<Paged<OrderListRow>>(apiPath('listOrders', {}, listApiQuery(search)), {
          quiet: true,
          signal,
        }),
    }),
  /**
   * The stores for the Store filter: users with a business profile (DECISIONS §2). Only
   * the platform admin sees several stores, and only they may list users.
   */
  stores: () =>
    queryOptions({
      queryKey: [...ordersQueries.all(), 'stores'] as const,
      queryFn: async ({ signal }): Promise<StoreOption[]> => {
        const users = await api.get<UserListRow[]>(apiPath('listUsers'), { quiet: true, signal });
        return users
          .filter((user) => user.bussinessName.trim() !== '')
          .map((user) => ({ id: user.id, name: user.bussinessName }))
          .sort((a, b) => a.name.localeCompare(b.name));
      },
      staleTime: 5 * 60_000,
    }),
  details: () => [...ordersQueries.all(), 'detail'] as const,
  /** One order with its item tree (the order details screen). */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...ordersQueries.details(), id] as const,
      queryFn: () => api.get<Order>(apiPath('getOrderById', { id })),
    }),
};
