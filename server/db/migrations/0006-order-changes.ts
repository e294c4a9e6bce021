import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { analyzeNewSqliteIndexes } from './analyze-new';

/*
 * The orders list's live data (getchanges, polled every ~10 s by each visible tab) asks
 * for the newest order id of a store. Without an index ordered by id within a store,
 * SQLite read and sorted the store's index entries: 208 ms for the largest store at
 * 1,000,000 orders (bench data, 162,434 orders in that store). (store_user_id, id) makes
 * it one seek at the end of the store's range, on SQLite and PostgreSQL alike.
 * BlueTikAdmin's all-stores newest id is the end of the primary key and needs nothing.
 *
 * On SQLite, a database that already has statistics (ANALYZE ran, as bench:seed does)
 * gets them for the new index too: an index without statistics looks very selective to
 * the planner, which then took it for a store's list sorted by date (1.6 s instead of
 * 2 ms at 1,000,000 orders: it sorted the whole store). PostgreSQL keeps statistics per
 * column, which already cover a plain-column index.
 */
export function orderChanges(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('orders_store_id').on('orders').columns(['store_user_id', 'id']).execute();
      if (dialect === 'sqlite') await analyzeNewSqliteIndexes(db, ['orders_store_id']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_store_id').execute();
    },
  };
}
