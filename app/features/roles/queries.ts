import { queryOptions } from '@tanstack/react-query';
import { pageQuery } from '../../components/data-table';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The keys of every roles query. */
export const rolesKeys = queryKeys('roles');

/** Query factory for roles (loader and screen share these options). */
export const rolesQueries = {
  /** One page of the roles table, as the URL describes it. */
  list: pageQuery('listRoles', 'roles'),
  /** Every role, unpaged (at most the four types): which types Add Role can still offer. */
  every: () =>
    queryOptions({
      queryKey: rolesKeys.other('every'),
      queryFn: ({ signal }) => api.call('listRoles', {}, { signal }),
    }),
  /** One role (the role form). */
  detail: (id: number) =>
    queryOptions({
      queryKey: rolesKeys.detail(id),
      queryFn: () => api.call('getRoleById', { params: { id } }),
    }),
};
