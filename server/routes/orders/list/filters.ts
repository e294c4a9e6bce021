import { sql, type Expression, type SqlBool } from 'kysely';
import { UPCOMING_STATUSES, type OrderStatus } from '#contract/enums';
import type { OrderListQuery } from '#contract/lists';
import { ORDER_NUMBER_PREFIX } from '#contract/orders';
import { indiaDay, indiaDayEnd, indiaDayStart } from '#contract/reports';
import type { SqlDialect } from '../../../db/dialect';
import { CLOSED_KEY, timeLeftKeySql } from '../../../db/migrations/0016-order-due';
import { flagOf } from '../../../lib/flags';
import { inScope, type Kdb, type OrdersEb, type Scope } from '../scope';
import type { PlanWay } from './plan';
import { searchIds, searchWays } from './search/terms';

/**
 * The list query as the SQL reads it: upcoming=Yes becomes its statuses (within any the
 * caller chose) and `expectedAfter`, the day after which the expected delivery falls;
 * overdue=Yes becomes the open statuses and `dueBefore`, now: the time-left key before it
 * (migration 0016). `dueFrom` (counting only): open orders not yet late at that instant.
 * `createdFrom`/`createdBefore` (the month seek's window, in place of `from`/`to`): created
 * at or after, and before, these instants (UTC ISO; order_counts' UTC months).
 */
export type ListFilters = OrderListQuery & {
  expectedAfter?: string;
  dueBefore?: string;
  dueFrom?: string;
  createdFrom?: string;
  createdBefore?: string;
};

/** Spelled filters: upcoming and overdue as statuses and bounds. */
type Spelled<Q> = Q & { expectedAfter?: string; dueBefore?: string };

/**
 * Whether a search finds every order: every order number starts with ORD, and the search
 * matches a number that starts with the text in capitals ("o", "Or", "ord"). Such a search
 * narrows nothing, and the list treats it as none: counting a million matches of "O" as a
 * union of ranges cost 25 ms a page at 1,000,000 orders (issue 18 item 4).
 */
export const findsEveryOrder = (text: string | undefined) =>
  !!text && ORDER_NUMBER_PREFIX.startsWith(text.toUpperCase());

/**
 * `q` with upcoming=Yes spelled out for today in India at `now` (ms; DECISIONS §9: the
 * expected delivery date after that India day) and overdue=Yes for `now`, and a search that
 * finds every order dropped (findsEveryOrder); null when nothing can match.
 */
export function spellUpcoming<Q extends Pick<OrderListQuery, 'upcoming' | 'overdue' | 'status'>>(
  asked: Q,
  now: number,
): Spelled<Q> | null {
  const q = findsEveryOrder((asked as { q?: string }).q) ? { ...asked, q: '' } : asked;
  if (q.upcoming !== 'Yes' && q.overdue !== 'Yes') return q;
  const open: readonly OrderStatus[] = UPCOMING_STATUSES;
  const status = (q.status ?? open).filter((s) => open.includes(s));
  if (!status.length) return null;
  const out: Spelled<Q> = { ...q, upcoming: undefined, overdue: undefined, status };
  if (q.upcoming === 'Yes') out.expectedAfter = indiaDay(now);
  if (q.overdue === 'Yes') out.dueBefore = new Date(now).toISOString();
  return out;
}

/** The sort columns whose index also serves a filter on them (status, created date, time left). */
export type Served = 'status' | 'created_at' | 'time_left' | undefined;

/** The time-left key as a query spells it (the indexes' expression, migration 0016). */
export const TIME_LEFT_KEY = sql<string>`${sql.raw(timeLeftKeySql('orders.'))}`;

/**
 * The created-date range of q as instants (UTC ISO), [start, end): `from` and `to` are India
 * days (DECISIONS §9), from `from`'s midnight in India (18:30 UTC the day before) to the
 * midnight after `to`; the month seek's window gives its instants itself. Either end may be open.
 */
export function createdRange(q: Partial<ListFilters>): { start?: string; end?: string } {
  return {
    start: q.createdFrom ?? (q.from ? indiaDayStart(q.from) : undefined),
    end: q.createdBefore ?? (q.to ? indiaDayEnd(q.to) : undefined),
  };
}

/** What the list filters on, after scoping (the caller's store wins over `store`). */
export function listConditions(
  q: Partial<ListFilters>,
  store: Scope,
  opts: { db: Kdb; d: SqlDialect; way?: PlanWay; served?: Served; noDates?: boolean; hideAll?: boolean },
) {
  const { db, d } = opts;
  const way = opts.way ?? 'seek';
  return (eb: OrdersEb): Expression<SqlBool> => {
    // Upcoming leads alone (orders_upcoming: statuses and expected date; the store is
    // tested in the index, a store's status index would read every open order of the
    // store; a search is tested on its few rows); else a search that seeks leads alone.
    // A scan leaves the filters to the sort's index, which serves the store and its own
    // column only.
    type Column =
      | 'store_user_id'
      | 'status'
      | 'payment_type'
      | 'is_settled'
      | 'created_at'
      | 'expected_delivery_date'
      | 'time_left';
    // Overdue without a search leads with the time-left index alone (its key range), a
    // store's with (store, key) of orders_store_time_left: with the store hidden, SQLite
    // skip-scanned that index over every store (the largest store's page 200: 11.7 ms
    // against 3.6, record 078). So does the count of orders not yet late, a search or not
    // (few: the next hours' promises).
    const seekHides = (name: Column) =>
      q.expectedAfter
        ? name !== 'status' && name !== 'expected_delivery_date'
        : q.dueFrom
          ? name !== 'time_left'
          : q.q
            ? true
            : q.dueBefore
              ? name !== 'time_left' && name !== 'store_user_id'
              : false;
    const hide = (name: Column) =>
      opts.hideAll || (way === 'scan' ? name !== 'store_user_id' && name !== opts.served : seekHides(name));
    const col = <T>(name: Column) => {
      const ref = sql<T>`${sql.ref(`orders.${name}`)}`;
      return hide(name) ? d.hide(ref) : ref;
    };
    const and: Expression<SqlBool>[] = [...inScope(store, hide('store_user_id') ? { hiddenBy: d } : {})];
    // The time-left key is open orders' alone: with every open status chosen, a status term
    // would only say it again (and PostgreSQL, multiplying the two, expected 7,566 rows of
    // 86,288 and read the heap for each instead of the key's covering index).
    const keyImpliesStatus =
      (q.dueBefore || q.dueFrom) && UPCOMING_STATUSES.every((s) => q.status?.includes(s));
    if (q.status?.length && !keyImpliesStatus)
      and.push(
        q.status.length === 1
          ? eb(col<number>('status'), '=', q.status[0]!)
          : eb(col<number>('status'), 'in', q.status),
      );
    if (q.paymentType) and.push(eb(col<string>('payment_type'), '=', q.paymentType));
    if (q.isSettled) and.push(eb(col<number>('is_settled'), '=', flagOf(q.isSettled)));
    // Instants are fixed-width UTC ISO text, so whole India days are a text range.
    const { start, end } = opts.noDates ? {} : createdRange(q);
    if (start) and.push(eb(col<string>('created_at'), '>=', start));
    if (end) and.push(eb(col<string>('created_at'), '<', end));
    // The snapshot: hidden on SQLite so the id range never leads the plan (the page's
    // index walk tests it from the index entry, which ends with the id).
    if (q.upto !== undefined) and.push(eb(d.hide(sql<number>`${sql.ref('orders.id')}`), '<=', q.upto));
    if (q.expectedAfter) and.push(eb(col<string>('expected_delivery_date'), '>', q.expectedAfter));
    if (q.dueBefore || q.dueFrom) {
      const key = hide('time_left') ? d.hide(TIME_LEFT_KEY) : TIME_LEFT_KEY;
      if (q.dueBefore) and.push(eb(key, '<', q.dueBefore));
      if (q.dueFrom) and.push(eb(key, '>=', q.dueFrom), eb(key, '<', CLOSED_KEY));
    }
    if (q.q)
      and.push(
        q.expectedAfter || q.dueFrom
          ? eb.or(searchWays(q.q, d, true))
          : way === 'seek'
            ? d.idAmong(sql.ref('orders.id'), searchIds(db, q.q, store, d))
            : // Many matches: the terms are tested on each row the sort's index walks (hidden
              // on both engines, so neither planner leads with them: search/terms.ts).
              eb.or(searchWays(q.q, d, true)),
      );
    return eb.and(and);
  };
}
