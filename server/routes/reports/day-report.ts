import { sql } from 'kysely';
import { CANCELLED_REASONS, CANCELLED_STATUS, DELIVERED_STATUS } from '#contract/enums';
import {
  addDays,
  daysIn,
  indiaDay,
  indiaDayStart,
  type DayReport,
  type DayReportQuery,
  type PeriodFigures,
} from '#contract/reports';
import { fromPaise } from '#contract/rules';
import { dialectOf } from '../../db/dialect';
import { inScope, type Kdb, type Scope } from '../orders/scope';

/*
 * The day-end report (issue 28 item 4, record 063). A period is whole India days: its
 * orders are those placed from the first day's midnight in India to the midnight after the
 * last, a range of the created date, which the (…created_at, …) covering indexes serve for
 * every store and for one. Each figure is one grouped read of that range; amounts are
 * summed in paise by the database and turned into rupees once.
 */

/** The created-date range of India days `from`…`to`: [start, end). */
const rangeOf = (from: string, to: string) => ({
  start: indiaDayStart(from),
  end: indiaDayStart(addDays(to, 1)),
});

/** Orders placed in [start, end) within `store`. */
function placed(db: Kdb, store: Scope, from: string, to: string) {
  const { start, end } = rangeOf(from, to);
  let q = db
    .selectFrom('orders')
    .where('orders.created_at', '>=', start)
    .where('orders.created_at', '<', end);
  for (const term of inScope(store, { column: 'orders.store_user_id' })) q = q.where(term);
  return q;
}

/** The headline figures of one period, from one read grouped by status, payment and settled. */
async function figuresOf(db: Kdb, store: Scope, from: string, to: string): Promise<PeriodFigures> {
  const rows = await placed(db, store, from, to)
    .select((eb) => [
      'orders.status',
      'orders.payment_type',
      'orders.is_settled',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn
        .sum<number | string>(sql`${sql.ref('orders.items_total')} + ${sql.ref('orders.delivery_price')}`)
        .as('total'),
      eb.fn.sum<number | string>('orders.settlement_amount').as('settlement'),
    ])
    .groupBy(['orders.status', 'orders.payment_type', 'orders.is_settled'])
    .execute();
  const byStatus: PeriodFigures['byStatus'] = [0, 0, 0, 0, 0];
  const paise = { online: 0, cod: 0, settled: 0, unsettled: 0 };
  const delivered = { online: 0, cod: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    byStatus[r.status] = (byStatus[r.status] ?? 0) + n;
    if (r.status !== DELIVERED_STATUS) continue;
    const total = Number(r.total ?? 0);
    if (r.payment_type === 'Online') {
      delivered.online += n;
      paise.online += total;
      paise[r.is_settled ? 'settled' : 'unsettled'] += Number(r.settlement ?? 0);
    } else {
      delivered.cod += n;
      paise.cod += total;
    }
  }
  const orders = byStatus.reduce((a, n) => a + n, 0);
  const sales = paise.online + paise.cod;
  const deliveredCount = delivered.online + delivered.cod;
  return {
    from,
    to,
    orders,
    byStatus,
    deliveredSales: fromPaise(sales),
    averageBill: deliveredCount ? fromPaise(Math.round(sales / deliveredCount)) : 0,
    online: { orders: delivered.online, amount: fromPaise(paise.online) },
    payOnDelivery: { orders: delivered.cod, amount: fromPaise(paise.cod) },
    settledOnline: fromPaise(paise.settled),
    unsettledOnline: fromPaise(paise.unsettled),
    cancelRate: orders ? byStatus[CANCELLED_STATUS] / orders : 0,
  };
}

/** The India hour (0–23) of a created date, in SQL. */
function hourSql(db: Kdb) {
  const at = sql.ref('orders.created_at');
  return dialectOf(db).name === 'postgres'
    ? sql<number>`extract(hour from (${at}::timestamptz at time zone 'Asia/Kolkata'))::integer`
    : sql<number>`cast(strftime('%H', ${at}, '+330 minutes') as integer)`;
}

/** The report for `q` at `now` (ms): `from` defaults to today in India, `to` to `from`. */
export async function dayReport(db: Kdb, q: DayReportQuery, store: Scope, now: number): Promise<DayReport> {
  const from = q.from ?? indiaDay(now);
  const to = q.to ?? from;
  const days = daysIn(from, to);
  const pg = dialectOf(db).name === 'postgres';
  const reads = [
    () => figuresOf(db, store, from, to),
    () => figuresOf(db, store, addDays(from, -days), addDays(from, -1)),
    () => figuresOf(db, store, addDays(from, -7), addDays(to, -7)),
    () =>
      placed(db, store, from, to)
        .select((eb) => ['orders.cancelled_reason', eb.fn.countAll<number | string>().as('n')])
        .where('orders.status', '=', CANCELLED_STATUS)
        .groupBy('orders.cancelled_reason')
        .execute(),
    () =>
      placed(db, store, from, to)
        .innerJoin('order_items', 'order_items.order_id', 'orders.id')
        .select((eb) => [
          'order_items.item_id',
          eb.fn.max('order_items.name').as('name'),
          eb.fn.sum<number | string>('order_items.items_count').as('quantity'),
          eb.fn.sum<number | string>('order_items.total').as('amount'),
        ])
        .where('orders.status', '=', DELIVERED_STATUS)
        .where('order_items.is_not_available', '=', 0)
        .groupBy('order_items.item_id')
        .execute(),
    () =>
      placed(db, store, from, to)
        .select((eb) => [hourSql(db).as('hour'), eb.fn.countAll<number | string>().as('n')])
        .groupBy(hourSql(db))
        .execute(),
  ] as const;
  // SQLite answers one statement at a time whatever is asked; PostgreSQL runs them side by side.
  const answers = pg
    ? await Promise.all(reads.map((f: () => Promise<unknown>) => f()))
    : await reads.reduce<Promise<unknown[]>>(
        async (done, f) => [...(await done), await f()],
        Promise.resolve([]),
      );
  const [current, previous, lastWeek, reasons, items, hours] = answers as [
    PeriodFigures,
    PeriodFigures,
    PeriodFigures,
    { cancelled_reason: number | null; n: number | string }[],
    {
      item_id: number;
      name: string | null;
      quantity: number | string | null;
      amount: number | string | null;
    }[],
    { hour: number | string; n: number | string }[],
  ];

  const perHour = Array.from({ length: 24 }, () => 0);
  for (const h of hours) perHour[Number(h.hour)] = Number(h.n);
  const byReason = new Map(reasons.map((r) => [r.cancelled_reason, Number(r.n)]));
  return {
    store,
    current,
    previous,
    lastWeek,
    cancelReasons: CANCELLED_REASONS.map((r) => ({ reason: r.id, count: byReason.get(r.id) ?? 0 })),
    items: items
      .map((i) => ({
        itemId: i.item_id,
        name: i.name ?? '',
        quantity: Number(i.quantity ?? 0),
        amount: fromPaise(Number(i.amount ?? 0)),
      }))
      .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name)),
    perHour,
  };
}
