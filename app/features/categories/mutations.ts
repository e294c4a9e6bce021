import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryUpsertInput } from '#contract/categories';
import { api } from '../../lib/api-client';
import { categoriesKeys } from './queries';

/** Creates or updates a category; invalidates every categories query before the caller's onSuccess. */
export function useUpsertCategory(options: { onSuccess?: (saved: Category) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CategoryUpsertInput) => api.call('upsertCategory', { body: payload }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: categoriesKeys.all });
      options.onSuccess?.(saved);
    },
  });
}
