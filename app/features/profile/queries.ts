import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The keys of the profile query. */
export const profileKeys = queryKeys('profile');

/** Query factory for the signed-in user's own profile (loader and screen share these options). */
export const profileQueries = {
  detail: (userId: string) =>
    queryOptions({
      queryKey: profileKeys.detail(userId),
      queryFn: () => api.call('getUserByUserId', { params: { userId } }),
    }),
};
