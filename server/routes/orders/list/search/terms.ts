import { sql, type Expression, type SqlBool } from 'kysely';
import { orderIdForDigits } from '#contract/orders';
import type { SqlDialect } from '../../../../db/dialect';
import { nameRestSql } from '../../../../db/migrations/0004-order-list-at-scale';
import { PHONE_TAIL_DIGITS, phoneTailSql } from '../../../../db/migrations/0013-phone-suffix';
import { prefixRange } from '../../../../lib/list-sql';
import { inScope, type Kdb, type Scope } from '../../scope';

/**
 * The ids the free-text search finds (DECISIONS §1: order number, customer name and
 * phone), as prefix matches that an index seeks: the order number starts with the text
 * (as typed, in capitals or in small letters) or, for digits alone, the order's id is
 * those digits ("1234" → ORD001234), the phone starts with it (digits only),
 * or, for 4 to 9 digits, the phone ends with them (its last four digits seek the 0013
 * index; ten digits are a whole phone, found by the prefix way),
 * or the customer name, or the name from its second word on, starts with it ignoring
 * case ("anil", "anil re", "reddy" all find "Anil Reddy"). One indexed range per way,
 * each within the store scope, united. Ranges compare bytewise (dialect.bytewise; the
 * 0004 indexes do too). `hidden` hides every term from the planner: the scan way tests
 * rows it walks anyway. SQLite takes the `+` hint; PostgreSQL has none, so there a hidden
 * term is written as an expression no index holds (text `|| ''`, the id `+ 0`), the same
 * value. Left visible, its estimate of a prefix range (121 orders where "anil" has 17,790
 * at 1,000,000) led it to gather every match and sort them, 27 ms, where walking the
 * dates finds the page in 3 (record 078).
 */
export function searchTerms(text: string, d: SqlDialect, hidden = false) {
  const hide = (expr: Expression<unknown>, pg: (e: Expression<unknown>) => Expression<unknown>) =>
    !hidden ? expr : d.name === 'postgres' ? pg(expr) : d.hide(expr, true);
  const term = (expr: Expression<unknown>) => hide(expr, (e) => sql`(${e} || '')`);
  const idTerm = (expr: Expression<unknown>) => hide(expr, (e) => sql`(${e} + 0)`);
  const startsWith = (expr: Expression<unknown>, prefix: string) =>
    prefixRange(d.bytewise(term(expr)), prefix);
  // The phone's last four digits as the index has them (never hidden: it is what seeks), and
  // a longer suffix's whole tail tested on the rows found.
  const endsWith = (digits: string): Expression<SqlBool> => {
    const tail = (n: number) => sql.raw(phoneTailSql(d.name, '"orders"."customer_phone"', n));
    const seek = sql<SqlBool>`${tail(PHONE_TAIL_DIGITS)} = ${digits.slice(-PHONE_TAIL_DIGITS)}`;
    return digits.length === PHONE_TAIL_DIGITS
      ? seek
      : sql<SqlBool>`(${seek} and ${term(tail(digits.length))} = ${digits})`;
  };
  const lower = text.toLowerCase();
  // Digits alone also name an order by its number ("1234" → ORD001234): the order of that
  // id, one more way, disjoint from the others (every order number starts with ORD, so no
  // digits-first range holds it).
  const id = orderIdForDigits(text);
  return {
    numbers: [
      ...[...new Set([text, text.toUpperCase(), lower])].map((t) =>
        startsWith(sql.ref('orders.order_number'), t),
      ),
      ...(id === undefined ? [] : [sql<SqlBool>`${idTerm(sql.ref('orders.id'))} = ${id}`]),
    ],
    phone: /^\d+$/.test(text) ? startsWith(sql.ref('orders.customer_phone'), text) : undefined,
    phoneEnd: /^\d{4,9}$/.test(text) ? endsWith(text) : undefined,
    name: startsWith(sql`lower(${sql.ref('orders.customer_name')})`, lower),
    rest: startsWith(sql.raw(`(${nameRestSql(d.name)})`), lower),
  };
}

/** Every way of the search, as a list of terms (any of them matches). */
export function searchWays(text: string, d: SqlDialect, hidden = false): Expression<SqlBool>[] {
  const t = searchTerms(text, d, hidden);
  return [...t.numbers, ...(t.phone ? [t.phone] : []), ...(t.phoneEnd ? [t.phoneEnd] : []), t.name, t.rest];
}

/** The search's matches within the scope: one indexed range per way, united. */
export function searchIds(db: Kdb, text: string, store: Scope, d: SqlDialect) {
  const [first, ...rest] = searchWays(text, d).map((way) =>
    db
      .selectFrom('orders')
      .select('orders.id')
      .where((eb) => eb.and([way, ...inScope(store)])),
  );
  return rest.reduce((all, next) => all.union(next), first!);
}
