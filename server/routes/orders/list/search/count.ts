import { type Expression, type SqlBool } from 'kysely';
import type { SqlDialect } from '../../../../db/dialect';
import { inScope, type Kdb, type OrdersEb, type OrdersWhere, type Scope } from '../../scope';
import { anyOf, nameSides, not, searchParts, type SideCounts } from './parts';
import { searchTerms } from './terms';

/** How many orders `where` matches (at most `cap`, which stops the walk there). */
export const countOf = async (db: Kdb, where: OrdersWhere, cap?: number) => {
  const row = await (
    cap === undefined
      ? db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(where)
      : db
          .selectFrom(db.selectFrom('orders').select('orders.id').where(where).limit(cap).as('found'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
  ).executeTakeFirstOrThrow();
  return Number(row.n);
};

/**
 * How a search count adds up: one number (the list's total) or one per status (the status
 * tabs, each part walked once and grouped by status instead of once per tab). The plan's
 * choices compare totals; the arithmetic is element-wise.
 */
export interface Counter<N> {
  of(where: OrdersWhere): Promise<N>;
  zero: N;
  add(a: N, b: N): N;
  sub(a: N, b: N): N;
  total(n: N): number;
}

/** The list's total: plain numbers. */
export const numberCounter = (db: Kdb): Counter<number> => ({
  of: (where) => countOf(db, where),
  zero: 0,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  total: (n) => n,
});

/** How many orders the search finds within the scope (and `filters`): its parts' counts summed. */
export function countSearch(
  db: Kdb,
  text: string,
  store: Scope,
  d: SqlDialect,
  filters?: OrdersWhere,
  seen?: SideCounts,
): Promise<number> {
  return countSearchBy(numberCounter(db), db, text, store, d, filters, seen);
}

/** countSearch with any counter (numberCounter, or one per status). */
export async function countSearchBy<N>(
  c: Counter<N>,
  db: Kdb,
  text: string,
  store: Scope,
  d: SqlDialect,
  filters?: OrdersWhere,
  seen?: SideCounts,
): Promise<N> {
  if (d.name === 'sqlite') return countSearchSqlite(c, db, text, store, d, filters, seen);
  const [name, rest] = await Promise.all(
    searchParts(db, text, store, d, filters)
      .slice(0, 2)
      .map((part) => c.of(part)),
  );
  const byName = c.add(name!, rest!);
  return c.add(byName, await countNumbersAndPhones(c, db, text, store, c.total(byName), d, filters));
}

/** SQLite: countSearch by nameSides: name range + rest range − both, plus the other parts. */
async function countSearchSqlite<N>(
  c: Counter<N>,
  db: Kdb,
  text: string,
  store: Scope,
  d: SqlDialect,
  filters?: OrdersWhere,
  seen?: SideCounts,
): Promise<N> {
  const sides = nameSides(text, store, d, filters);
  const [name, rest] = await Promise.all([c.of(sides.name), c.of(sides.rest)]);
  const [nameN, restN] = [c.total(name), c.total(rest)];
  if (seen) Object.assign(seen, { name: nameN, rest: restN });
  const [both, others] = await Promise.all([
    nameN === 0 || restN === 0 ? c.zero : c.of(sides.both(sides.cheaper(nameN, restN))),
    countNumbersAndPhones(c, db, text, store, nameN + restN, d, filters),
  ]);
  return c.add(c.sub(c.add(name, rest), both), others);
}

/**
 * The order-number and phone parts of a search count (those not already found by name).
 * Their parts seek each number or phone match and test the name ways on its row: a
 * short text matches very many ("O" is every order number, "9" a quarter of the phones),
 * and the event loop waits all along. Without other filters each range is counted from
 * its index alone and the orders it shares with the ways before it are sought from those
 * ways when they are the smaller side (none for "O" or "9"). Number ranges of the same
 * length never overlap (the case variants).
 */
async function countNumbersAndPhones<N>(
  c: Counter<N>,
  db: Kdb,
  text: string,
  store: Scope,
  byName: number,
  d: SqlDialect,
  filters?: OrdersWhere,
): Promise<N> {
  const parts = searchParts(db, text, store, d, filters).slice(2);
  const variants = [...new Set([text, text.toUpperCase(), text.toLowerCase()])];
  const sameLength = variants.every((v) => v.length === text.length);
  const sum = (ns: N[]) => ns.reduce((a, n) => c.add(a, n), c.zero);
  const all = (wheres: OrdersWhere[]) => Promise.all(wheres.map((w) => c.of(w))).then(sum);
  if (filters || !sameLength) return all(parts);
  const t = searchTerms(text, d);
  // The phone's last digits are a part disjoint from all the others (parts.ts): counted alone.
  const ending = t.phoneEnd ? c.of(parts.at(-1)!) : Promise.resolve(c.zero);
  // Terms the planner must not lead with (SQLite's `+`; PostgreSQL plans by statistics).
  const h = searchTerms(text, d, true);
  const scoped =
    (...terms: Expression<SqlBool>[]) =>
    (eb: OrdersEb): Expression<SqlBool> =>
      eb.and([...terms, ...inScope(store)]);
  // The name ways as disjoint parts (hidden terms: the name and rest ranges lead).
  const nameWays = [scoped(t.name), scoped(t.rest, not(h.name))];
  const numbers = await all(t.numbers.map((range) => scoped(range)));
  const numberPart =
    byName <= c.total(numbers)
      ? c.sub(
          numbers,
          await all(nameWays.map((way) => (eb: OrdersEb) => eb.and([way(eb), anyOf(h.numbers)]))),
        )
      : await c.of(parts[0]!);
  if (!t.phone || !h.phone) return c.add(numberPart, await ending);
  // A store's phone range is orders_store_phone's (migration 0019); every store's, orders_phone's.
  const phone = t.phone;
  const phones = await c.of((eb) => eb.and([phone, ...inScope(store)]));
  if (byName + c.total(numbers) > c.total(phones))
    return c.add(c.add(numberPart, await c.of(parts[1]!)), await ending);
  const before = [...nameWays, ...t.numbers.map((range) => scoped(range, not(h.name), not(h.rest)))];
  const shared = await all(before.map((way) => (eb: OrdersEb) => eb.and([way(eb), h.phone!])));
  return c.add(c.sub(c.add(numberPart, phones), shared), await ending);
}
