import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/*
 * The last digits of a phone find its orders (issue 15, item 6): operators ask a caller
 * for the last four digits. The phone index serves prefixes only, so an index on the
 * phone's last four digits serves suffixes: "3210" seeks its entries (one in 10,000
 * phones, ~100 at 1,000,000 orders), a longer suffix tests its whole tail on those rows.
 * An expression index, so nothing writes a column of its own; the search writes the same
 * expression (phoneTailSql) for either database's planner to match it.
 */

/** How many last digits the index holds (the shortest suffix the search takes). */
export const PHONE_TAIL_DIGITS = 4;

/** The phone's last `n` digits, written as the index writes them. */
export function phoneTailSql(dialect: Dialect, column: string, n: number): string {
  return dialect === 'postgres' ? `right(${column}, ${n})` : `substr(${column}, ${-n})`;
}

export function phoneSuffix(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const tail = phoneTailSql(dialect, 'customer_phone', PHONE_TAIL_DIGITS);
      await sql.raw(`create index orders_phone_tail on orders (${tail})`).execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_phone_tail').ifExists().execute();
    },
  };
}
