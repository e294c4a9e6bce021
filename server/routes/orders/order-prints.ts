import type { OrderPrint } from '#contract/order-prints';
import { getOrder } from './order-reads';
import type { Kdb, Scope } from './scope';

/**
 * The orders `ids` in scope with their stores' business profiles, in the order asked
 * (missing and out-of-scope ids left out): what the printed receipt and ticket show.
 */
export async function orderPrints(db: Kdb, ids: readonly number[], store: Scope): Promise<OrderPrint[]> {
  const orders = [];
  // One at a time: SQLite has one connection, and a batch is at most 50 small reads.
  for (const id of ids) {
    const order = await getOrder(db, id, store);
    if (order) orders.push(order);
  }
  if (orders.length === 0) return [];
  const owners = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.store_user_id')
    .select([
      'orders.id as orderId',
      'users.bussiness_name as bussinessName',
      'users.address1',
      'users.address2',
      'users.address3',
      'users.city',
      'users.state',
      'users.pincode',
      'users.phone_number as phoneNumber',
    ])
    .where(
      'orders.id',
      'in',
      orders.map((o) => o.id),
    )
    .execute();
  const byOrder = new Map(owners.map(({ orderId, ...store }) => [orderId, store]));
  return orders.flatMap((order) => {
    const owner = byOrder.get(order.id);
    return owner ? [{ order, store: owner }] : [];
  });
}
