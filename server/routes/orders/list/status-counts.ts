import { sql } from 'kysely';
import { DELIVERED_STATUS, UPCOMING_STATUSES } from '#contract/enums';
import type { OrderStatusCountsQuery } from '#contract/lists';
import { ORDER_STATUS_CODES, type OrderStatusCounts } from '#contract/orders';
import { dialectOf, type SqlDialect } from '../../../db/dialect';
import type { Kdb, Scope } from '../scope';
import { listConditions, spellUpcoming, type ListFilters } from './filters';
import { countOf, countSearchBy, type Counter } from './search/count';
import { initialCounts, initialOf } from './search/initials';
import { betweenWhere, countByDates, countMatching, monthsWhere, searchFilters, type Tally } from './totals';

type PerStatus = [number, number, number, number, number];

/** One count per status code from rows of (status, n). */
const perStatus = (rows: { status: number; n: number | string | null }[]): PerStatus => {
  const out: PerStatus = [0, 0, 0, 0, 0];
  for (const row of rows) out[row.status] = (out[row.status] ?? 0) + Number(row.n ?? 0);
  return out;
};

const zip = (a: PerStatus, b: PerStatus, f: (x: number, y: number) => number) =>
  a.map((x, i) => f(x, b[i]!)) as PerStatus;
const ZERO: PerStatus = [0, 0, 0, 0, 0];
const add = (a: PerStatus, b: PerStatus) => zip(a, b, (x, y) => x + y);
const sub = (a: PerStatus, b: PerStatus) => zip(a, b, (x, y) => x - y);

/** A search's parts counted once each, grouped by status (countSearchBy). */
const statusCounter = (db: Kdb): Counter<PerStatus> => ({
  of: async (where) =>
    perStatus(
      await db
        .selectFrom('orders')
        .select((eb) => ['orders.status', eb.fn.countAll<number>().as('n')])
        .where(where)
        .groupBy('orders.status')
        .execute(),
    ),
  zero: ZERO,
  add,
  sub,
  total: (n) => n.reduce((a, x) => a + x, 0),
});

/** countByDates' reads grouped by status: each edge of a range and each months' sum read once for every tab. */
function statusTally(db: Kdb, q: ListFilters, store: Scope, d: SqlDialect): Tally<PerStatus> {
  return {
    db,
    zero: ZERO,
    add,
    sub,
    between: async (from, to) =>
      perStatus(
        await db
          .selectFrom('orders')
          .select((eb) => ['orders.status', eb.fn.countAll<number>().as('n')])
          .where(betweenWhere(db, q, store, d, from, to))
          .groupBy('orders.status')
          .execute(),
      ),
    months: async (months) =>
      perStatus(
        await db
          .selectFrom('order_counts')
          .select((eb) => ['status', eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n')])
          .where(monthsWhere(q, store, months))
          .groupBy('status')
          .execute(),
      ),
  };
}

/**
 * The status tabs' counts (issue 15 item 1): the list's total under its other filters,
 * search and snapshot, for every status, each status, and Upcoming — each the very count
 * the list shows as its total when that tab is picked. Without a search or a snapshot the
 * five statuses come from one set of reads grouped by status (countByDates: order_counts
 * sums, a date range's edges walked once; on SQLite only without dates) and All is their
 * sum; otherwise each tab is the
 * list's total (countMatching), Delivered as All less the other four (every order has one
 * status; Delivered, ~80 % of orders, is the dearest to count in a search). Upcoming is
 * counted from orders_upcoming, Overdue from the time-left index (countMatching).
 */
export async function statusCounts(
  db: Kdb,
  asked: OrderStatusCountsQuery,
  store: Scope,
  now: number,
): Promise<OrderStatusCounts> {
  const d = dialectOf(db);
  const base = { ...asked, status: undefined, upcoming: undefined, overdue: undefined } as ListFilters;
  const upcomingQuery = spellUpcoming({ ...base, upcoming: 'Yes' as const }, now);
  // Overdue is the open tabs' orders less the open ones not late yet (a short range of the
  // time-left index, migration 0016): the three open counts are at hand already.
  const notYetLate = listConditions(
    { ...base, status: [...UPCOMING_STATUSES], dueFrom: new Date(now).toISOString() },
    store,
    { db, d },
  );
  const special = async () => {
    const upcoming = () => (upcomingQuery ? countMatching(db, upcomingQuery, store, d) : Promise.resolve(0));
    if (d.name === 'postgres') return Promise.all([upcoming(), countOf(db, notYetLate)]);
    return [await upcoming(), await countOf(db, notYetLate)] as const;
  };
  const overdueOf = (byStatus: PerStatus, notYet: number) => byStatus[0] + byStatus[1] + byStatus[2] - notYet;

  // Grouped reads where they were measured faster (bench:tabs): PostgreSQL always; SQLite
  // only without a date range (a grouped walk of a store's range edges took 13 ms p50 where
  // the per-tab counts, each planned with its hidden terms, took 5).
  const grouped = d.name === 'postgres' || (!base.from && !base.to);
  if (!base.q && base.upto === undefined && grouped) {
    const [byStatus, [up, notYet]] = await Promise.all([
      countByDates(base, statusTally(db, base, store, d)),
      special(),
    ]);
    const overdue = overdueOf(byStatus, notYet);
    return { all: byStatus.reduce((a, n) => a + n, 0), byStatus, upcoming: up, overdue };
  }

  // A search (no snapshot): each of its parts walked once, grouped by status, not once a tab.
  if (base.q && base.upto === undefined) {
    // One letter or digit with no other filter: the kept counts (migration 0023).
    const initial = initialOf(base);
    const [byStatus, [up, notYet]] = await Promise.all([
      initial === undefined
        ? countSearchBy(statusCounter(db), db, base.q, store, d, searchFilters(base, d, db))
        : initialCounts(db, initial, store).then((counts) =>
            perStatus([...counts].map(([status, n]) => ({ status, n }))),
          ),
      special(),
    ]);
    const overdue = overdueOf(byStatus, notYet);
    return { all: byStatus.reduce((a, n) => a + n, 0), byStatus, upcoming: up, overdue };
  }

  const counted = ORDER_STATUS_CODES.filter((status) => status !== DELIVERED_STATUS);
  const tabs = [base, ...counted.map((status) => ({ ...base, status: [status] }))];
  const count = (q: ListFilters) => countMatching(db, q, store, d);
  // SQLite answers one statement at a time whatever is asked; PostgreSQL runs them side by side.
  const counts =
    d.name === 'postgres'
      ? await Promise.all(tabs.map(count))
      : await tabs.reduce<Promise<number[]>>(
          async (done, q) => [...(await done), await count(q)],
          Promise.resolve([]),
        );
  const [all, s0, s1, s2, s4] = counts as [number, number, number, number, number];
  const [up, notYet] = await special();
  const byStatus: PerStatus = [s0, s1, s2, all - s0 - s1 - s2 - s4, s4];
  return { all, byStatus, upcoming: up, overdue: overdueOf(byStatus, notYet) };
}
