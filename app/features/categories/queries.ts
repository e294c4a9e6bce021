import { queryOptions } from '@tanstack/react-query';
import type { CategoryListQuery } from '#contract/lists';
import { listApiQuery } from '../../components/data-table';
import { api } from '../../lib/api-client';

/** Query factory for categories (loader and screen share these options). */
export const categoriesQueries = {
  all: () => ['categories'] as const,
  lists: () => [...categoriesQueries.all(), 'list'] as const,
  /** One page of the categories table, as the URL describes it. */
  list: (search: CategoryListQuery) =>
    queryOptions({
      queryKey: [...categoriesQueries.lists(), search] as const,
      queryFn: ({ signal }) =>
        api.call('listCategories', { query: listApiQuery(search) }, { quiet: true, signal }),
    }),
  details: () => [...categoriesQueries.all(), 'detail'] as const,
  /** One category with both item lists (the category form). */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...categoriesQueries.details(), id] as const,
      queryFn: () => api.call('getCategoryById', { params: { id } }),
    }),
  /** getavailableitems: every catalog item, encoded (a new category picks from it). */
  availableItems: () =>
    queryOptions({
      queryKey: [...categoriesQueries.all(), 'available-items'] as const,
      queryFn: () => api.call('getAvailableItems'),
    }),
};
