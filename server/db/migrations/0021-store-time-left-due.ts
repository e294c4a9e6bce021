import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { COVER, TIME_LEFT_KEY_SQL } from './0016-order-due';

/*
 * A store's deep Overdue page on PostgreSQL (issue 28; record 069). PostgreSQL reads an
 * index alone only when it holds every column the query names, those inside an indexed
 * expression too: the time-left key is made of status and due_at, and 0016's index held
 * the key but not due_at. A store's Overdue page 200 therefore fetched each of its
 * 14,000 overdue orders' rows (9,461 heap blocks, 22 ms). With due_at included it reads
 * the index alone: 8.6–9.4 ms. Only the store's index changes: with the all-stores one
 * covering too, PostgreSQL sorted all 86,000 overdue orders for an every-store deep page
 * (50–75 ms) instead of walking the date index (12 ms). SQLite reads a key from the index
 * entry already.
 */
export function storeTimeLeftDue(dialect: Dialect): Migration {
  const swap = async (db: Kysely<unknown>, from: string, to: string, include: string) => {
    if (dialect !== 'postgres') return;
    await sql
      .raw(`create index ${to} on orders (store_user_id, ${TIME_LEFT_KEY_SQL}, ${COVER})${include}`)
      .execute(db);
    await sql.raw(`drop index ${from}`).execute(db);
    await sql`analyze orders`.execute(db);
  };
  return {
    up: (db) => swap(db, 'orders_store_time_left', 'orders_store_time_left_due', ' include (due_at)'),
    down: (db) => swap(db, 'orders_store_time_left_due', 'orders_store_time_left', ''),
  };
}
