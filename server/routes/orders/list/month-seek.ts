import { sql, type Expression, type SqlBool } from 'kysely';
import type { SqlDialect } from '../../../db/dialect';
import { flagOf } from '../../../lib/flags';
import { inScope, type Kdb, type Scope } from '../scope';
import { listConditions, type ListFilters } from './filters';

/*
 * Deep pages by date, sought by month (issue 24: page 20,000 of Delivered at 1,000,000
 * orders skipped ~290,000 index entries, 60–280 ms on SQLite, ~100 ms on PostgreSQL).
 * order_counts holds how many orders each month has per (store, status, payment type,
 * settled), so the month that holds a page's first row, and that row's place in it, are
 * known from a sum of counts; the page is then read with OFFSET inside that month only
 * (from the month's nearer end), on the same covering (…created_at, id, status, …)
 * indexes as any page by date. A month holds 1/24 of the bench's two years: the walk
 * shrinks from up to half the list to at most half a month's matches.
 */

/**
 * The lists this serves: by created date, no search, Upcoming or date range, within a
 * store or with a status (the sums then read a few rows a month, or one range of the
 * (status, month, …) index), and on PostgreSQL any such list. Over every store with no
 * status the sums read every row of order_counts (~50,000): on SQLite slower than the
 * plain walk of the date index from the nearer end (page 20,000 of every order, in-process:
 * 45 ms sought against 27 ms plain); on PostgreSQL the sums take ~11 ms and the plain walk
 * of 500,000 index entries ~40 (page 20,000 of every order over HTTP, p50: 39.9 → 17.6 ms;
 * oldest first 41.0 → 24.0; bench:deep, record 059).
 */
export function monthSeekable(q: ListFilters, sortKey: string, store: Scope, d: SqlDialect): boolean {
  return (
    sortKey === 'createdDate' &&
    !q.q &&
    !q.expectedAfter &&
    !q.dueBefore &&
    !q.from &&
    !q.to &&
    (store !== null || !!q.status?.length || d.name === 'postgres')
  );
}

/**
 * Below this many skipped matches OFFSET is cheaper than summing the months: the sums
 * read every month's order_counts rows (~2,000 a month over every store at 1,000,000
 * orders, ~10 ms on SQLite, what an OFFSET walk of ~50,000 index entries costs).
 */
export const MONTH_SEEK_FROM = 40_000;

/** Where a page lies: its months as a date range, and the OFFSET within them, in `order`. */
export interface MonthWindow {
  /** The filters with the window's whole UTC months as `createdFrom`/`createdBefore`. */
  q: ListFilters;
  order: 'asc' | 'desc';
  skip: number;
  limit: number;
}

/** The first instant (UTC ISO) of UTC month 'YYYY-MM' (order_counts' months), or of the month after. */
function monthStart(month: string, after = false): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - (after ? 0 : 1), 1)).toISOString();
}

/**
 * Counts of the matching orders per month, oldest first: order_counts' months, less the
 * orders newer than the snapshot (`upto`: a short walk of the newest ids, as the total).
 */
async function monthCounts(db: Kdb, q: ListFilters, store: Scope, d: SqlDialect) {
  const counted = db
    .selectFrom('order_counts')
    .select(['month', (eb) => eb.fn.sum<number>('n').as('n')])
    .where((eb) => {
      const and: Expression<SqlBool>[] = [eb('month', '>', '')];
      and.push(...inScope(store, { column: 'store_user_id' }));
      // Within a store the primary key (month, store, …) reads a few rows a month; over
      // every store the (status, month, …, n) index of migration 0011 serves the sums. On
      // SQLite the status is hidden within a store, so the planner keeps the first.
      const status = sql<number>`${sql.ref('status')}`;
      if (q.status?.length) and.push(eb(store === null ? status : d.hide(status), 'in', q.status));
      if (q.paymentType) and.push(eb('payment_type', '=', q.paymentType));
      if (q.isSettled) and.push(eb('is_settled', '=', flagOf(q.isSettled)));
      return eb.and(and);
    })
    .groupBy('month')
    .orderBy('month')
    .execute();
  const newer =
    q.upto === undefined
      ? []
      : db
          .selectFrom('orders')
          .select([
            sql<string>`substr(${sql.ref('orders.created_at')}, 1, 7)`.as('month'),
            (eb) => eb.fn.countAll<number>().as('n'),
          ])
          .where('orders.id', '>', q.upto)
          .where((eb) => eb.and(inScope(store)))
          .where(listConditions({ ...q, upto: undefined }, null, { db, d, way: 'scan', hideAll: true }))
          .groupBy(sql`substr(${sql.ref('orders.created_at')}, 1, 7)`)
          .execute();
  const [months, late] = await Promise.all([counted, newer]);
  const less = new Map(late.map((r) => [r.month, Number(r.n)]));
  return months.map((r) => ({ month: r.month, n: Number(r.n) - (less.get(r.month) ?? 0) }));
}

/**
 * The window of whole months holding rows `offset`…`offset + limit - 1` of the list in
 * `order`, and where they lie in it (read from the window's nearer end); undefined when the
 * months do not add up to `total` (a row dated outside 'YYYY-MM-…'), so the caller pages
 * the plain way.
 */
export async function monthWindow(
  db: Kdb,
  q: ListFilters,
  store: Scope,
  d: SqlDialect,
  order: 'asc' | 'desc',
  offset: number,
  limit: number,
  total: number,
): Promise<MonthWindow | undefined> {
  const months = await monthCounts(db, q, store, d);
  if (months.reduce((sum, m) => sum + m.n, 0) !== total) return undefined;
  if (order === 'desc') months.reverse();
  let before = 0;
  let first = -1;
  let last = -1;
  let inWindow = 0;
  for (const [i, m] of months.entries()) {
    if (first < 0 && before + m.n > offset) first = i;
    if (first >= 0) inWindow += m.n;
    if (first < 0) before += m.n;
    if (first >= 0 && before + inWindow >= offset + limit) {
      last = i;
      break;
    }
  }
  if (first < 0 || last < 0) return undefined;
  const ends = [months[first]!.month, months[last]!.month].sort();
  // Instants, not days: the list's days are India days, order_counts' months UTC ones.
  const days = { ...q, createdFrom: monthStart(ends[0]!), createdBefore: monthStart(ends[1]!, true) };
  const skip = offset - before;
  const fromEnd = inWindow - skip - limit;
  return fromEnd < skip
    ? { q: days, order: order === 'asc' ? 'desc' : 'asc', skip: fromEnd, limit }
    : { q: days, order, skip, limit };
}
