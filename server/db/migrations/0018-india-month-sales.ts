import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/*
 * The dashboard's yearly sales by India month (issue 17, DECISIONS §9: the business day is
 * India's). Migration 0005 keyed `order_sales` by the UTC month of `created_at`, so a
 * Delivered order placed between 00:00 and 05:30 IST on the 1st counted in the previous
 * month. The same table and triggers, keyed by the month of created_at + 5:30; the rows
 * are rebuilt once. order_counts keeps UTC months: it is an index the list's date ranges
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

/** The Delivered status (contract/enums.ts); the triggers spell it out. */
const DELIVERED = 3;
const TRIGGERS = ['orders_sales_insert', 'orders_sales_delete', 'orders_sales_update'];

function salesTriggers(dialect: Dialect, month: (row: 'new' | 'old') => string): string[] {
  const amount = (r: 'new' | 'old') => `${r}.items_total + ${r}.delivery_price`;
  const addNew = `insert into order_sales (month, store_user_id, total)
    select ${month('new')}, new.store_user_id, ${amount('new')} where new.status = ${DELIVERED}
    on conflict (month, store_user_id) do update set total = order_sales.total + excluded.total`;
  const removeOld = `update order_sales set total = total - (${amount('old')})
    where old.status = ${DELIVERED} and month = ${month('old')} and store_user_id = old.store_user_id`;
  const cols = ['status', 'store_user_id', 'items_total', 'delivery_price', 'created_at'];
  const changed = (distinct: string) => cols.map((c) => `old.${c} ${distinct} new.${c}`).join(' or ');
  const touched = `(old.status = ${DELIVERED} or new.status = ${DELIVERED})`;
  if (dialect === 'postgres')
    return [
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
    ];
  return [
    `create trigger orders_sales_insert after insert on orders
     when new.status = ${DELIVERED} begin ${addNew}; end`,
    `create trigger orders_sales_delete after delete on orders
     when old.status = ${DELIVERED} begin ${removeOld}; end`,
    `create trigger orders_sales_update after update on orders
     when ${touched} and (${changed('is not')})
     begin ${removeOld}; ${addNew}; end`,
  ];
}

function rekey(dialect: Dialect, month: (row: 'new' | 'old') => string, rebuild: string): Migration['up'] {
  return async (db: Kysely<unknown>) => {
    for (const t of TRIGGERS)
      await sql.raw(`drop trigger if exists ${t}${dialect === 'postgres' ? ' on orders' : ''}`).execute(db);
    await sql`delete from order_sales`.execute(db);
    await sql.raw(rebuild).execute(db);
    for (const t of salesTriggers(dialect, month)) await sql.raw(t).execute(db);
  };
}

export function indiaMonthSales(dialect: Dialect): Migration {
  const utcMonth = (r: 'new' | 'old') => `substr(${r}.created_at, 1, 7)`;
  const utcRebuild = `insert into order_sales (month, store_user_id, total)
    select substr(created_at, 1, 7), store_user_id, sum(items_total + delivery_price)
      from orders where status = 3 group by substr(created_at, 1, 7), store_user_id`;
  return {
    up: rekey(dialect, (r) => indiaMonthSql(dialect, `${r}.created_at`), rebuildOrderSalesSql(dialect)),
    down: rekey(dialect, utcMonth, utcRebuild),
  };
}
