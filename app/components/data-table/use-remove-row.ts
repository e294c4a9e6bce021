import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { EndpointName } from '#contract/endpoints';
import { api, ApiError } from '../../lib/api-client';

/** The calls that remove one row by its `:id` (removeOrder, removeItem, …). */
export type RemoveCall = Extract<EndpointName, `remove${string}`>;

/**
 * Deletes one row through a `remove*` call. Invalidates `invalidate` first (the list
 * refetches by itself), then calls the caller's onSuccess. A 404 means the row is already
 * gone, so the list is refreshed then too; the server's message is the error to show.
 */
export function useRemoveRow(options: {
  endpoint: RemoveCall | undefined;
  invalidate: QueryKey;
  onSuccess?: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    // quiet: the dialog shows the refusal itself; a second notice would repeat it.
    mutationFn: (id: number) => {
      if (!options.endpoint) throw new Error('This list has no remove call');
      return api.call(options.endpoint, { params: { id } }, { quiet: true });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: options.invalidate });
      options.onSuccess?.();
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 404)
        await queryClient.invalidateQueries({ queryKey: options.invalidate });
    },
  });
}
