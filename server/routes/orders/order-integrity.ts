import { sql, type Kysely, type RawBuilder } from 'kysely';
import { DELIVERED_STATUS } from '#contract/enums';
import type { Dialect } from '../../db/database';
import { dialectOf } from '../../db/dialect';
import { indiaMonthSql } from '../../db/migrations/0018-india-month-sales';
import { initialsByOrderSql } from '../../db/migrations/0023-order-initials';
import type { Database } from '../../db/schema';

/*
 * What must hold between the orders and everything derived from them, whatever writes
 * ran and however they interleaved (issue 21): the stored totals follow from the stored
 * lines by the contract's rules (orderTotals: items total = available lines' count ×
 * price; the grand total is items + delivery, not stored; settlement = the grand total
 * for Online, 0 for PayOnDelivery — DECISIONS §1), and the trigger-kept counters
 * (order_counts, migration 0004; order_sales, migrations 0005 and 0018; order_initial_counts,
 * migration 0023) equal a GROUP BY over the
 * orders. Each check is one statement that both engines run; the counters' zero rows
 * (a count that went back to 0) equal a missing group.
 *
 * Used by `npm run check:integrity`, by the load and crash tests at their end, and by the
 * concurrency tests.
 */

/** One invariant's outcome: how many rows break it, and a few of them to look at. */
export interface IntegrityCheck {
  name: string;
  mismatches: number;
  examples: string[];
}

/** Every invariant's outcome over the whole database. */
export interface IntegrityReport {
  orders: number;
  lines: number;
  checks: IntegrityCheck[];
  /** The sum over the checks: 0 when everything agrees. */
  mismatches: number;
}

const EXAMPLES = 5;
const COUNTED = 'store_user_id, status, payment_type, is_settled';

/** Each invariant as a statement whose rows are the offenders, with a readable label each. */
const checksFor = (dialect: Dialect): { name: string; offenders: RawBuilder<{ label: string }> }[] => [
  {
    name: 'line totals (count × price)',
    offenders: sql`
      select 'line ' || id || ' of order ' || order_id || ': total ' || total || ', count × price ' ||
             (items_count * price) as label
        from order_items where total <> items_count * price`,
  },
  {
    name: 'items totals (sum of available lines)',
    offenders: sql`
      select 'order ' || o.id || ': items_total ' || o.items_total || ', lines ' || coalesce(l.sum, 0) as label
        from orders o
        left join (select order_id, sum(items_count * price) as sum from order_items
                    where is_not_available = 0 group by order_id) l on l.order_id = o.id
       where o.items_total <> coalesce(l.sum, 0)`,
  },
  {
    name: 'settlement amounts (grand total for Online, 0 otherwise)',
    offenders: sql`
      select 'order ' || id || ' (' || payment_type || '): settlement ' || settlement_amount ||
             ', grand total ' || (items_total + delivery_price) as label
        from orders
       where settlement_amount <> case when payment_type = 'Online' then items_total + delivery_price else 0 end`,
  },
  {
    name: 'order_counts (a count per month, store, status, payment, settled)',
    offenders: sql`
      select 'order_counts ' || month || '/' || store_user_id || '/' || status || '/' || payment_type || '/' ||
             is_settled || ': stored ' || sum(stored) || ', counted ' || sum(counted) as label
        from (
          select month, ${sql.raw(COUNTED)}, n as stored, 0 as counted from order_counts
          union all
          select '', ${sql.raw(COUNTED)}, 0, count(*) from orders group by ${sql.raw(COUNTED)}
          union all
          select substr(created_at, 1, 7), ${sql.raw(COUNTED)}, 0, count(*) from orders
           group by substr(created_at, 1, 7), ${sql.raw(COUNTED)}
        ) as c
       group by month, ${sql.raw(COUNTED)}
      having sum(stored) <> sum(counted)`,
  },
  {
    name: 'order_initial_counts (the orders each one-character search finds, per store and status)',
    offenders: sql`
      select 'order_initial_counts ' || ch || '/' || store_user_id || '/' || status || ': stored ' ||
             sum(stored) || ', counted ' || sum(counted) as label
        from (
          select ch, store_user_id, status, n as stored, 0 as counted from order_initial_counts
          union all
          select ch, store_user_id, status, 0, count(*)
            from (${sql.raw(initialsByOrderSql(dialect))}) as k group by ch, store_user_id, status
        ) as c
       group by ch, store_user_id, status
      having sum(stored) <> sum(counted)`,
  },
  {
    name: 'order_sales (Delivered grand totals per India month and store)',
    offenders: sql`
      select 'order_sales ' || month || '/' || store_user_id || ': stored ' || sum(stored) ||
             ', summed ' || sum(summed) as label
        from (
          select month, store_user_id, total as stored, 0 as summed from order_sales
          union all
          select ${sql.raw(indiaMonthSql(dialect, 'created_at'))}, store_user_id, 0, sum(items_total + delivery_price)
            from orders where status = ${DELIVERED_STATUS}
           group by ${sql.raw(indiaMonthSql(dialect, 'created_at'))}, store_user_id
        ) as s
       group by month, store_user_id
      having sum(stored) <> sum(summed)`,
  },
];

/** Runs every invariant over the database; `mismatches` is 0 when all hold. */
export async function checkOrderIntegrity(db: Kysely<Database>): Promise<IntegrityReport> {
  const checks: IntegrityCheck[] = [];
  for (const { name, offenders } of checksFor(dialectOf(db).name)) {
    const counted = await sql<{ n: number | string }>`select count(*) as n from (${offenders}) as x`.execute(
      db,
    );
    const mismatches = Number(counted.rows[0]?.n ?? 0);
    const examples = mismatches
      ? (await sql<{ label: string }>`${offenders} limit ${sql.lit(EXAMPLES)}`.execute(db)).rows.map(
          (r) => r.label,
        )
      : [];
    checks.push({ name, mismatches, examples });
  }
  const size = await sql<{ orders: number | string; lines: number | string }>`
    select (select count(*) from orders) as orders, (select count(*) from order_items) as lines`.execute(db);
  return {
    orders: Number(size.rows[0]?.orders ?? 0),
    lines: Number(size.rows[0]?.lines ?? 0),
    checks,
    mismatches: checks.reduce((s, c) => s + c.mismatches, 0),
  };
}

/** The report as lines of text: one per invariant, the offenders' examples, then the verdict. */
export function formatIntegrity(r: IntegrityReport): string[] {
  const out = [];
  for (const c of r.checks) {
    out.push(`  ${c.mismatches === 0 ? 'ok  ' : 'FAIL'} ${c.name}: ${c.mismatches} mismatches`);
    for (const e of c.examples) out.push(`         ${e}`);
  }
  out.push(`integrity: ${r.mismatches} mismatches over ${r.orders} orders and ${r.lines} lines`);
  return out;
}
