import { sql } from 'kysely';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DashboardSchema, OrderPageSchema, YearlySalesSchema, type Dashboard } from '#contract/orders';
import { call, queryOf, type Session, signIn, signInWith, type TestServer } from '../../test/harness';
import {
  indiaDateOf,
  p,
  type Principals,
  ROLE_SESSIONS,
  STORE_B,
  storeA,
  storeB,
  t,
  useOrdersSuite,
  userIdOf,
} from './orders.fixtures';

/*
 * The dashboard against the orders list it links to (issue 6: each card's count is the
 * total of its list) and against the database itself (the Upcoming rule of DECISIONS §1,
 * the yearly sales as delivered grand totals per India month), also after the writes
 * that the 0005 counters (order_sales, kept by triggers) must follow.
 */

useOrdersSuite();

const CARD_FILTERS: [keyof Dashboard, string][] = [
  ['upCommingOrder', 'upcoming=Yes'],
  ['newOrders', 'status=0'],
  ['processingOrder', 'status=1'],
  ['ontheWayOrder', 'status=2'],
  ['deliveredOrder', 'status=3'],
  ['cancelledOrder', 'status=4'],
];

const DAY = 86_400_000;
const totalOf = async (app: TestServer['app'], s: Session, qs: string) => {
  const r = await call(app, 'listOrders', { query: queryOf(qs), session: s });
  expect(r.status, qs).toBe(200);
  return v.parse(OrderPageSchema, r.body.result);
};

/** The scope (store id) of each principal; null for every store. */
const scopeOf = (key: keyof Principals): number | null =>
  key === 'admin' ? null : key === 'storeB' ? storeB : key === 'webAdmin' ? storeA : -1;

describe('dashboard cards and the lists they open', () => {
  it('every card equals the total of its list, for every principal', async () => {
    for (const key of ROLE_SESSIONS) {
      const d = v.parse(
        DashboardSchema,
        (await call(t.app, 'getDashboardOrder', { session: p[key] })).body.result,
      );
      for (const [card, qs] of CARD_FILTERS)
        expect((await totalOf(t.app, p[key], `${qs}&pageSize=1`)).total, `${key} ${card}`).toBe(d[card]);
    }
  });

  it('Upcoming, on a day with many, is exactly the rule of DECISIONS §1 in card, total and rows', async () => {
    // Two days back, the orders expected in the last two days are still to come.
    const at = Date.now() - 2 * DAY;
    const today = indiaDateOf(at);
    const app = t.makeApp({ clock: () => at });
    const sessions: [keyof Principals, Session][] = [
      ['admin', await signIn(app, 'BlueTikAdmin')],
      ['webAdmin', await signIn(app, 'WebAdmin')],
      ['webUser', await signIn(app, 'WebUser')],
      ['mobileUser', await signIn(app, 'MobileUser')],
      ['storeB', await signInWith(app, STORE_B, 'Store@123')],
    ];
    const webUser = await userIdOf(t, '9000000003');
    const mobileUser = await userIdOf(t, '9000000004');
    const all = await t.db.kysely.selectFrom('orders').selectAll().execute();
    const upcomingIds = (store: number | null) =>
      all
        .filter(
          (o) =>
            (store === null || o.store_user_id === store) &&
            [0, 1, 2].includes(o.status) &&
            o.expected_delivery_date !== null &&
            o.expected_delivery_date > today,
        )
        .map((o) => o.id)
        .sort((a, b) => a - b);
    let seen = 0;
    for (const [key, s] of sessions) {
      const scope =
        key === 'webUser' ? webUser : key === 'mobileUser' ? mobileUser : (scopeOf(key) as number | null);
      const expected = upcomingIds(scope);
      seen += expected.length;
      const d = v.parse(DashboardSchema, (await call(app, 'getDashboardOrder', { session: s })).body.result);
      expect(d.upCommingOrder, key).toBe(expected.length);
      const page = await totalOf(app, s, 'upcoming=Yes&pageSize=500');
      expect(page.total, key).toBe(expected.length);
      expect(
        page.rows.map((r) => r.id).sort((a, b) => a - b),
        key,
      ).toEqual(expected);
      // Newest first, like the unfiltered list.
      const created = page.rows.map((r) => r.createdDate);
      expect(created, key).toEqual([...created].sort().reverse());
      // upcoming=No is no filter at all.
      expect((await totalOf(app, s, 'upcoming=No&pageSize=1')).total).toBe(
        (await totalOf(app, s, 'pageSize=1')).total,
      );
    }
    expect(seen).toBeGreaterThan(0);

    // Combined with the other filters, the total is the count of the rule and the filter.
    const s = sessions[0]![1];
    const count = (test: (o: (typeof all)[number]) => boolean) =>
      all.filter(
        (o) =>
          [0, 1, 2].includes(o.status) &&
          o.expected_delivery_date !== null &&
          o.expected_delivery_date > today &&
          test(o),
      ).length;
    const anyName = all.find((o) => upcomingIds(null).includes(o.id))!.customer_name.split(' ')[0]!;
    const cases: [string, (o: (typeof all)[number]) => boolean][] = [
      ['status=1', (o) => o.status === 1],
      ['status=1,3', (o) => o.status === 1],
      ['status=3', () => false],
      ['paymentType=Online', (o) => o.payment_type === 'Online'],
      [
        'paymentType=PayOnDelivery&isSettled=No',
        (o) => o.payment_type === 'PayOnDelivery' && o.is_settled === 0,
      ],
      [`store=${storeA}`, (o) => o.store_user_id === storeA],
      [`from=${today}`, (o) => indiaDateOf(o.created_at) >= today],
      [
        `q=${anyName}`,
        (o) => {
          const name = o.customer_name.toLowerCase();
          const text = anyName.toLowerCase();
          return name.startsWith(text) || name.slice(name.indexOf(' ') + 1).startsWith(text);
        },
      ],
      ['sort=orderNumber&order=asc', () => true],
      ['sort=paymentType&order=desc', () => true],
      ['sort=merchantName&order=asc', () => true],
    ];
    for (const [qs, test] of cases) {
      const page = await totalOf(app, s, `upcoming=Yes&${qs}&pageSize=500`);
      expect(page.total, qs).toBe(count(test));
      expect(page.rows.length, qs).toBe(page.total);
    }
  });
});

describe('yearly sales against the database', () => {
  /**
   * Delivered grand totals per India month of `year` (DECISIONS §9, migration 0018), each
   * order's month read here with the platform's time-zone data, not the server's SQL.
   */
  const indiaMonth = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: 'numeric',
  });
  const fromDatabase = async (year: number, store: number | null) => {
    let q = t.db.kysely
      .selectFrom('orders')
      .select(['created_at', sql<number>`items_total + delivery_price`.as('paise')])
      .where('status', '=', 3)
      .where('created_at', '>=', `${year - 1}-12-31`)
      .where('created_at', '<', `${year + 1}-01-01`);
    if (store !== null) q = q.where('store_user_id', '=', store);
    const paise = Array.from({ length: 12 }, () => 0);
    for (const r of await q.execute()) {
      const parts = indiaMonth.formatToParts(new Date(r.created_at));
      const part = (type: string) => Number(parts.find((x) => x.type === type)!.value);
      if (part('year') === year) paise[part('month') - 1]! += Number(r.paise);
    }
    return paise.map((p) => p / 100);
  };

  const check = async (label: string) => {
    const thisYear = new Date().getUTCFullYear();
    for (const year of [thisYear - 2, thisYear - 1, thisYear])
      for (const key of ['admin', 'webAdmin', 'storeB', 'webUser'] as const) {
        const r = await call(t.app, 'getYearlySales', { query: { year }, session: p[key] });
        expect(r.status).toBe(200);
        const sales = v.parse(YearlySalesSchema, r.body.result);
        const scope = key === 'webUser' ? await userIdOf(t, '9000000003') : scopeOf(key);
        expect(sales, `${label}: ${key} ${year}`).toEqual({ year, months: await fromDatabase(year, scope) });
      }
  };

  it('each month is the sum of that month’s delivered orders, for every scope', async () => {
    await check('as seeded');
    expect((await fromDatabase(new Date().getUTCFullYear() - 1, null)).some((m) => m > 0)).toBe(true);
  });

  it('follows deliveries, un-deliveries, price and date changes, store moves and removals', async () => {
    const k = t.db.kysely;
    const pick = async (status: number) =>
      (
        await k
          .selectFrom('orders')
          .select(['id', 'created_at'])
          .where('status', '=', status)
          .where('store_user_id', '=', storeA)
          .where('payment_type', '=', 'PayOnDelivery')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).id;
    // Through the API: deliver an open order with a new delivery price.
    const open = await pick(1);
    const upsert = await call(t.app, 'upsertOrder', {
      session: p.webAdmin,
      body: {
        id: open,
        status: 3,
        expecteddeliverydate: '2030-01-15',
        exphours: '10',
        expminutes: '30',
        exptimeperiod: 'AM',
        deliveryprice: '77',
        issettled: 'No',
        cancelledreason: 0,
        orderUnAvailableUserItems: '',
        orderItemsPrice: '',
      },
    });
    expect(upsert.status).toBe(200);
    await check('after a delivery through the API');

    // Directly: a delivered order cancelled, one re-priced, one moved in time and store, one removed.
    const delivered = await k
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 3)
      .orderBy('id')
      .limit(4)
      .execute();
    await k.updateTable('orders').set({ status: 4 }).where('id', '=', delivered[0]!.id).execute();
    await k
      .updateTable('orders')
      .set({ delivery_price: 12_345, items_total: 99_999 })
      .where('id', '=', delivered[1]!.id)
      .execute();
    const lastYear = new Date().getUTCFullYear() - 1;
    await k
      .updateTable('orders')
      .set({ created_at: `${lastYear}-02-03T04:05:06.000Z`, store_user_id: storeB })
      .where('id', '=', delivered[2]!.id)
      .execute();
    await k.deleteFrom('order_items').where('order_id', '=', delivered[3]!.id).execute();
    await k.deleteFrom('orders').where('id', '=', delivered[3]!.id).execute();
    await check('after direct changes');

    // Near midnight in India: 23:30 IST on 31 March is March, 00:30 IST on 1 April is April.
    const [late, early] = (
      await k
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 3)
        .orderBy('id')
        .offset(4)
        .limit(2)
        .execute()
    ).map((r) => r.id);
    const before = await fromDatabase(lastYear, null);
    await k
      .updateTable('orders')
      .set({ created_at: `${lastYear}-03-31T18:00:00.000Z` })
      .where('id', '=', late!)
      .execute();
    await k
      .updateTable('orders')
      .set({ created_at: `${lastYear}-03-31T19:00:00.000Z` })
      .where('id', '=', early!)
      .execute();
    const after = v.parse(
      YearlySalesSchema,
      (await call(t.app, 'getYearlySales', { query: { year: lastYear }, session: p.admin })).body.result,
    );
    const amountOf = async (id: number) =>
      Number(
        (
          await k
            .selectFrom('orders')
            .select(sql<number>`items_total + delivery_price`.as('paise'))
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).paise,
      );
    expect(after.months[2]).toBeGreaterThanOrEqual((await amountOf(late!)) / 100);
    expect(after.months[3]).toBeGreaterThanOrEqual((await amountOf(early!)) / 100);
    expect(after.months).not.toEqual(before);
    await check('after orders placed either side of midnight in India');

    // And the status cards follow the same writes (order_counts, migration 0004).
    for (const key of ROLE_SESSIONS) {
      const d = v.parse(
        DashboardSchema,
        (await call(t.app, 'getDashboardOrder', { session: p[key] })).body.result,
      );
      for (const [card, qs] of CARD_FILTERS.slice(1))
        expect((await totalOf(t.app, p[key], `${qs}&pageSize=1`)).total, `${key} ${card}`).toBe(d[card]);
    }
  });
});
