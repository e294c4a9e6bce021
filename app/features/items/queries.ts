import { queryOptions } from '@tanstack/react-query';
import type { ItemListQuery } from '#contract/lists';
import { listApiQuery } from '../../components/data-table';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The keys of every items query. */
export const itemsKeys = queryKeys('items');

/** Query factory for items (loader and screen share these options). */
export const itemsQueries = {
  /** One page of the items table, as the URL describes it. */
  list: (search: ItemListQuery) =>
    queryOptions({
      queryKey: itemsKeys.list(search),
      queryFn: ({ signal }) =>
        api.call('listItems', { query: listApiQuery(search) }, { quiet: true, signal }),
    }),
  /** One item (the item form). */
  detail: (id: number) =>
    queryOptions({
      queryKey: itemsKeys.detail(id),
      queryFn: () => api.call('getItemById', { params: { id } }),
    }),
};
