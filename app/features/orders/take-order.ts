import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { can } from '#contract/permissions';
import { api } from '../../lib/api-client';
import { orderTakenHere } from './new-order-alerts';
import { ordersKeys } from './queries';

/**
 * Opening a New Order takes it (issue 28 item 1): its ringing stops on every screen at their
 * next check, and its timeline names who took it. Only roles that may act on the order take
 * it (the read-only role's look changes nothing); the server keeps the first taker.
 */
export function useTakeOnOpen(order: { id: number; status: number }, role: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (order.status !== 0 || !can(role, 'orders.update')) return;
    // Not aborted when the screen re-renders or leaves: taking is idempotent, and an aborted
    // call whose answer already left the server would skip the timeline's refresh.
    api
      .call('takeOrder', { body: { id: order.id } }, { quiet: true })
      .then(() => {
        orderTakenHere();
        void queryClient.invalidateQueries({ queryKey: ordersKeys.other('history', order.id) });
      })
      // Not taken now (offline, say): the order rings on, and a later opening takes it.
      .catch(() => undefined);
  }, [order.id, order.status, role, queryClient]);
}
