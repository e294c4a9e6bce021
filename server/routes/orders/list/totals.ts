import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { SqlDialect } from '../../../db/dialect';
import type { Database } from '../../../db/schema';
import { flagOf } from '../../../lib/flags';
import { inScope, type Kdb, type OrdersWhere, type Scope } from '../scope';
import { countNewer } from './changes';
import { createdRange, listConditions, type ListFilters } from './filters';
import { countOf, countSearch } from './search/count';
import { countInitial, initialOf } from './search/initials';
import type { SideCounts } from './search/parts';

/** 'YYYY-MM' plus `delta` months. */
function addMonths(month: string, delta: number): string {
  const d = new Date(`${month}-01T00:00:00.000Z`);
  d.setUTCMonth(d.getUTCMonth() + delta);
  return d.toISOString().slice(0, 7);
}

/**
 * How many orders match, exactly, without counting every order. Without a search, the
 * filters sum order_counts (all time, or the whole months the dates cover, or all time
 * less the months outside them); only the partial months at the edges of a date range
 * (India days: its edges fall at 18:30 UTC, order_counts' months are UTC) are counted, from the covering (…created_at, status, payment_type, is_settled) indexes,
 * inside or outside the range, whichever is fewer days. A search counts its matches (from
 * the prefix indexes alone when nothing else filters). Upcoming (statuses 0–2, expected
 * after today) is counted from `orders_upcoming` (migration 0005), as the dashboard counts
 * its card: the set of orders still to come is small, and order_counts cannot hold it
 * ("after today" moves every day).
 */
export async function countMatching(
  db: Kdb,
  q: ListFilters,
  store: Scope,
  d: SqlDialect,
  seen?: SideCounts,
): Promise<number> {
  // A snapshot's total: everything matching, less what arrived after it (a short walk of
  // the newest ids; the operator's snapshot is seconds or minutes old).
  if (q.upto !== undefined) {
    const [all, newer] = await Promise.all([
      countMatching(db, { ...q, upto: undefined }, store, d, seen),
      countNewer(db, q, store, d, q.upto),
    ]);
    return all - newer;
  }
  const countWhere = (where: OrdersWhere) => countOf(db, where);
  // Upcoming: the orders still to come, counted from orders_upcoming (few; see above),
  // a search tested on each.
  if (q.expectedAfter) return countWhere(listConditions(q, store, { db, d }));
  // Overdue: the open orders (order_counts, or a search's matches among them from its
  // covering indexes) less those not late yet, a short range of the time-left index (a
  // promise after now; a search tested on each) — not the late ones, which pile up (every
  // old order left open) and whose promise no other index holds.
  if (q.dueBefore) {
    const open = { ...q, dueBefore: undefined };
    const [all, notYet] = await Promise.all([
      countMatching(db, open, store, d),
      countWhere(listConditions({ ...open, dueFrom: q.dueBefore }, store, { db, d })),
    ]);
    return all - notYet;
  }
  if (q.q) {
    // One letter or digit with no filter but statuses: the kept counts (migration 0023).
    const initial = initialOf(q);
    if (initial !== undefined) return countInitial(db, initial, store, q.status);
    return countSearch(db, q.q, store, d, searchFilters(q, d, db), seen);
  }

  return countByDates(q, dateTally(db, q, store, d, countWhere));
}

/** A search's other filters, as a seeking search writes them (they never lead); none: undefined. */
export function searchFilters(q: ListFilters, d: SqlDialect, db: Kdb): OrdersWhere | undefined {
  const others =
    q.status?.length ||
    q.paymentType ||
    q.isSettled ||
    q.from ||
    q.to ||
    q.createdFrom ||
    q.createdBefore ||
    q.dueBefore;
  return others ? listConditions({ ...q, q: '' }, null, { db, d, hideAll: true }) : undefined;
}

/**
 * The two reads a date-range count adds up, and how: `between` counts the orders created in
 * [from, to) from the covering (…created_at, status, payment_type, is_settled) indexes;
 * `months` sums order_counts. N is one number (the list's total) or one per status (the
 * status tabs: the same walks, grouped by status, so each edge is walked once, not per tab).
 */
export interface Tally<N> {
  db: Kdb;
  zero: N;
  add(a: N, b: N): N;
  sub(a: N, b: N): N;
  between(from: string | undefined, to: string | undefined): Promise<N>;
  months(months: { all: true } | { from?: string; to?: string }): Promise<N>;
}

/** The filters of q (all but the dates) on order_counts' rows. */
export function monthsWhere(
  q: ListFilters,
  store: Scope,
  months: { all: true } | { from?: string; to?: string },
) {
  return (eb: ExpressionBuilder<Database, 'order_counts'>) => {
    const and: Expression<SqlBool>[] = [];
    if ('all' in months) and.push(eb('month', '=', ''));
    else {
      and.push(eb('month', '>', ''));
      if (months.from) and.push(eb('month', '>=', months.from));
      if (months.to) and.push(eb('month', '<=', months.to));
    }
    and.push(...inScope(store, { column: 'store_user_id' }));
    if (q.status?.length) and.push(eb('status', 'in', q.status));
    if (q.paymentType) and.push(eb('payment_type', '=', q.paymentType));
    if (q.isSettled) and.push(eb('is_settled', '=', flagOf(q.isSettled)));
    return eb.and(and);
  };
}

/** The orders of q (all but the dates) created in [from, to). */
export function betweenWhere(
  db: Kdb,
  q: ListFilters,
  store: Scope,
  d: SqlDialect,
  from: string | undefined,
  to: string | undefined,
): OrdersWhere {
  return (eb) =>
    eb.and([
      listConditions(q, store, { db, d, noDates: true })(eb),
      ...(from ? [eb('orders.created_at', '>=', from)] : []),
      ...(to ? [eb('orders.created_at', '<', to)] : []),
    ]);
}

/** The list's total as one number. */
function dateTally(
  db: Kdb,
  q: ListFilters,
  store: Scope,
  d: SqlDialect,
  countWhere: (where: OrdersWhere) => Promise<number>,
): Tally<number> {
  return {
    db,
    zero: 0,
    add: (a, b) => a + b,
    sub: (a, b) => a - b,
    between: (from, to) => countWhere(betweenWhere(db, q, store, d, from, to)),
    months: async (months) => {
      const row = await db
        .selectFrom('order_counts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n'))
        .where(monthsWhere(q, store, months))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/**
 * How many orders q's created-date range holds (with its other filters), never counting
 * every order: whole months from order_counts, and only the partial months at the range's
 * edges from the orders indexes, each from its smaller side. The range is instants
 * (createdRange: India days), the months UTC: even a range of whole India months has two
 * edges, the 5 h 30 min from 18:30 UTC to the UTC midnight before each end, each a short
 * walk of the index.
 */
export async function countByDates<N>(q: ListFilters, t: Tally<N>): Promise<N> {
  const { start, end } = createdRange(q);
  if (!start && !end) return t.months({ all: true });
  // Whole months inside [start, end) from order_counts, and the partial months at either end
  // counted from the covering (…created_at, status, payment_type, is_settled) indexes.
  // Each costs what it reads, so each is read from its smaller side: every month of
  // order_counts costs a sum of its rows, so months up to a recent `to` are all time less
  // the months after it; an edge month counts its days inside the range or, when fewer,
  // the month's total less its days outside (at most half a month of index entries).
  const monthStart = (month: string) => `${month}-01T00:00:00.000Z`;
  const partial = async (month: string, from?: string, to?: string): Promise<N> => {
    const end = monthStart(addMonths(month, 1));
    const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
    if (days(from ?? monthStart(month), to ?? end) * 2 <= days(monthStart(month), end))
      return t.between(from ?? monthStart(month), to ?? end);
    const [whole, before, after] = await Promise.all([
      t.months({ from: month, to: month }),
      from ? t.between(monthStart(month), from) : t.zero,
      to ? t.between(to, end) : t.zero,
    ]);
    return t.sub(t.sub(whole, before), after);
  };
  const wholeMonths = async (from?: string, to?: string): Promise<N> => {
    if (from && to && from > to) return t.zero;
    const span = (a: string, b: string) =>
      (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 +
      Number(b.slice(5, 7)) -
      Number(a.slice(5, 7)) +
      1;
    if (from && to && span(from, to) <= 3) return t.months({ from, to });
    const extent = await t.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('order_counts')
          .select((e) => e.fn.min('month').as('m'))
          .where('month', '>', '')
          .as('first'),
        eb
          .selectFrom('order_counts')
          .select((e) => e.fn.max('month').as('m'))
          .as('last'),
      ])
      .executeTakeFirstOrThrow();
    const { first, last } = extent as { first: string | null; last: string | null };
    if (!first || !last) return t.zero;
    const lo = from && from > first ? from : first;
    const hi = to && to < last ? to : last;
    if (lo > hi) return t.zero;
    if (span(lo, hi) <= span(first, last) - span(lo, hi) + 1) return t.months({ from: lo, to: hi });
    const [all, before, after] = await Promise.all([
      t.months({ all: true }),
      lo > first ? t.months({ to: addMonths(lo, -1) }) : t.zero,
      hi < last ? t.months({ from: addMonths(hi, 1) }) : t.zero,
    ]);
    return t.sub(t.sub(all, before), after);
  };

  const startMonth = start?.slice(0, 7);
  const endMonth = end?.slice(0, 7);
  const headCut = !!start && start !== monthStart(startMonth!);
  const tailCut = !!end && end !== monthStart(endMonth!);
  if (headCut && tailCut && startMonth === endMonth) return partial(startMonth!, start, end);
  const fullFrom = startMonth && (headCut ? addMonths(startMonth, 1) : startMonth);
  const fullTo = endMonth && addMonths(endMonth, -1);
  const [months, head, tail] = await Promise.all([
    wholeMonths(fullFrom, fullTo),
    headCut ? partial(startMonth!, start) : t.zero,
    tailCut ? partial(endMonth!, undefined, end) : t.zero,
  ]);
  return t.add(t.add(months, head), tail);
}
