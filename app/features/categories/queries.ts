import { queryOptions } from '@tanstack/react-query';
import { pageQuery } from '../../components/data-table';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The keys of every categories query. */
export const categoriesKeys = queryKeys('categories');

/** Query factory for categories (loader and screen share these options). */
export const categoriesQueries = {
  /** One page of the categories table, as the URL describes it. */
  list: pageQuery('listCategories', 'categories'),
  /** One category with both item lists (the category form). */
  detail: (id: number) =>
    queryOptions({
      queryKey: categoriesKeys.detail(id),
      queryFn: () => api.call('getCategoryById', { params: { id } }),
    }),
  /** getavailableitems: every catalog item, encoded (a new category picks from it). */
  availableItems: () =>
    queryOptions({
      queryKey: categoriesKeys.other('available-items'),
      queryFn: () => api.call('getAvailableItems'),
    }),
};
