import { sql } from 'kysely';
import { CANCELLED_REASONS, CANCELLED_STATUS, DELIVERED_STATUS } from '#contract/enums';
import {
  addDays,
  daysIn,
  indiaDay,
  indiaDayEnd,
  indiaDayStart,
  type DayReport,
  type DayReportQuery,
  type PeriodFigures,
} from '#contract/reports';
import { fromPaise } from '#contract/rules';
import { dialectOf } from '../../db/dialect';
import { inScope, type Kdb, type Scope } from './scope';

/*
 * The day-end report (issue 28 item 4, record 063). A period is whole India days: its
 * orders are those placed from the first day's midnight in India to the midnight after the
 * last, a range of the created date, which the (…created_at, …) covering indexes serve for
 * every store and for one. The three periods' figures are one read grouped by India day
 * (from the created date's text: no date function per row), summed by period here; amounts
 * are summed in paise by the database and turned into rupees once.
 */

/** The created-date range of India days `from`…`to`: [start, end). */
const rangeOf = (from: string, to: string) => ({
  start: indiaDayStart(from),
  end: indiaDayEnd(to),
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

/** A row of the figures read: one India day's orders of one status, payment type and settled flag. */
interface DayRow {
  day: string;
  status: number;
  payment_type: string;
  is_settled: number;
  n: number;
  total: number;
  settlement: number;
}

/*
 * The India day of a created date, from its UTC text alone (cheap to group by, no date
 * functions per row): the UTC date, or the next one from 18:30 UTC on (India's midnight).
 */
const utcDate = sql<string>`substr(${sql.ref('orders.created_at')}, 1, 10)`;
const lateUtc = sql<number>`case when substr(${sql.ref('orders.created_at')}, 12, 5) >= '18:30' then 1 else 0 end`;
const indiaDayOf = (date: string, late: number | string) => (Number(late) ? addDays(date, 1) : date);

/** Every India day's figures from `from` to `to` in one read grouped by day, status, payment and settled. */
async function dayRows(db: Kdb, store: Scope, from: string, to: string): Promise<DayRow[]> {
  const rows = await placed(db, store, from, to)
    .select((eb) => [
      utcDate.as('date'),
      lateUtc.as('late'),
      'orders.status',
      'orders.payment_type',
      'orders.is_settled',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn
        .sum<number | string>(sql`${sql.ref('orders.items_total')} + ${sql.ref('orders.delivery_price')}`)
        .as('total'),
      eb.fn.sum<number | string>('orders.settlement_amount').as('settlement'),
    ])
    .groupBy([utcDate, lateUtc, 'orders.status', 'orders.payment_type', 'orders.is_settled'])
    .execute();
  return rows.map((r) => ({
    day: indiaDayOf(r.date, r.late),
    status: r.status,
    payment_type: r.payment_type,
    is_settled: r.is_settled,
    n: Number(r.n),
    total: Number(r.total ?? 0),
    settlement: Number(r.settlement ?? 0),
  }));
}

/** The headline figures of the days `from`…`to` among `rows`. */
function figuresOf(rows: readonly DayRow[], from: string, to: string): PeriodFigures {
  const byStatus: PeriodFigures['byStatus'] = [0, 0, 0, 0, 0];
  const paise = { online: 0, cod: 0, settled: 0, unsettled: 0 };
  const delivered = { online: 0, cod: 0 };
  for (const r of rows) {
    if (r.day < from || r.day > to) continue;
    byStatus[r.status] = (byStatus[r.status] ?? 0) + r.n;
    if (r.status !== DELIVERED_STATUS) continue;
    if (r.payment_type === 'Online') {
      delivered.online += r.n;
      paise.online += r.total;
      paise[r.is_settled ? 'settled' : 'unsettled'] += r.settlement;
    } else {
      delivered.cod += r.n;
      paise.cod += r.total;
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

/** India's hour from a created date's UTC hour and minute: 5 h 30 min later. */
const utcHour = sql<string>`substr(${sql.ref('orders.created_at')}, 12, 2)`;
const halfPast = sql<number>`case when substr(${sql.ref('orders.created_at')}, 15, 2) >= '30' then 1 else 0 end`;

/** The report for `q` at `now` (ms): `from` defaults to today in India, `to` to `from`. */
export async function dayReport(db: Kdb, q: DayReportQuery, store: Scope, now: number): Promise<DayReport> {
  const from = q.from ?? indiaDay(now);
  const to = q.to ?? from;
  const days = daysIn(from, to);
  const pg = dialectOf(db).name === 'postgres';
  // The three periods in one read: back to the previous period's first day or a week back.
  const earliest = addDays(from, -Math.max(days, 7));
  const reads = [
    () => dayRows(db, store, earliest, to),
    () =>
      placed(db, store, from, to)
        .select((eb) => ['orders.cancelled_reason', eb.fn.countAll<number | string>().as('n')])
        .where('orders.status', '=', CANCELLED_STATUS)
        .groupBy('orders.cancelled_reason')
        .execute(),
    async () => {
      // The lines are read by their order's id: the period's orders lie between its least
      // and greatest id (a range of the lines' (order_id, position) index) — a bound, the
      // join still decides, so it holds whatever order ids were given in.
      // `id + 0`: PostgreSQL would answer min(id) by walking the primary key until a row
      // of the period shows up (645 ms for one store's 31 days); this reads the period's range.
      const id = sql<number>`${sql.ref('orders.id')} + 0`;
      const span = await placed(db, store, from, to)
        .select((eb) => [eb.fn.min(id).as('low'), eb.fn.max(id).as('high')])
        .executeTakeFirst();
      if (span?.low === null || span?.low === undefined || span.high === null) return [];
      return placed(db, store, from, to)
        .innerJoin('order_items', 'order_items.order_id', 'orders.id')
        .select((eb) => [
          'order_items.item_id',
          eb.fn.max('order_items.name').as('name'),
          eb.fn.sum<number | string>('order_items.items_count').as('quantity'),
          eb.fn.sum<number | string>('order_items.total').as('amount'),
        ])
        .where('order_items.order_id', '>=', Number(span.low))
        .where('order_items.order_id', '<=', Number(span.high))
        .where('orders.status', '=', DELIVERED_STATUS)
        .where('order_items.is_not_available', '=', 0)
        .groupBy('order_items.item_id')
        .execute();
    },
    () =>
      placed(db, store, from, to)
        .select((eb) => [utcHour.as('hour'), halfPast.as('half'), eb.fn.countAll<number | string>().as('n')])
        .groupBy([utcHour, halfPast])
        .execute(),
  ] as const;
  // SQLite answers one statement at a time whatever is asked; PostgreSQL runs them side by side.
  const answers = pg
    ? await Promise.all(reads.map((f: () => Promise<unknown>) => f()))
    : await reads.reduce<Promise<unknown[]>>(
        async (done, f) => [...(await done), await f()],
        Promise.resolve([]),
      );
  const [rows, reasons, items, hours] = answers as [
    DayRow[],
    { cancelled_reason: number | null; n: number | string }[],
    {
      item_id: number;
      name: string | null;
      quantity: number | string | null;
      amount: number | string | null;
    }[],
    { hour: string; half: number | string; n: number | string }[],
  ];
  const current = figuresOf(rows, from, to);
  const previous = figuresOf(rows, addDays(from, -days), addDays(from, -1));
  const lastWeek = figuresOf(rows, addDays(from, -7), addDays(to, -7));

  const perHour = Array.from({ length: 24 }, () => 0);
  // 5 h 30 min on: a UTC hour's first half is India's hour + 5, its second half + 6.
  for (const h of hours) {
    const india = (Number(h.hour) + 5 + Number(h.half)) % 24;
    perHour[india] = (perHour[india] ?? 0) + Number(h.n);
  }
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
