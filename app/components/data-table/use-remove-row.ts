import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiPath, type EndpointName } from '#contract/paths';
import { api, ApiError } from '../../lib/api-client';

/**
 * Deletes one row through a `remove*` call. Invalidates `invalidate` first (the list
 * refetches by itself), then calls the caller's onSuccess. A 404 means the row is already
 * gone, so the list is refreshed then too; the server's message is the error to show.
 */
export function useRemoveRow(options: {
  endpoint: EndpointName;
  invalidate: QueryKey;
  onSuccess?: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    // quiet: the dialog shows the refusal itself; a second notice would repeat it.
    mutationFn: (id: number) => api.delete<unknown>(apiPath(options.endpoint, { id }), { quiet: true }),
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
