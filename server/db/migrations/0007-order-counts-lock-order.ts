import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/*
 * PostgreSQL only: 0004's trigger keeps order_counts by taking a count off the old
 * (month, store, status, payment, settled) rows and adding one to the new rows, in that
 * order. Two orders of one store changing status in opposite directions at once (0→1 and
 * 1→0) then lock the same two rows in opposite orders: the load test (npm run test:load,
 * 100 connections) got "deadlock detected" as 500s on upsertorder. The function now
 * applies every change of a row in one statement, sorted by key, so all transactions
 * lock counts rows in the same order. SQLite has a single writer: nothing to change.
 */

const KEY = 'month, store_user_id, status, payment_type, is_settled';
const COLS = 'store_user_id, status, payment_type, is_settled';
const of = (r: 'old' | 'new') =>
  COLS.split(', ')
    .map((c) => `${r}.${c}`)
    .join(', ');

const KEEP_SORTED = `create or replace function order_counts_keep() returns trigger language plpgsql as $$
  begin
    insert into order_counts (${KEY}, n)
    select ${KEY}, sum(d) from (
      select '' as month, ${of('old')}, -1 as d where tg_op in ('UPDATE', 'DELETE')
      union all select substr(old.created_at, 1, 7), ${of('old')}, -1 where tg_op in ('UPDATE', 'DELETE')
      union all select '', ${of('new')}, 1 where tg_op in ('UPDATE', 'INSERT')
      union all select substr(new.created_at, 1, 7), ${of('new')}, 1 where tg_op in ('UPDATE', 'INSERT')
    ) as change (${KEY}, d)
    group by ${KEY}
    having sum(d) <> 0
    order by ${KEY}
    on conflict (${KEY}) do update set n = order_counts.n + excluded.n;
    return null;
  end $$`;

/** Replaces the PostgreSQL counts trigger function with one that locks rows in key order. */
export function orderCountsLockOrder(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await sql.raw(KEEP_SORTED).execute(db);
    },
    // 0004's function (the old lock order) would come back with 0004's own down/up.
    async down() {},
  };
}
