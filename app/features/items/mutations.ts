import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item, ItemUpsertInput } from '#contract/items';
import { api } from '../../lib/api-client';
import { itemsKeys } from './queries';

/** Creates (Add Item, Clone) or updates an item; invalidates every items query before the caller's onSuccess. */
export function useUpsertItem(options: { onSuccess?: (saved: Item) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ItemUpsertInput) => api.call('upsertItem', { body: payload }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: itemsKeys.all });
      options.onSuccess?.(saved);
    },
  });
}
