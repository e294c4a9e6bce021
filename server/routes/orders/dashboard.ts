import { CANCELLED_STATUS, DELIVERED_STATUS } from '#contract/enums';
import type { OrderListQuery } from '#contract/lists';
import type { Dashboard, YearlySales } from '#contract/orders';
import { fromPaise } from '#contract/rules';
import { dialectOf } from '../../db/dialect';
import { spellUpcoming } from './list/filters';
import { countMatching } from './list/totals';
import { inScope, type Kdb, type Scope } from './scope';

/*
 * The dashboard (migration 0005): the status cards sum order_counts' all-time rows, the
 * Upcoming card is the orders list's own count, and the yearly sales sum `order_sales`
 * (per month and store, kept by triggers) instead of every order.
 */

/**
 * The dashboard cards (DECISIONS §1) at `now` (ms): Upcoming is expected after today in India
 * (DECISIONS §9), Overdue promised before `now`.
 */
export async function dashboard(db: Kdb, store: Scope, now: number): Promise<Dashboard> {
  const d = dialectOf(db);
  const spelled = (q: Partial<OrderListQuery>) => spellUpcoming(q as OrderListQuery, now)!;
  // Exactly what the orders list counts for status=N, upcoming=Yes and overdue=Yes: the cards link there.
  const [byStatus, upcoming, overdue] = await Promise.all([
    db
      .selectFrom('order_counts')
      .select((eb) => ['status', eb.fn.sum<number>('n').as('n')])
      .where('month', '=', '')
      .where((eb) => eb.and(inScope(store, { column: 'store_user_id' })))
      .groupBy('status')
      .execute(),
    countMatching(db, spelled({ upcoming: 'Yes' }), store, d),
    countMatching(db, spelled({ overdue: 'Yes' }), store, d),
  ]);
  const n = (status: number) => Number(byStatus.find((r) => Number(r.status) === status)?.n ?? 0);
  return {
    upCommingOrder: upcoming,
    newOrders: n(0),
    processingOrder: n(1),
    ontheWayOrder: n(2),
    deliveredOrder: n(DELIVERED_STATUS),
    cancelledOrder: n(CANCELLED_STATUS),
    overdueOrders: overdue,
  };
}

/** Monthly grand totals of Delivered orders created in `year`, by India month (migration 0018), from order_sales. */
export async function yearlySales(db: Kdb, store: Scope, year: number): Promise<YearlySales> {
  const rows = await db
    .selectFrom('order_sales')
    .select((eb) => ['month', eb.fn.sum<number>('total').as('total')])
    .where('month', '>=', `${year}-01`)
    .where('month', '<=', `${year}-12`)
    .where((eb) => eb.and(inScope(store, { column: 'store_user_id' })))
    .groupBy('month')
    .execute();
  const months = Array.from({ length: 12 }, () => 0);
  for (const r of rows) months[Number(r.month.slice(5, 7)) - 1] = fromPaise(Number(r.total ?? 0));
  return { year, months };
}
