import { sql, type Kysely, type Migration } from 'kysely';

/*
 * Indexes for the orders list at 1,000,000 rows (DECISIONS §1: every sortable and
 * filterable column is served). 0001 already has (store_user_id, created_at),
 * (status, created_at), (created_at) and the unique order_number.
 *
 * The list orders by the chosen column, then created_at, then id (same direction), so
 * an index on (column, created_at) yields a page without sorting (SQLite keeps the rowid
 * in every index; PostgreSQL finishes the rare equal-time ties with an incremental sort).
 * Added here:
 * - (store_user_id, status, created_at, …totals) and (status, created_at, …totals),
 *   which replaces 0001's (status, created_at): the list by status and date, the
 *   dashboard, and the yearly sales read from the index alone (no row visits);
 * - (payment_type, is_settled, created_at): the settlement work list (unsettled Online
 *   orders), and either filter alone;
 * - one index per remaining sort column, for BlueTikAdmin's all-stores list;
 * - (store_user_id, items_total, created_at) and (store_user_id, lower(name), …): a
 *   store's list sorted by total or by name. The latter also holds the order number and
 *   phone, so the free-text search (a substring match, which no b-tree can seek) scans
 *   that narrow index instead of the wide rows, on SQLite;
 * - lower(customer_name) keeps the name sort case-insensitive and indexed: expression
 *   indexes have the same syntax on SQLite and PostgreSQL.
 */
export function orderIndexes(): Migration {
  const indexes: [name: string, columns: string][] = [
    ['orders_store_status_created', 'store_user_id, status, created_at, items_total, delivery_price'],
    ['orders_status_created_totals', 'status, created_at, items_total, delivery_price'],
    ['orders_name_created', 'lower(customer_name), created_at'],
    ['orders_items_total_created', 'items_total, created_at'],
    ['orders_settlement_created', 'settlement_amount, created_at'],
    ['orders_payment_settled_created', 'payment_type, is_settled, created_at'],
    ['orders_settled_created', 'is_settled, created_at'],
    ['orders_store_items_total', 'store_user_id, items_total, created_at'],
    ['orders_store_search', 'store_user_id, lower(customer_name), lower(order_number), customer_phone'],
  ];
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, columns] of indexes)
        await db.schema.createIndex(name).on('orders').expression(sql.raw(columns)).execute();
      // A prefix of orders_status_created_totals now.
      await db.schema.dropIndex('orders_status_created').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .createIndex('orders_status_created')
        .on('orders')
        .columns(['status', 'created_at'])
        .execute();
      for (const [name] of indexes) await db.schema.dropIndex(name).ifExists().execute();
    },
  };
}
