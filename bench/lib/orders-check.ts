/*
 * Checks the paged order list against a plain statement on a bench database (SQLite):
 * for every case of order-cases.ts, and for the pages where a two-valued sort (payment
 * type, settled) crosses from one value to the other, the total and the page's ids from
 * listPage must equal a direct count(*) and a direct ORDER BY … LIMIT over the same
 * filters (the search written as plain prefix tests):
 *
 *   tsx bench/lib/orders-check.ts [--db bench/data/bench.db]
 *
 * Exits non-zero on a difference.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import type { OrderListQuery } from '#contract/lists';
import { orderIdForDigits } from '#contract/orders';
import { openDatabase } from '../../server/db/database';
import { listPage } from '../../server/routes/orders/orders.service';
import { orderCases, parseListQuery, type OrderCase } from './order-cases';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'bench/data/bench.db' } } });
const path = resolve(args.db);
const db = openDatabase({ dialect: 'sqlite', path });
const plain = new SQLite(path, { readonly: true });

const SORT_SQL: Record<string, string> = {
  orderNumber: 'o.order_number',
  status: 'o.status',
  orderUserName: 'lower(o.customer_name)',
  totalPrice: 'o.items_total',
  createdDate: 'o.created_at',
  paymentType: 'o.payment_type',
  isSettled: 'o.is_settled',
  settlementAmt: 'o.settlement_amount',
  merchantName: 'lower(u.bussiness_name)',
  // Open orders by promise, then open ones without a promise, then the closed (issue 28).
  timeLeft: "case when o.status > 2 then 'c' when o.due_at is null then 'b' else 'a' || o.due_at end",
};

/** One instant for listPage and the plain statements (Overdue is "promised before now"). */
const NOW = Date.now();

function plainWhere(q: OrderListQuery, store: number | null): [string, unknown[]] {
  const and: string[] = ['1 = 1'];
  const params: unknown[] = [];
  if (store !== null) {
    and.push('o.store_user_id = ?');
    params.push(store);
  }
  if (q.status?.length) {
    and.push(`o.status in (${q.status.map(() => '?').join(', ')})`);
    params.push(...q.status);
  }
  if (q.paymentType) {
    and.push('o.payment_type = ?');
    params.push(q.paymentType);
  }
  if (q.isSettled) {
    and.push('o.is_settled = ?');
    params.push(q.isSettled === 'Yes' ? 1 : 0);
  }
  // Days are India days (DECISIONS §9, UTC+05:30): each order's own India date, by SQLite.
  if (q.from) {
    and.push("date(o.created_at, '+330 minutes') >= ?");
    params.push(q.from);
  }
  if (q.to) {
    and.push("date(o.created_at, '+330 minutes') <= ?");
    params.push(q.to);
  }
  if (q.upcoming === 'Yes') {
    // DECISIONS §1 as written: not Delivered or Cancelled, expected after today in India.
    and.push("o.status in (0, 1, 2) and o.expected_delivery_date > date(?, '+330 minutes')");
    params.push(new Date(NOW).toISOString());
  }
  if (q.overdue === 'Yes') {
    and.push('o.status in (0, 1, 2) and o.due_at < ?');
    params.push(new Date(NOW).toISOString());
  }
  if (q.q) {
    const n = [...q.q].length;
    const lower = q.q.toLowerCase();
    const ways = [`substr(o.order_number, 1, ${n}) in (?, ?, ?)`];
    params.push(q.q, q.q.toUpperCase(), lower);
    if (/^\d+$/.test(q.q)) {
      ways.push(`substr(o.customer_phone, 1, ${n}) = ?`);
      params.push(q.q);
    }
    if (/^\d{4,9}$/.test(q.q)) {
      // The phone's last digits (issue 15, item 6).
      ways.push(`substr(o.customer_phone, -${n}) = ?`);
      params.push(q.q);
    }
    const id = orderIdForDigits(q.q);
    if (id !== undefined) {
      ways.push('o.id = ?');
      params.push(id);
    }
    ways.push(`substr(lower(o.customer_name), 1, ${n}) = ?`);
    ways.push(`substr(substr(lower(o.customer_name), instr(o.customer_name, ' ') + 1), 1, ${n}) = ?`);
    params.push(lower, lower);
    and.push(`(${ways.join(' or ')})`);
  }
  return [and.join(' and '), params];
}

async function check(c: OrderCase): Promise<string | null> {
  const page = c.q.page ?? 1;
  const pageSize = c.q.pageSize ?? 25;
  const sort = c.q.sort ?? 'createdDate';
  const dir = c.q.sort || c.orderNamed ? c.q.order : 'desc';
  const [where, params] = plainWhere(c.q, c.store);
  const by =
    sort === 'merchantName'
      ? ['lower(u.bussiness_name)', 'u.id', 'o.created_at', 'o.id']
      : [SORT_SQL[sort]!, ...(sort === 'createdDate' ? [] : ['o.created_at']), 'o.id'];
  const from = 'from orders o join users u on u.id = o.store_user_id';
  const total = (plain.prepare(`select count(*) as n ${from} where ${where}`).get(...params) as { n: number })
    .n;
  const ids = (
    plain
      .prepare(
        `select o.id ${from} where ${where} order by ${by.map((b) => `${b} ${dir}`).join(', ')} limit ? offset ?`,
      )
      .all(...params, pageSize, (page - 1) * pageSize) as { id: number }[]
  ).map((r) => r.id);
  const got = await listPage(db.kysely, c.q, c.store, c.orderNamed, NOW);
  const gotIds = got.rows.map((r) => r.id);
  if (got.total !== total) return `total ${got.total}, expected ${total}`;
  if (JSON.stringify(gotIds) !== JSON.stringify(ids))
    return `ids differ: got ${gotIds.slice(0, 5).join(',')}…, expected ${ids.slice(0, 5).join(',')}…`;
  return null;
}

const cases = await orderCases(db.kysely);
// Pages where a two-valued sort crosses values, both ways, with and without a filter.
for (const c of cases.filter((x) => x.q.sort === 'paymentType' || x.q.sort === 'isSettled')) {
  const first = c.q.sort === 'paymentType' ? (c.q.order === 'asc' ? 'Online' : 'PayOnDelivery') : undefined;
  const settled = c.q.sort === 'isSettled' ? (c.q.order === 'asc' ? 0 : 1) : undefined;
  const [where, params] = plainWhere({ ...c.q }, c.store);
  const n = (
    plain
      .prepare(
        `select count(*) as n from orders o where ${where} and ${first ? 'o.payment_type = ?' : 'o.is_settled = ?'}`,
      )
      .get(...params, first ?? settled) as { n: number }
  ).n;
  for (const qs of [
    `${c.qs}&page=${Math.floor(n / 50) + 1}`,
    `${c.qs}&page=${Math.floor(n / 50) + 2}&status=4`,
  ]) {
    const { q, orderNamed } = parseListQuery(qs);
    cases.push({ ...c, name: `${c.name} ${qs.split('&').slice(-2).join('&')}`, qs, q, orderNamed });
  }
}

let failed = 0;
for (const c of cases) {
  const problem = await check(c);
  if (problem) failed++;
  console.log(`${problem ? 'FAIL' : 'ok  '} ${c.who}: ${c.name}${problem ? ` — ${problem}` : ''}`);
}
console.log(`\n${cases.length - failed} of ${cases.length} cases agree with the plain statements.`);
await db.kysely.destroy();
plain.close();
process.exitCode = failed ? 1 : 0;
