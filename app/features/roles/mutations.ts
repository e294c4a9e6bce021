import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkInsertResult, RoleRecord, RoleUpsertInput } from '#contract/roles';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { rolesKeys } from './queries';

/** Creates or updates a role; invalidates every roles query before the caller's onSuccess. */
export function useUpsertRole(options: { onSuccess?: (saved: RoleRecord) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: RoleUpsertInput) => api.call('upsertRole', { body: payload }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: rolesKeys.all });
      options.onSuccess?.(saved);
    },
  });
}

/**
 * Imports the master catalog (bulkitemsinsert). New items change the items list and the
 * catalog a category picks from, so both domains' queries are invalidated by their root keys
 * (built by the shared factory: features don't import each other).
 */
export function useBulkItemsInsert(options: { onSuccess?: (result: BulkInsertResult) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('bulkItemsInsert'),
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys('items').all }),
        queryClient.invalidateQueries({ queryKey: queryKeys('categories').all }),
      ]);
      options.onSuccess?.(result);
    },
  });
}
