import { queryOptions } from '@tanstack/react-query';
import type { ItemListQuery } from '#contract/lists';
import { listApiQuery } from '../../components/data-table';
import { api } from '../../lib/api-client';

/** Query factory for items (loader and screen share these options). */
export const itemsQueries = {
  all: () => ['items'] as const,
  lists: () => [...itemsQueries.all(), 'list'] as const,
  /** One page of the items table, as the URL describes it. */
  list: (search: ItemListQuery) =>
    queryOptions({
      queryKey: [...itemsQueries.lists(), search] as const,
      queryFn: ({ signal }) =>
        api.call('listItems', { query: listApiQuery(search) }, { quiet: true, signal }),
    }),
  details: () => [...itemsQueries.all(), 'detail'] as const,
  /** One item (the item form). */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...itemsQueries.details(), id] as const,
      queryFn: () => api.call('getItemById', { params: { id } }),
    }),
};
