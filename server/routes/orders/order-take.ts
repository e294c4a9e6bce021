import type { OrderTaken } from '#contract/orders';
import { recordAudit, type AuditActor } from '../../audit/audit';
import { lockOrder } from './order-lock';
import type { Kdb, Scope } from './scope';

/*
 * Taking a New Order (issue 28 item 1): the first person to open it (or change its status,
 * order-writes.ts) takes it; the ringing stops on every screen at their next live check
 * (getchanges' `untaken`). Stored on the order (who, when) with an audit entry, under the
 * order's lock so two people opening it at once leave one taker. The version stays: taking
 * is not an edit, and must not turn a colleague's open form stale.
 */

/** Takes order `id` for `actor` if it is New and untaken; answers who has it (null: missing). */
export async function takeOrder(
  db: Kdb,
  id: number,
  opts: { store: Scope; actor: AuditActor; now: number },
): Promise<OrderTaken | null> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, id, opts.store);
    if (!order) return null;
    if (order.taken_at || order.status !== 0)
      return { takenAt: order.taken_at ?? order.updated_at, takenBy: order.taken_by };
    const takenAt = new Date(opts.now).toISOString();
    await trx
      .updateTable('orders')
      .set({ taken_at: takenAt, taken_by: opts.actor.userId })
      .where('id', '=', id)
      .execute();
    await recordAudit(
      trx,
      opts.actor,
      { entity: 'order', entityId: id, action: 'take', changes: {} },
      new Date(opts.now),
    );
    return { takenAt, takenBy: opts.actor.userId };
  });
}
