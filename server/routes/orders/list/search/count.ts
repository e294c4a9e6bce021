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

/** How many orders the search finds within the scope (and `filters`): its parts' counts summed. */
export async function countSearch(
  db: Kdb,
  text: string,
  store: Scope,
  d: SqlDialect,
  filters?: OrdersWhere,
  seen?: SideCounts,
): Promise<number> {
  if (d.name === 'sqlite') return countSearchSqlite(db, text, store, d, filters, seen);
  const [name, rest] = await Promise.all(
    searchParts(db, text, store, d, filters)
      .slice(0, 2)
      .map((part) => countOf(db, part)),
  );
  return name! + rest! + (await countNumbersAndPhones(db, text, store, name! + rest!, d, filters));
}

/** SQLite: countSearch by nameSides: name range + rest range − both, plus the other parts. */
async function countSearchSqlite(
  db: Kdb,
  text: string,
  store: Scope,
  d: SqlDialect,
  filters?: OrdersWhere,
  seen?: SideCounts,
): Promise<number> {
  const sides = nameSides(text, store, d, filters);
  const [name, rest] = await Promise.all([countOf(db, sides.name), countOf(db, sides.rest)]);
  if (seen) Object.assign(seen, { name, rest });
  const [both, others] = await Promise.all([
    name === 0 || rest === 0 ? 0 : countOf(db, sides.both(sides.cheaper(name, rest))),
    countNumbersAndPhones(db, text, store, name + rest, d, filters),
  ]);
  return name + rest - both + others;
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
async function countNumbersAndPhones(
  db: Kdb,
  text: string,
  store: Scope,
  byName: number,
  d: SqlDialect,
  filters?: OrdersWhere,
): Promise<number> {
  const parts = searchParts(db, text, store, d, filters).slice(2);
  const variants = [...new Set([text, text.toUpperCase(), text.toLowerCase()])];
  const sameLength = variants.every((v) => v.length === text.length);
  const sum = (ns: number[]) => ns.reduce((a, n) => a + n, 0);
  if (filters || !sameLength) return sum(await Promise.all(parts.map((part) => countOf(db, part))));
  const t = searchTerms(text, d);
  // The phone's last digits are a part disjoint from all the others (parts.ts): counted alone.
  const ending = t.phoneEnd ? countOf(db, parts.at(-1)!) : Promise.resolve(0);
  // Terms the planner must not lead with (SQLite's `+`; PostgreSQL plans by statistics).
  const h = searchTerms(text, d, true);
  const scoped =
    (...terms: Expression<SqlBool>[]) =>
    (eb: OrdersEb): Expression<SqlBool> =>
      eb.and([...terms, ...inScope(store)]);
  // The name ways as disjoint parts (hidden terms: the name and rest ranges lead).
  const nameWays = [scoped(t.name), scoped(t.rest, not(h.name))];
  const numbers = sum(await Promise.all(t.numbers.map((range) => countOf(db, scoped(range)))));
  const numberPart =
    byName <= numbers
      ? numbers -
        sum(
          await Promise.all(nameWays.map((way) => countOf(db, (eb) => eb.and([way(eb), anyOf(h.numbers)])))),
        )
      : await countOf(db, parts[0]!);
  if (!t.phone || !h.phone) return numberPart + (await ending);
  // The phone index ends with the store: with the store visible SQLite walked the store's
  // (store_user_id, id) entries and read each row instead.
  const phone = t.phone;
  const phones = await countOf(db, (eb) => eb.and([phone, ...inScope(store, { hiddenBy: d })]));
  if (byName + numbers > phones) return numberPart + (await countOf(db, parts[1]!)) + (await ending);
  const before = [...nameWays, ...t.numbers.map((range) => scoped(range, not(h.name), not(h.rest)))];
  const shared = sum(
    await Promise.all(before.map((way) => countOf(db, (eb) => eb.and([way(eb), h.phone!])))),
  );
  return numberPart + phones - shared + (await ending);
}
