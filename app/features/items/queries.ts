import { queryOptions } from '@tanstack/react-query';
import { pageQuery } from '../../components/data-table';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The keys of every items query. */
export const itemsKeys = queryKeys('items');

/** Query factory for items (loader and screen share these options). */
export const itemsQueries = {
  /** One page of the items table, as the URL describes it. */
  list: pageQuery('listItems', 'items'),
  /** One item (the item form). */
  detail: (id: number) =>
    queryOptions({
      queryKey: itemsKeys.detail(id),
      queryFn: () => api.call('getItemById', { params: { id } }),
    }),
};
