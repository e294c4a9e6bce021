import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { nameRestSql } from './0004-order-list-at-scale';

/*
 * The name search and the name sort read only indexes (measured at 1,000,000 orders
 * with bench/api.ts and EXPLAIN):
 *
 * 1. The search counts and pages its disjoint parts (the name prefix; the rest of the
 *    name without the name prefix; order numbers and phones without either) from the
 *    name indexes. The store's rest-of-name index now holds the lower-cased name (the
 *    "not the name prefix" test) and the id, as the all-stores one already did.
 * 2. PostgreSQL plans an index-only scan only when every column the query names is in
 *    the index, and `lower(customer_name)` names customer_name: without it each match
 *    was a heap fetch. "reddy" counted 33,000 matches through 21,500 heap pages (0.5–
 *    0.8 s), and a store's page 2,000 sorted by name sorted the store's 160,000 rows
 *    (1.6 s) instead of walking orders_store_name_cover. The name indexes INCLUDE
 *    customer_name (and the id and the filter columns where they lacked them).
 *    SQLite reads indexed expressions from the index already.
 */

type IndexDef = [name: string, columns: string, include?: string];

export function orderSearchCover(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const rest = nameRestSql(dialect);
  // SQLite reads indexed expressions from the index already; a store rest-of-name index
  // with the name in it was tried there and dropped: its planner then walked a whole
  // store with it for order-number and sorted searches (1–3 s).
  const added: IndexDef[] = [];
  const replaced: IndexDef[] = [];
  if (pg) {
    added.push(
      [
        'orders_store_name_rest_cover',
        `store_user_id, ${rest}, lower(customer_name), status, payment_type, is_settled, created_at, id`,
        'customer_name',
      ],
      [
        'orders_name_rest_cover',
        `${rest}, lower(customer_name), status, payment_type, is_settled, created_at, store_user_id`,
        'customer_name, id',
      ],
      [
        'orders_name_prefix_cover',
        'lower(customer_name) collate "C", store_user_id',
        'customer_name, id, created_at, status, payment_type, is_settled',
      ],
      [
        'orders_name_sort_cover',
        'lower(customer_name), created_at, id, status, payment_type, is_settled, store_user_id',
        'customer_name',
      ],
      [
        'orders_store_name_sort_cover',
        'store_user_id, lower(customer_name), created_at, id, status, payment_type, is_settled',
        'customer_name',
      ],
    );
    replaced.push(
      ['orders_store_name_rest', `store_user_id, ${rest}, status, payment_type, is_settled, created_at`],
      [
        'orders_name_rest',
        `${rest}, lower(customer_name), status, payment_type, is_settled, created_at, store_user_id`,
      ],
      ['orders_name_prefix', 'lower(customer_name) collate "C", store_user_id'],
      [
        'orders_name_cover',
        'lower(customer_name), created_at, id, status, payment_type, is_settled, store_user_id',
      ],
      [
        'orders_store_name_cover',
        'store_user_id, lower(customer_name), created_at, id, status, payment_type, is_settled',
      ],
    );
  }
  const create = (db: Kysely<unknown>, [name, columns, include]: IndexDef) =>
    sql
      .raw(`create index ${name} on orders (${columns})${include ? ` include (${include})` : ''}`)
      .execute(db);

  // Statistics for the new indexes where the planner has statistics at all. SQLite with
  // sqlite_stat1 but no row for a new index guesses ~10 rows per store for it and
  // picked orders_store_name_rest_cover to count a store's order-number matches: 160,000
  // entries tested, 3 s. PostgreSQL keeps statistics of indexed expressions per index.
  const analyzeNew = async (db: Kysely<unknown>, defs: IndexDef[]) => {
    if (pg) {
      await sql`analyze orders`.execute(db);
      return;
    }
    const stats = await sql<{ n: number }>`
      select count(*) as n from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
    if (Number(stats.rows[0]?.n ?? 0) > 0)
      for (const [name] of defs) await sql.raw(`analyze ${name}`).execute(db);
  };

  return {
    async up(db) {
      for (const def of added) await create(db, def);
      for (const [name] of replaced) await db.schema.dropIndex(name).execute();
      await analyzeNew(db, added);
    },
    async down(db) {
      for (const def of replaced) await create(db, def);
      for (const [name] of added) await db.schema.dropIndex(name).ifExists().execute();
      await analyzeNew(db, replaced);
    },
  };
}
