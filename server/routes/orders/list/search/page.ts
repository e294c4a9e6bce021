import { sql, type SqlBool } from 'kysely';
import type { SqlDialect } from '../../../../db/dialect';
import type { Kdb, OrdersWhere, Scope } from '../../scope';
import { countOf } from './count';
import { nameSides, searchParts, type SideCounts } from './parts';

/** Side counts a page takes for itself stop here: past it, the exact count cannot change the plan. */
const SIDE_COUNT_CAP = 1000;

/**
 * SQLite: searchParts for a page, the rest-of-name part without the name prefix's
 * orders as cheaply as nameSides allows: both ranges' counts come from the total just
 * made (SideCounts), else are counted up to SIDE_COUNT_CAP entries; when either is empty,
 * the rest part is its bare range; within a store, when the name range is the smaller,
 * the orders in both are sought from it once and left out by id.
 */
export async function datePartsSqlite(
  db: Kdb,
  text: string,
  store: Scope,
  d: SqlDialect,
  filters?: OrdersWhere,
  seen?: SideCounts,
) {
  const parts = searchParts(db, text, store, d, filters);
  const sides = nameSides(text, store, d, filters);
  const known = seen?.name !== undefined && seen.rest !== undefined;
  // Over every store only emptiness matters below (the cheaper side is a store's choice):
  // one match is enough to know. "Anil" + Overdue counted 1,000 name matches, each tested
  // on its row, for that: 1.95 ms of the page's 9.7 (record 078).
  const cap = store === null ? 1 : SIDE_COUNT_CAP;
  const [name, rest] = known
    ? [seen.name!, seen.rest!]
    : await Promise.all([countOf(db, sides.name, cap), countOf(db, sides.rest, cap)]);
  let restPart = parts[1]!;
  if (name === 0 || rest === 0) restPart = sides.rest;
  else if (store !== null && (known || name < SIDE_COUNT_CAP) && sides.cheaper(name, rest) === 'name') {
    const both = db.selectFrom('orders').select('orders.id').where(sides.both('name'));
    restPart = (eb) =>
      eb.and([sides.rest(eb), sql<SqlBool>`${d.hide(sql.ref('orders.id'))} not in (${both})`]);
  }
  return [parts[0]!, restPart, ...parts.slice(2)];
}

/**
 * A page of the search's matches by created date: each part's (created_at, id) from its
 * index, all parts together (disjoint: UNION ALL), the page taken from them. No row is
 * read until the page's own.
 */
export function searchPageByDate(
  db: Kdb,
  text: string,
  store: Scope,
  d: SqlDialect,
  filters: OrdersWhere | undefined,
  dir: 'asc' | 'desc',
  limit: number,
  skip: number,
  parts = searchParts(db, text, store, d, filters),
) {
  const [first, ...others] = parts.map((part) =>
    db.selectFrom('orders').select(['orders.id', 'orders.created_at']).where(part),
  );
  const all = others.reduce((acc, next) => acc.unionAll(next), first!);
  return db
    .selectFrom(all.as('found'))
    .select('found.id')
    .orderBy('found.created_at', dir)
    .orderBy('found.id', dir)
    .limit(limit)
    .offset(skip);
}
