import { queryOptions } from '@tanstack/react-query';
import type { UserListQuery } from '#contract/lists';
import { listApiQuery } from '../../components/data-table';
import { api } from '../../lib/api-client';

/** Query factory for users (loader and screen share these options). */
export const usersQueries = {
  all: () => ['users'] as const,
  lists: () => [...usersQueries.all(), 'list'] as const,
  /** One page of the users table, as the URL describes it. */
  list: (search: UserListQuery) =>
    queryOptions({
      queryKey: [...usersQueries.lists(), search] as const,
      queryFn: ({ signal }) =>
        api.call('listUsers', { query: listApiQuery(search) }, { quiet: true, signal }),
    }),
  details: () => [...usersQueries.all(), 'detail'] as const,
  /** One user (the user form). */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...usersQueries.details(), id] as const,
      queryFn: () => api.call('getUserById', { params: { id } }),
    }),
  /** listusersroles: the roles the user form offers. */
  roles: () =>
    queryOptions({
      queryKey: [...usersQueries.all(), 'roles'] as const,
      queryFn: () => api.call('listUsersRoles'),
    }),
};
