import { sql, type Expression, type SqlBool } from 'kysely';
import type { SqlDialect } from '../../../../db/dialect';
import { inScope, type Kdb, type OrdersEb, type OrdersWhere, type Scope } from '../../scope';
import { cheaperSide } from '../plan';
import { searchTerms } from './terms';

/** Not `e`: the columns are NOT NULL, so NOT of a range is exactly "outside the range". */
export const not = (e: Expression<SqlBool>) => sql<SqlBool>`not ${e}`;
/** Any of `es`. */
export const anyOf = (es: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(es, sql` or `)})`;

/**
 * The search's ways as disjoint parts, each led by its own index: the name prefix; the
 * rest-of-name prefix without the name prefix (both ranges of covering indexes that
 * hold the other part's column, the filter columns, created_at and id: a common name or
 * surname matches very many); then order numbers and phones without the name ways (few
 * matches, tested on the row). Disjoint, they are counted and paged without uniting ids:
 * a UNION sorts every match into a temporary b-tree and then reads each match's row.
 */
export function searchParts(db: Kdb, text: string, store: Scope, d: SqlDialect, filters?: OrdersWhere) {
  const t = searchTerms(text, d);
  // Order numbers and phones: on SQLite their ids first, one range per select (with an
  // OR of the ranges, or with the name terms in the same WHERE, SQLite walked the whole
  // store in orders_store_name_rest_cover), then the name ways tested on those few rows.
  // UNION ALL: IN takes each id once anyway; a UNION's merge wanted both sides in id order,
  // and SQLite read one of them by scanning the whole table ("ORD05": 217 ms against 104).
  const seekFirst = (leads: Expression<SqlBool>[]) => {
    if (d.name === 'postgres') return anyOf(leads);
    const [first, ...more] = leads.map((lead) =>
      db
        .selectFrom('orders')
        .select('orders.id')
        .where((eb) => eb.and([lead, ...inScope(store)])),
    );
    return sql<SqlBool>`${sql.ref('orders.id')} in (${more.reduce((all, next) => all.unionAll(next), first!)})`;
  };
  const parts: Expression<SqlBool>[][] = [
    [t.name],
    [t.rest, not(t.name)],
    [seekFirst(t.numbers), not(t.name), not(t.rest)],
    ...(t.phone ? [[seekFirst([t.phone]), not(anyOf(t.numbers)), not(t.name), not(t.rest)]] : []),
    // The phone's last digits: disjoint from every way before it, last (countSearch adds it).
    ...(t.phoneEnd
      ? [
          [
            seekFirst([t.phoneEnd]),
            not(anyOf(t.numbers)),
            ...(t.phone ? [not(t.phone)] : []),
            not(t.name),
            not(t.rest),
          ],
        ]
      : []),
  ];
  return parts.map(
    (part, i) =>
      (eb: OrdersEb): Expression<SqlBool> =>
        eb.and([
          ...part,
          ...inScope(store, i >= 2 ? { hiddenBy: d } : {}),
          ...(filters ? [filters(eb)] : []),
        ]),
  );
}

/**
 * SQLite: the two name ways as ranges of their own indexes, overlapping. The rest-of-name
 * part's `not (name prefix)` cannot be tested from the store's rest-of-name index (it has
 * no lower(name): SQLite read each match's row) and costs a test per entry in the
 * all-stores one. Instead each range is counted alone (index only) and the orders in both
 * are sought from the cheaper side (plan.ts cheaperSide), the other side's term tested on
 * it (hidden from the planner): none at all when either range is empty, as for a first
 * name ("anil") or a surname ("reddy").
 */
export function nameSides(text: string, store: Scope, d: SqlDialect, filters?: OrdersWhere) {
  const t = searchTerms(text, d);
  const h = searchTerms(text, d, true);
  const where =
    (...terms: Expression<SqlBool>[]) =>
    (eb: OrdersEb): Expression<SqlBool> =>
      eb.and([...terms, ...inScope(store), ...(filters ? [filters(eb)] : [])]);
  return {
    name: where(t.name),
    rest: where(t.rest),
    /** The orders in both ranges, sought from `from`'s range. */
    both: (from: 'name' | 'rest') => (from === 'name' ? where(t.name, h.rest) : where(t.rest, h.name)),
    /** Which range to seek the orders in both from. */
    cheaper: (name: number, rest: number) => cheaperSide(name, rest, store === null),
  };
}

/**
 * The name and rest-of-name range counts a total just made (SQLite), so the page that
 * follows in the same listPage call need not count them again (two statements). Without
 * a snapshot they are the page's own; with one (`upto`) they include the orders after
 * it: a range empty then is empty within it.
 */
export interface SideCounts {
  name?: number;
  rest?: number;
}
