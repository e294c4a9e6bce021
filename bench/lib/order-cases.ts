import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { ORDER_SORT_COLUMNS, OrderListQuerySchema, type OrderListQuery } from '#contract/lists';
import type { Database } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/db/seed';

/*
 * The paged order-list queries the bench measures (orders-latency.ts) and checks
 * (orders-check.ts): default sort, every sortable column both ways, each filter, dates,
 * stores, searches and deep pages, for BlueTikAdmin (every store) and the demo WebAdmin.
 */

/** One list call: a label, its query string, parsed as the route parses it. */
export interface OrderCase {
  who: 'admin' | 'store';
  name: string;
  qs: string;
  q: OrderListQuery;
  orderNamed: boolean;
  /** The scope the route passes (the caller's store wins over `store`). */
  store: number | null;
}

/** Parses a query string as the route does. */
export function parseListQuery(qs: string) {
  const raw: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(qs)) (raw[key] ??= []).push(value);
  return { q: v.parse(OrderListQuerySchema, raw), orderNamed: Object.hasOwn(raw, 'order') };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The cases, over the data `k` holds (dates relative to its newest order). */
/** The demo WebAdmin's user id: the bench's store user (the largest store). */
export async function demoStoreId(k: Kysely<Database>): Promise<number> {
  return (
    await k
      .selectFrom('users')
      .select('id')
      .where('phone_number', '=', DEMO_ACCOUNTS.WebAdmin.mobile)
      .executeTakeFirstOrThrow()
  ).id;
}

/** How many orders the bench database holds. */
export async function countOrders(k: Kysely<Database>): Promise<number> {
  return Number(
    (
      await k
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

export async function orderCases(k: Kysely<Database>, extra: [string, string][] = []): Promise<OrderCase[]> {
  const storeA = await demoStoreId(k);
  const small = await k
    .selectFrom('orders')
    .select(['store_user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('store_user_id')
    .orderBy('n')
    .orderBy('store_user_id')
    .executeTakeFirstOrThrow();
  const last = await k
    .selectFrom('orders')
    .select(['created_at', 'customer_phone', 'order_number'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const monthStart = new Date(`${last.created_at.slice(0, 7)}-01T00:00:00Z`);
  monthStart.setUTCMonth(monthStart.getUTCMonth() - 3);
  const from3 = isoDay(monthStart);
  const to3 = isoDay(new Date(monthStart.getTime() + 30 * 86_400_000));
  const mid = new Date(monthStart.getTime() - 40 * 86_400_000);
  const midFrom = isoDay(mid);
  const midTo = isoDay(new Date(mid.getTime() + 75 * 86_400_000));

  const list: [string, string][] = [
    ['default (newest first)', 'page=1&pageSize=50'],
    ...ORDER_SORT_COLUMNS.flatMap((s) =>
      (['asc', 'desc'] as const).map((o): [string, string] => [
        `sort ${s} ${o}`,
        `pageSize=50&sort=${s}&order=${o}`,
      ]),
    ),
    ['status=3 (Delivered)', 'pageSize=50&status=3'],
    ['status=0 (New)', 'pageSize=50&status=0'],
    ['status=0,1,2', 'pageSize=50&status=0,1,2'],
    ['status=0,1,2 sort totalPrice', 'pageSize=50&status=0,1,2&sort=totalPrice&order=desc'],
    ['paymentType=Online', 'pageSize=50&paymentType=Online'],
    ['isSettled=No', 'pageSize=50&isSettled=No'],
    ['Online + isSettled=No', 'pageSize=50&paymentType=Online&isSettled=No'],
    ['status=3 + Online + No', 'pageSize=50&status=3&paymentType=Online&isSettled=No'],
    ['status=4 + PayOnDelivery', 'pageSize=50&status=4&paymentType=PayOnDelivery'],
    ['from/to one month', `pageSize=50&from=${from3}&to=${to3}`],
    ['from/to month + status=3', `pageSize=50&from=${from3}&to=${to3}&status=3`],
    ['from/to month sort totalPrice', `pageSize=50&from=${from3}&to=${to3}&sort=totalPrice&order=desc`],
    ['from/to 75 days mid-month', `pageSize=50&from=${midFrom}&to=${midTo}&paymentType=Online`],
    ['from only (mid-month)', `pageSize=50&from=${midFrom}`],
    ['to only (mid-month)', `pageSize=50&to=${midTo}&sort=status`],
    ['store (the smallest store)', `pageSize=50&store=${small.store_user_id}`],
    ['store (the largest store)', `pageSize=50&store=${storeA}`],
    ['q name "Anil"', 'pageSize=50&q=Anil'],
    ['q name "anil red"', 'pageSize=50&q=anil%20red'],
    ['q surname "reddy"', 'pageSize=50&q=reddy'],
    ['q order number prefix', `pageSize=50&q=${last.order_number.slice(0, -2)}`],
    ['q order number exact', `pageSize=50&q=${last.order_number.toLowerCase()}`],
    ['q phone', `pageSize=50&q=${last.customer_phone}`],
    ['q phone prefix (6 digits)', `pageSize=50&q=${last.customer_phone.slice(0, 6)}`],
    // Issue 15 item 6: the last digits of a phone, and an order number's digits alone.
    ['q phone last 4 digits', `pageSize=50&q=${last.customer_phone.slice(-4)}`],
    ['q phone last 6 digits sort name', `pageSize=50&q=${last.customer_phone.slice(-6)}&sort=orderUserName`],
    ['q order number digits', `pageSize=50&q=${Number(last.order_number.replace(/\D/g, '')) - 7}`],
    ['q no match', 'pageSize=50&q=zzzz'],
    // Short texts an operator types on the way to an order number or a phone: the broadest.
    ['q "O" (every order number)', 'pageSize=50&q=O'],
    ['q "9" (a quarter of the phones)', 'pageSize=50&q=9'],
    // The first key of a name: a letter that starts a quarter of the names or surnames.
    ['q "S" (a first letter)', 'pageSize=50&q=S'],
    ['q "S" + status=1', 'pageSize=50&q=S&status=1'],
    ['q "Anil" + status=3 sort total', 'pageSize=50&q=Anil&status=3&sort=totalPrice'],
    ['upcoming=Yes (the dashboard card)', 'pageSize=50&upcoming=Yes'],
    ['upcoming=Yes + status=0', 'pageSize=50&upcoming=Yes&status=0'],
    ['upcoming=Yes sort orderNumber', 'pageSize=50&upcoming=Yes&sort=orderNumber&order=asc'],
    ['upcoming=Yes sort paymentType', 'pageSize=50&upcoming=Yes&sort=paymentType&order=desc'],
    ['upcoming=Yes + Online + q "Anil"', 'pageSize=50&upcoming=Yes&paymentType=Online&q=Anil'],
    // Issue 28 item 2: open orders past their promise, and the sort by time left.
    ['overdue=Yes', 'pageSize=50&overdue=Yes'],
    ['overdue=Yes sort timeLeft', 'pageSize=50&overdue=Yes&sort=timeLeft&order=asc'],
    ['overdue=Yes + Online', 'pageSize=50&overdue=Yes&paymentType=Online'],
    ['overdue=Yes + status=2 sort total', 'pageSize=50&overdue=Yes&status=2&sort=totalPrice&order=desc'],
    ['overdue=Yes + q "Anil"', 'pageSize=50&overdue=Yes&q=Anil'],
    ['overdue=Yes page 200', 'page=200&pageSize=50&overdue=Yes'],
    ['deep page 2000 of 50', 'page=2000&pageSize=50'],
    ['deep page 2000 sort name', 'page=2000&pageSize=50&sort=orderUserName'],
    ...extra,
  ];
  const cases: OrderCase[] = [];
  for (const [who, scope] of [
    ['admin', null],
    ['store', storeA],
  ] as const)
    for (const [name, qs] of list) {
      if (who === 'store' && (name.startsWith('store') || name.startsWith('sort merchantName'))) continue;
      const { q, orderNamed } = parseListQuery(qs);
      cases.push({ who, name, qs, q, orderNamed, store: scope ?? q.store ?? null });
    }
  return cases;
}
