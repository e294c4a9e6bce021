import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Query factory for the signed-in user's own profile (loader and screen share these options). */
export const profileQueries = {
  all: () => ['profile'] as const,
  detail: (userId: string) =>
    queryOptions({
      queryKey: [...profileQueries.all(), userId] as const,
      queryFn: () => api.call('getUserByUserId', { params: { userId } }),
    }),
};
