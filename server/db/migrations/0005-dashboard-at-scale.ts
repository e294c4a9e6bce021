import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/*
 * The dashboard at 1,000,000 orders, measured (bench/lib/dashboard-latency.ts):
 *
 * 1. Upcoming (DECISIONS §1: status 0, 1 or 2 and expected delivery after today) is a
 *    seek in `orders_upcoming`: three ranges (one per status) of expected dates after
 *    today, which holds only the orders still to come, however many are old. The index
 *    also holds the store, the created date, the id and the list's other filter columns,
 *    so the count and the ids of a page (upcoming=Yes on the orders list) come from it
 *    alone. It cannot live in order_counts: "after today" moves every day.
 * 2. The yearly sales: `order_sales` holds the grand total (items + delivery, paise) of the
 *    Delivered orders per (created month, store), kept by triggers on orders like
 *    order_counts (0004), so a year is at most 12 × stores rows instead of a sum over
 *    ~400,000 delivered orders (0.7–0.9 s for every store on SQLite before).
 * The status cards read order_counts' all-time rows (0004) instead of a GROUP BY over
 * every order (0.8 s for every store on SQLite before).
 */

/** Recomputes order_sales from the orders (the migration's backfill; bulk loaders after a load). */
export const REBUILD_ORDER_SALES_SQL = `
  insert into order_sales (month, store_user_id, total)
  select substr(created_at, 1, 7), store_user_id, sum(items_total + delivery_price)
    from orders where status = 3
    group by substr(created_at, 1, 7), store_user_id`;

/** The Delivered status (contract/enums.ts); the triggers spell it out. */
const DELIVERED = 3;

/**
 * order_sales' row triggers (and, on PostgreSQL, the function they run), keyed by
 * `month(row)`: the UTC month here, India's since 0018, which builds them again.
 */
export function salesRowTriggers(dialect: Dialect, month: (r: 'new' | 'old') => string): string[] {
  const amount = (r: 'new' | 'old') => `${r}.items_total + ${r}.delivery_price`;
  const addNew = `insert into order_sales (month, store_user_id, total)
    select ${month('new')}, new.store_user_id, ${amount('new')} where new.status = ${DELIVERED}
    on conflict (month, store_user_id) do update set total = order_sales.total + excluded.total`;
  const removeOld = `update order_sales set total = total - (${amount('old')})
    where old.status = ${DELIVERED} and month = ${month('old')} and store_user_id = old.store_user_id`;
  const cols = ['status', 'store_user_id', 'items_total', 'delivery_price'];
  const changed = (distinct: string) =>
    [...cols.map((c) => `old.${c} ${distinct} new.${c}`), `${month('old')} ${distinct} ${month('new')}`].join(
      ' or ',
    );
  const touched = `(old.status = ${DELIVERED} or new.status = ${DELIVERED})`;

  return dialect === 'postgres'
    ? [
        `create or replace function order_sales_keep() returns trigger language plpgsql as $$
         begin
           if tg_op in ('UPDATE', 'DELETE') then ${removeOld}; end if;
           if tg_op in ('UPDATE', 'INSERT') then ${addNew}; end if;
           return null;
         end $$`,
        `create trigger orders_sales_insert after insert on orders
         for each row when (new.status = ${DELIVERED}) execute function order_sales_keep()`,
        `create trigger orders_sales_delete after delete on orders
         for each row when (old.status = ${DELIVERED}) execute function order_sales_keep()`,
        `create trigger orders_sales_update after update on orders
         for each row when (${touched} and (${changed('is distinct from')}))
         execute function order_sales_keep()`,
      ]
    : [
        `create trigger orders_sales_insert after insert on orders
         when new.status = ${DELIVERED} begin ${addNew}; end`,
        `create trigger orders_sales_delete after delete on orders
         when old.status = ${DELIVERED} begin ${removeOld}; end`,
        `create trigger orders_sales_update after update on orders
         when ${touched} and (${changed('is not')})
         begin ${removeOld}; ${addNew}; end`,
      ];
}

export function dashboardAtScale(dialect: Dialect): Migration {
  const month = (r: 'new' | 'old') => `substr(${r}.created_at, 1, 7)`;
  const triggers = [
    ...salesRowTriggers(dialect, month),
    ...(dialect === 'postgres'
      ? [
          `create function order_sales_clear() returns trigger language plpgsql as $$
           begin delete from order_sales; return null; end $$`,
          `create trigger orders_sales_truncate after truncate on orders
           for each statement execute function order_sales_clear()`,
        ]
      : []),
  ];

  const upcomingColumns =
    'status, expected_delivery_date, store_user_id, created_at, id, payment_type, is_settled';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_sales')
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('store_user_id', 'integer', (c) => c.notNull())
        // A month of every store can pass 2^31 paise (₹2.1 crore).
        .addColumn('total', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_sales_pk', ['month', 'store_user_id'])
        .execute();
      await sql.raw(REBUILD_ORDER_SALES_SQL).execute(db);
      for (const t of triggers) await sql.raw(t).execute(db);
      await db.schema
        .createIndex('orders_upcoming')
        .on('orders')
        .expression(sql.raw(upcomingColumns))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_upcoming').ifExists().execute();
      if (dialect === 'postgres') {
        for (const t of [
          'orders_sales_insert',
          'orders_sales_delete',
          'orders_sales_update',
          'orders_sales_truncate',
        ])
          await sql.raw(`drop trigger if exists ${t} on orders`).execute(db);
        await sql`drop function if exists order_sales_keep()`.execute(db);
        await sql`drop function if exists order_sales_clear()`.execute(db);
      } else {
        for (const t of ['orders_sales_insert', 'orders_sales_delete', 'orders_sales_update'])
          await sql.raw(`drop trigger if exists ${t}`).execute(db);
      }
      await db.schema.dropTable('order_sales').execute();
    },
  };
}
