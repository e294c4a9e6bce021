import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { REBUILD_ORDER_SALES_SQL, salesRowTriggers } from './0005-dashboard-at-scale';

/*
 * The dashboard's yearly sales by India month (issue 17, DECISIONS §9: the business day is
 * India's). Migration 0005 keyed `order_sales` by the UTC month of `created_at`, so a
 * Delivered order placed between 00:00 and 05:30 IST on the 1st counted in the previous
 * month. The same table and triggers (0005's, given another month), keyed by the month of
 * created_at + 5:30; the rows are rebuilt once. order_counts keeps UTC months: it is an index the list's date ranges
 * are counted through (as instants), never shown by month.
 */

/** The India month (YYYY-MM) of an ISO instant column, in the engine's own SQL. */
export function indiaMonthSql(dialect: Dialect, column: string): string {
  return dialect === 'postgres'
    ? // Text cast to a timestamp without time zone drops the 'Z': plain UTC, whatever the session's zone.
      `to_char(${column}::timestamp + interval '330 minutes', 'YYYY-MM')`
    : `strftime('%Y-%m', ${column}, '+330 minutes')`;
}

/** Recomputes order_sales from the orders (the migration's backfill; bulk loaders after a load). */
export function rebuildOrderSalesSql(dialect: Dialect): string {
  const month = indiaMonthSql(dialect, 'created_at');
  return `
  insert into order_sales (month, store_user_id, total)
  select ${month}, store_user_id, sum(items_total + delivery_price)
    from orders where status = 3
    group by ${month}, store_user_id`;
}

const TRIGGERS = ['orders_sales_insert', 'orders_sales_delete', 'orders_sales_update'];

function rekey(dialect: Dialect, month: (row: 'new' | 'old') => string, rebuild: string): Migration['up'] {
  return async (db: Kysely<unknown>) => {
    for (const t of TRIGGERS)
      await sql.raw(`drop trigger if exists ${t}${dialect === 'postgres' ? ' on orders' : ''}`).execute(db);
    await sql`delete from order_sales`.execute(db);
    await sql.raw(rebuild).execute(db);
    for (const t of salesRowTriggers(dialect, month)) await sql.raw(t).execute(db);
  };
}

export function indiaMonthSales(dialect: Dialect): Migration {
  const utcMonth = (r: 'new' | 'old') => `substr(${r}.created_at, 1, 7)`;
  return {
    up: rekey(dialect, (r) => indiaMonthSql(dialect, `${r}.created_at`), rebuildOrderSalesSql(dialect)),
    down: rekey(dialect, utcMonth, REBUILD_ORDER_SALES_SQL),
  };
}
