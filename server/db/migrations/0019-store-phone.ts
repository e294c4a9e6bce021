import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { analyzeNewSqliteIndexes } from './analyze-new';

/*
 * A store's phone prefixes (issue 18 item 4). A store user's search "9" counted a quarter
 * of the phones by walking orders_phone (phone, store) over every store: 250,000 entries
 * at 1,000,000 orders to count the store's 40,000, 8.4 ms on SQLite. Led by the store, the
 * range is the store's alone. PostgreSQL compares the range bytewise ("C", as orders_phone).
 */
export function storePhone(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const pgc = dialect === 'postgres' ? ' collate "C"' : '';
      await sql
        .raw(`create index orders_store_phone on orders (store_user_id, customer_phone${pgc})`)
        .execute(db);
      if (dialect === 'sqlite') await analyzeNewSqliteIndexes(db, ['orders_store_phone']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_store_phone').ifExists().execute();
    },
  };
}
