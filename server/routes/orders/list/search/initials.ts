import type { Kdb, Scope } from '../../scope';
import { inScope } from '../../scope';
import type { ListFilters } from '../filters';

/*
 * A one-character search counted from order_initial_counts (migration 0023): the counts
 * per store and status of the orders each one-character search finds, kept by triggers.
 * Walking the prefix indexes for "s" read a tenth of the orders (23 ms at 1,000,000 on
 * SQLite); these rows number at most stores × statuses per character.
 */

/**
 * What the list query may hold besides the search and statuses for the kept counts to answer
 * it. An admin's store filter arrives as the scope too (the routes pass `storeScope ?? store`).
 */
const ANSWERED = new Set(['q', 'status', 'store', 'sort', 'order', 'page', 'pageSize']);

/**
 * The initial a search's count may be read by: the search is one ASCII letter or digit
 * (lowered as the search lowers it) and nothing but statuses filters it. Any other filter
 * (payment, dates, a snapshot, Upcoming, Overdue, whatever is added later) is counted by
 * walking the indexes as before: undefined.
 */
export function initialOf(q: ListFilters): string | undefined {
  if (!q.q || !/^[A-Za-z0-9]$/.test(q.q)) return undefined;
  for (const [key, value] of Object.entries(q))
    if (!ANSWERED.has(key) && value !== undefined && value !== '' && !(Array.isArray(value) && !value.length))
      return undefined;
  return q.q.toLowerCase();
}

/** How many orders the one-character search `ch` finds within the scope, per status code. */
export async function initialCounts(db: Kdb, ch: string, store: Scope): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('order_initial_counts')
    .select((eb) => ['status', eb.fn.sum<number | string>('n').as('n')])
    .where((eb) => eb.and([eb('ch', '=', ch), ...inScope(store, { column: 'store_user_id' })]))
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** The one-character search's total within the scope and statuses (every status: none given). */
export async function countInitial(
  db: Kdb,
  ch: string,
  store: Scope,
  statuses: readonly number[] | undefined,
): Promise<number> {
  let total = 0;
  for (const [status, n] of await initialCounts(db, ch, store))
    if (!statuses?.length || statuses.includes(status)) total += n;
  return total;
}
