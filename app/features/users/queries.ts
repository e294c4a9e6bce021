import { queryOptions } from '@tanstack/react-query';
import { pageQuery } from '../../components/data-table';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The keys of every users query. */
export const usersKeys = queryKeys('users');

/** Query factory for users (loader and screen share these options). */
export const usersQueries = {
  /** One page of the users table, as the URL describes it. */
  list: pageQuery('listUsers', 'users'),
  /** One user (the user form). */
  detail: (id: number) =>
    queryOptions({
      queryKey: usersKeys.detail(id),
      queryFn: () => api.call('getUserById', { params: { id } }),
    }),
  /** listusersroles: the roles the user form offers. */
  roles: () =>
    queryOptions({
      queryKey: usersKeys.other('roles'),
      queryFn: () => api.call('listUsersRoles'),
    }),
};
