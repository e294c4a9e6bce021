import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/*
 * The orders list at 1,000,000 rows, measured (bench/lib/orders-latency.ts):
 *
 * 1. Exact totals without counting rows. `order_counts` holds how many orders each
 *    (month, store, status, payment type, settled) has, kept by triggers on orders
 *    (insert, delete, and updates of those columns; PostgreSQL also TRUNCATE). Month ''
 *    is the all-time row, so a total without dates sums ~2,000 rows instead of counting
 *    up to a million index entries (14–45 ms on SQLite even from a covering index); with
 *    dates, whole months come from here and only the partial months at the edges are
 *    counted, from the two covering (…created_at, id, status, payment_type, is_settled)
 *    indexes below, which also serve the date order to the last tie (id).
 * 2. Every sortable column ordered within a store as well as across stores: the store
 *    list sorted by order number or settlement scanned the whole store (150–240 ms).
 *    Payment type and settled (two values each) need no index of their own: the list
 *    reads them as two runs by date, whose lengths order_counts gives, so the
 *    (…created_at, id, status, payment_type, is_settled) indexes serve them.
 * 3. Indexable search: prefix ranges on the order number, the phone, the customer name
 *    and the name from its second word on (`orders_name_rest`), instead of a substring
 *    match that read every row (0.2–1 s, 4 s with a sort). The name indexes also hold
 *    the filter columns, so a search with filters is counted from them alone.
 *    PostgreSQL compares in the "C" collation so a prefix range is a prefix match
 *    whatever the database's collation.
 * 4. The store-name sort walks stores in name order (users index) and each store's
 *    orders by date, instead of sorting a million joined rows.
 *
 * Replaced: (store_user_id, created_at), (created_at), (payment_type, is_settled,
 * created_at), (is_settled, created_at), (lower(name), created_at) and (store_user_id,
 * lower(name), lower(order_number), phone), by the wider indexes above that serve what
 * they served.
 */

/** The expression `orders_name_rest` indexes: the lower-cased name after its first space. */
export function nameRestSql(dialect: Dialect): string {
  return dialect === 'postgres'
    ? `substr(lower(customer_name), strpos(customer_name, ' ') + 1) collate "C"`
    : `substr(lower(customer_name), instr(customer_name, ' ') + 1)`;
}

const COUNTED = ['store_user_id', 'status', 'payment_type', 'is_settled'] as const;

/** Recomputes order_counts from the orders (the migration's backfill; bulk loaders after a load). */
export const REBUILD_ORDER_COUNTS_SQL = `
  insert into order_counts (month, store_user_id, status, payment_type, is_settled, n)
  select '', store_user_id, status, payment_type, is_settled, count(*)
    from orders group by store_user_id, status, payment_type, is_settled
  union all
  select substr(created_at, 1, 7), store_user_id, status, payment_type, is_settled, count(*)
    from orders group by substr(created_at, 1, 7), store_user_id, status, payment_type, is_settled`;

export function orderListAtScale(dialect: Dialect): Migration {
  const pgc = dialect === 'postgres' ? ' collate "C"' : '';
  const added: [name: string, table: string, columns: string][] = [
    ['orders_created_cover', 'orders', 'created_at, id, status, payment_type, is_settled'],
    [
      'orders_store_created_cover',
      'orders',
      'store_user_id, created_at, id, status, payment_type, is_settled',
    ],
    ['orders_store_number', 'orders', 'store_user_id, order_number'],
    [
      'orders_store_name_cover',
      'orders',
      'store_user_id, lower(customer_name), created_at, id, status, payment_type, is_settled',
    ],
    [
      'orders_name_cover',
      'orders',
      'lower(customer_name), created_at, id, status, payment_type, is_settled, store_user_id',
    ],
    ['orders_store_settlement_created', 'orders', 'store_user_id, settlement_amount, created_at'],
    ['orders_phone', 'orders', `customer_phone${pgc}, store_user_id`],
    [
      'orders_name_rest',
      'orders',
      `${nameRestSql(dialect)}, lower(customer_name), status, payment_type, is_settled, created_at, store_user_id`,
    ],
    [
      'orders_store_name_rest',
      'orders',
      `store_user_id, ${nameRestSql(dialect)}, status, payment_type, is_settled, created_at`,
    ],
    ['users_business_name', 'users', 'lower(bussiness_name), id'],
  ];
  // SQLite compares text bytewise already: orders_name_cover and the order_number
  // indexes serve the prefix ranges there.
  if (dialect === 'postgres')
    added.push(
      ['orders_name_prefix', 'orders', `lower(customer_name) collate "C", store_user_id`],
      ['orders_number_prefix', 'orders', `order_number collate "C", store_user_id`],
    );
  const replaced: [name: string, columns: string][] = [
    ['orders_store_created', 'store_user_id, created_at'],
    ['orders_created', 'created_at'],
    ['orders_payment_settled_created', 'payment_type, is_settled, created_at'],
    ['orders_settled_created', 'is_settled, created_at'],
    ['orders_name_created', 'lower(customer_name), created_at'],
    ['orders_store_search', 'store_user_id, lower(customer_name), lower(order_number), customer_phone'],
  ];

  const key = 'month, store_user_id, status, payment_type, is_settled';
  const changed = COUNTED.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  const rowsOf = (r: 'new' | 'old') =>
    `('', ${COUNTED.map((c) => `${r}.${c}`).join(', ')}, 1), ` +
    `(substr(${r}.created_at, 1, 7), ${COUNTED.map((c) => `${r}.${c}`).join(', ')}, 1)`;
  const addNew = `insert into order_counts (${key}, n) values ${rowsOf('new')}
    on conflict (${key}) do update set n = order_counts.n + 1`;
  const removeOld = `update order_counts set n = n - 1
    where month in ('', substr(old.created_at, 1, 7))
      and ${COUNTED.map((c) => `${c} = old.${c}`).join(' and ')}`;

  const triggers =
    dialect === 'postgres'
      ? [
          `create function order_counts_keep() returns trigger language plpgsql as $$
           begin
             if tg_op in ('UPDATE', 'DELETE') then ${removeOld}; end if;
             if tg_op in ('UPDATE', 'INSERT') then ${addNew}; end if;
             return null;
           end $$`,
          `create function order_counts_clear() returns trigger language plpgsql as $$
           begin delete from order_counts; return null; end $$`,
          `create trigger orders_counts_insert_delete after insert or delete on orders
           for each row execute function order_counts_keep()`,
          `create trigger orders_counts_update after update on orders
           for each row when (${changed} or substr(old.created_at, 1, 7) is distinct from substr(new.created_at, 1, 7))
           execute function order_counts_keep()`,
          `create trigger orders_counts_truncate after truncate on orders
           for each statement execute function order_counts_clear()`,
        ]
      : [
          `create trigger orders_counts_insert after insert on orders begin ${addNew}; end`,
          `create trigger orders_counts_delete after delete on orders begin ${removeOld}; end`,
          `create trigger orders_counts_update after update on orders
           when ${changed.replaceAll('is distinct from', 'is not')}
             or substr(old.created_at, 1, 7) is not substr(new.created_at, 1, 7)
           begin ${removeOld}; ${addNew}; end`,
        ];

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_counts')
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('store_user_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('payment_type', 'text', (c) => c.notNull())
        .addColumn('is_settled', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_counts_pk', [
          'month',
          'store_user_id',
          'status',
          'payment_type',
          'is_settled',
        ])
        .execute();
      await sql.raw(REBUILD_ORDER_COUNTS_SQL).execute(db);
      for (const t of triggers) await sql.raw(t).execute(db);
      for (const [name, table, columns] of added)
        await db.schema.createIndex(name).on(table).expression(sql.raw(columns)).execute();
      for (const [name] of replaced) await db.schema.dropIndex(name).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const [name, columns] of replaced)
        await db.schema.createIndex(name).on('orders').expression(sql.raw(columns)).execute();
      for (const [name] of added) await db.schema.dropIndex(name).ifExists().execute();
      if (dialect === 'postgres') {
        await sql`drop trigger if exists orders_counts_insert_delete on orders`.execute(db);
        await sql`drop trigger if exists orders_counts_update on orders`.execute(db);
        await sql`drop trigger if exists orders_counts_truncate on orders`.execute(db);
        await sql`drop function if exists order_counts_keep()`.execute(db);
        await sql`drop function if exists order_counts_clear()`.execute(db);
      } else {
        for (const t of ['orders_counts_insert', 'orders_counts_delete', 'orders_counts_update'])
          await sql.raw(`drop trigger if exists ${t}`).execute(db);
      }
      await db.schema.dropTable('order_counts').execute();
    },
  };
}
