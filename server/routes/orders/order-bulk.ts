import { CANCELLED_STATUS } from '#contract/enums';
import { BULK_BATCH_MAX, type OrderBulkOutput, type OrderBulkResult } from '#contract/order-bulk';
import { ORDER_NOT_FOUND_MESSAGE } from '#contract/orders';
import type { AuditActor } from '../../audit/audit';
import { dialectOf } from '../../db/dialect';
import { ApiError } from '../../http/envelope';
import { yesNo } from '../../lib/flags';
import { inScope, type Kdb, type Scope } from './scope';
import { listConditions, spellUpcoming } from './list/filters';
import { updateOrderBrief, type StoredOrder } from './order-writes';

/*
 * bulkupdate (issue 15, item 2): each order of the batch goes through updateOrder — its
 * own transaction, its lock, its audit row, upsertorder's rules — with a payload built
 * from the row as locked: the stored delivery, prices and availability, and the bulk
 * change (status with its reason, settlement). An order another store owns answers as a
 * missing one. A refusal is that order's outcome; the batch goes on.
 */

/** Orders updated side by side on PostgreSQL (record 058). */
const BULK_LANES_POSTGRES = 3;

/** The next batch of the filter's orders after `after`, oldest first, up to `upto`. */
async function batchOf(db: Kdb, body: OrderBulkOutput, store: Scope, now: number) {
  const filter = spellUpcoming({ ...body.filter!, store: store ?? body.filter!.store }, now);
  if (!filter) return { ids: [], next: null };
  const d = dialectOf(db);
  const rows = await db
    .selectFrom('orders')
    .select('orders.id')
    .where('orders.id', '>', body.after)
    .where('orders.id', '<=', filter.upto!)
    .where((eb) => eb.and(inScope(filter.store ?? null)))
    // Walked by id: the filters are tested on each row (as getchanges does).
    .where(
      listConditions({ ...filter, upto: undefined, store: undefined }, null, {
        db,
        d,
        way: 'scan',
        hideAll: true,
      }),
    )
    .orderBy('orders.id')
    .limit(BULK_BATCH_MAX + 1)
    .execute();
  const ids = rows.slice(0, BULK_BATCH_MAX).map((r) => r.id);
  return { ids, next: rows.length > BULK_BATCH_MAX ? ids.at(-1)! : null };
}

/** The change applied to an order as stored: everything else stays as it is. */
const changed = (body: OrderBulkOutput) => (o: StoredOrder) => {
  const status = (body.status ?? o.status) as 0 | 1 | 2 | 3 | 4;
  return {
    id: o.id,
    status,
    expecteddeliverydate: o.expected_delivery_date,
    // Null until the store sets a time: null stays null (the column allows it).
    exphours: o.exp_hours as number,
    expminutes: o.exp_minutes as number,
    exptimeperiod: o.exp_time_period as 'AM' | 'PM',
    deliveryprice: o.delivery_price,
    issettled: body.issettled ?? yesNo(o.is_settled),
    cancelledreason:
      status !== CANCELLED_STATUS
        ? 0
        : body.status === CANCELLED_STATUS
          ? body.cancelledreason
          : ((o.cancelled_reason ?? 0) as typeof body.cancelledreason),
    orderUnAvailableUserItems: [],
    orderItemsPrice: [],
    version: undefined,
  };
};

/** Applies a bulk change to its batch; answers every order's outcome and the next batch's start. */
export async function bulkUpdate(
  db: Kdb,
  body: OrderBulkOutput,
  opts: { store: Scope; canSettle: boolean; actor: AuditActor; now: number },
): Promise<OrderBulkResult> {
  const { ids, next } = body.ids
    ? { ids: body.ids, next: null }
    : await batchOf(db, body, opts.store, opts.now);
  const one = async (id: number): Promise<OrderBulkResult['results'][number]> => {
    try {
      const saved = await updateOrderBrief(db, { id, from: changed(body) }, opts);
      if (!saved) return { id, orderNumber: null, outcome: 'refused', message: ORDER_NOT_FOUND_MESSAGE };
      return {
        id,
        orderNumber: saved.orderNumber,
        outcome: saved.version === saved.before ? 'unchanged' : 'changed',
      };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { id, orderNumber: null, outcome: 'refused', message: error.messages[0] ?? error.message };
    }
  };
  const results: OrderBulkResult['results'] = new Array(ids.length);
  // SQLite runs one transaction at a time on its one connection: one lane. On PostgreSQL
  // each order's transaction is mostly round trips, so a few run side by side on the pool
  // (each still its own transaction and lock; the rest of the pool stays for other calls).
  let at = 0;
  const lane = async () => {
    while (at < ids.length) {
      const i = at++;
      try {
        results[i] = await one(ids[i]!);
      } catch (error) {
        at = ids.length; // the other lanes stop after their current order
        throw error;
      }
    }
  };
  const lanes = dialectOf(db).name === 'postgres' ? BULK_LANES_POSTGRES : 1;
  await Promise.all(Array.from({ length: Math.min(lanes, ids.length) }, lane));
  return { results, next };
}
