import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderUpdateInput } from '#contract/order-update';
import type { Order } from '#contract/orders';
import { api } from '../../lib/api-client';
import { ordersKeys } from './queries';

/**
 * Saves an order's status form (the wire's OrderUpdateSchema shape). Invalidates every
 * orders query (the list then shows the server's recomputed totals) before the caller's onSuccess.
 */
export function useUpdateOrder(options: { onSuccess?: (saved: Order) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: OrderUpdateInput) => api.call('upsertOrder', { body: payload }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      options.onSuccess?.(saved);
    },
  });
}

/** Adds an internal note to an order; the timeline reads it back from the server. */
export function useAddNote(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.call('addOrderNote', { body: { orderId, text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.other('history', orderId) }),
  });
}
