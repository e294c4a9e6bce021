import { queryOptions } from '@tanstack/react-query';
import type { RoleListQuery } from '#contract/lists';
import { listApiQuery } from '../../components/data-table';
import { api } from '../../lib/api-client';

/** Query factory for roles (loader and screen share these options). */
export const rolesQueries = {
  all: () => ['roles'] as const,
  lists: () => [...rolesQueries.all(), 'list'] as const,
  /** One page of the roles table, as the URL describes it. */
  list: (search: RoleListQuery) =>
    queryOptions({
      queryKey: [...rolesQueries.lists(), search] as const,
      queryFn: ({ signal }) =>
        api.call('listRoles', { query: listApiQuery(search) }, { quiet: true, signal }),
    }),
  details: () => [...rolesQueries.all(), 'detail'] as const,
  /** One role (the role form). */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...rolesQueries.details(), id] as const,
      queryFn: () => api.call('getRoleById', { params: { id } }),
    }),
};
