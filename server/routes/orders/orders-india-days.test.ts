import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { DashboardSchema, OrderPageSchema, OrderStatusCountsSchema } from '#contract/orders';
import { call, queryOf, send, signIn, type Session, type TestServer } from '../../test/harness';
import { indiaDateOf, p, storeA, t, useOrdersSuite } from './orders.fixtures';

/*
 * Issue 17 item 1: every date filter of the orders means India days (DECISIONS §9), as the
 * rows' times are read there. On a day before the seeded data, four orders of store A: 23:30
 * in India the evening before (18:00 UTC), 00:30 on the day (19:00 UTC the day before),
 * 23:30 on the day (18:00 UTC) and 00:30 the morning after (19:00 UTC). The day is one whose
 * India midnight falls in the previous UTC month (and on a leap day), and one mid-month.
 * What each answer should hold is worked out here from the orders' own rows and the
 * platform's time-zone database (indiaDateOf), not from the server's arithmetic.
 */

useOrdersSuite();

const HOUR = 3_600_000;
const DAYS = ['2020-03-01', '2020-01-15'] as const;
type Day = (typeof DAYS)[number];
/** Each chosen day's four orders by when they were placed, in India time. */
const placed = {} as Record<Day, { eveBefore: number; early: number; late: number; morningAfter: number }>;

let seq = 0;
/** A copy of one of store A's orders, created at `at` with `status` (Online, unsettled). */
async function placeAt(at: number, status: 0 | 3, expected?: string) {
  const model = await t.db.kysely
    .selectFrom('orders')
    .selectAll()
    .where('store_user_id', '=', storeA)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const row = await t.db.kysely
    .insertInto('orders')
    .values({
      ...model,
      id: undefined,
      order_number: `ORDIST${++seq}`,
      created_at: new Date(at).toISOString(),
      status,
      payment_type: 'Online',
      is_settled: 0,
      cancelled_reason: null,
      expected_delivery_date: expected ?? model.expected_delivery_date,
      version: 1,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  for (const day of DAYS) {
    const utcMidnight = Date.parse(`${day}T00:00:00.000Z`);
    placed[day] = {
      eveBefore: await placeAt(utcMidnight - 6 * HOUR, 3),
      early: await placeAt(utcMidnight - 5 * HOUR, 0, day),
      late: await placeAt(utcMidnight + 18 * HOUR, 3),
      morningAfter: await placeAt(utcMidnight + 19 * HOUR, 0),
    };
  }
});

/** Every order as stored, with its India day. */
async function orders() {
  const all = await t.db.kysely.selectFrom('orders').selectAll().execute();
  return all.map((o) => ({ ...o, day: indiaDateOf(o.created_at) }));
}
type Row = Awaited<ReturnType<typeof orders>>[number];
const inRange = (from?: string, to?: string) => (o: Row) => (!from || o.day >= from) && (!to || o.day <= to);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

const pageOf = async (s: Session, qs: string, app: TestServer['app'] = t.app) => {
  const r = await call(app, 'listOrders', { query: queryOf(qs), session: s });
  expect(r.status, qs).toBe(200);
  return v.parse(OrderPageSchema, r.body.result);
};

describe('created-date filters are India days', () => {
  it.each(DAYS)(
    'from=to=%s lists the 00:30 and 23:30 orders of that India day, not its neighbours',
    async (day) => {
      const { early, late, eveBefore, morningAfter } = placed[day];
      const want = (await orders()).filter(inRange(day, day));
      expect(ids(want)).toEqual([early, late].sort((a, b) => a - b));
      for (const [s, qs] of [
        [p.admin, ''],
        [p.admin, `&store=${storeA}`],
        [p.webAdmin, ''],
        [p.admin, '&sort=totalPrice&order=asc'],
      ] as const) {
        const page = await pageOf(s, `from=${day}&to=${day}&pageSize=50${qs}`);
        expect(page.total, qs).toBe(2);
        expect(ids(page.rows), qs).toEqual(ids(want));
        expect(ids(page.rows)).not.toContain(eveBefore);
        expect(ids(page.rows)).not.toContain(morningAfter);
      }
      // Newest first by default: the 23:30 order, then the 00:30 one.
      expect((await pageOf(p.admin, `from=${day}&to=${day}`)).rows.map((r) => r.id)).toEqual([late, early]);
    },
  );

  it.each(DAYS)(
    'from=%s alone and to alone count from and to that India day, totals and rows',
    async (day) => {
      const all = await orders();
      const { early, late, eveBefore, morningAfter } = placed[day];
      for (const store of [null, storeA]) {
        const scope = (o: Row) => store === null || o.store_user_id === store;
        const qs = store === null ? '' : `&store=${store}`;
        const since = await pageOf(p.admin, `from=${day}&sort=createdDate&order=asc&pageSize=3${qs}`);
        expect(since.total).toBe(all.filter((o) => scope(o) && inRange(day)(o)).length);
        expect(since.rows.map((r) => r.id)).toEqual([early, late, morningAfter]);
        const until = await pageOf(p.admin, `to=${day}&pageSize=3${qs}`);
        expect(until.total).toBe(all.filter((o) => scope(o) && inRange(undefined, day)(o)).length);
        expect(until.rows.map((r) => r.id)).toEqual([late, early, eveBefore]);
      }
    },
  );

  it('counts the status tabs over India days (getstatuscounts), as the list totals them', async () => {
    const all = await orders();
    for (const [from, to] of [
      ['2020-03-01', '2020-03-01'],
      ['2020-02-29', '2020-03-01'],
      ['2020-01-15', '2020-03-01'],
      ['2020-03-02', undefined],
    ] as const)
      for (const [s, store] of [
        [p.admin, null],
        [p.webAdmin, storeA],
      ] as const) {
        const qs = `from=${from}${to ? `&to=${to}` : ''}`;
        const r = await call(t.app, 'getOrderStatusCounts', { query: queryOf(qs), session: s });
        expect(r.status).toBe(200);
        const got = v.parse(OrderStatusCountsSchema, r.body.result);
        const want = all.filter((o) => (store === null || o.store_user_id === store) && inRange(from, to)(o));
        expect(got.all, qs).toBe(want.length);
        expect(got.byStatus, qs).toEqual(
          [0, 1, 2, 3, 4].map((n) => want.filter((o) => o.status === n).length),
        );
        expect(got.all, qs).toBe((await pageOf(s, `${qs}&pageSize=1`)).total);
      }
  });

  it('getchanges, export and the bulk walk take the same India day', async () => {
    const { early, late } = placed['2020-03-01'];
    const filter = { from: '2020-03-01', to: '2020-03-01' };
    const changes = await call(t.app, 'getOrderChanges', {
      query: queryOf('from=2020-03-01&to=2020-03-01&since=0'),
      session: p.admin,
    });
    expect(changes.body.result?.newOrders).toBe(2);

    const upto = Math.max(...ids(await orders()));
    const csv = await send(t.app, 'POST', '/api/orders/export', {
      session: p.admin,
      body: { filter: { ...filter, upto }, columns: ['orderNumber'] },
    });
    expect(csv.status).toBe(200);
    const numbers = (csv.body.result as string)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1);
    const numberOf = async (id: number) =>
      (
        await t.db.kysely
          .selectFrom('orders')
          .select('order_number')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).order_number;
    expect(numbers).toEqual([await numberOf(late), await numberOf(early)]);

    const bulk = await call(t.app, 'bulkUpdateOrders', {
      session: p.admin,
      body: { filter: { ...filter, upto: String(upto) }, after: 0, issettled: 'Yes' } as never,
    });
    expect(bulk.status).toBe(200);
    expect(ids(bulk.body.result!.results)).toEqual([early, late].sort((a, b) => a - b));
    expect(bulk.body.result!.next).toBeNull();
  });
});

describe("Upcoming is after today's India date", () => {
  it('at 00:30 in India (19:00 UTC the day before), an order expected that India day is not upcoming', async () => {
    // 2020-03-01 19:00 UTC is 00:30 on 2 March in India: 'today' is 2 March, not 1 March.
    const at = Date.parse('2020-03-01T19:00:00.000Z');
    const today = indiaDateOf(at);
    expect(today).toBe('2020-03-02');
    const { early, morningAfter } = placed['2020-03-01'];
    await t.db.kysely
      .updateTable('orders')
      .set({ expected_delivery_date: today })
      .where('id', '=', early)
      .execute();
    await t.db.kysely
      .updateTable('orders')
      .set({ expected_delivery_date: '2020-03-03' })
      .where('id', '=', morningAfter)
      .execute();
    const app = t.makeApp({ clock: () => at });
    const admin = await signIn(app, 'BlueTikAdmin');
    const upcoming = (await orders()).filter(
      (o) =>
        [0, 1, 2].includes(o.status) && o.expected_delivery_date !== null && o.expected_delivery_date > today,
    );
    // The UTC reading ('today' 1 March) would count the order expected on 2 March too.
    expect(ids(upcoming)).not.toContain(early);

    const ranged = await pageOf(admin, 'upcoming=Yes&from=2020-03-01&to=2020-03-02', app);
    expect(ids(ranged.rows)).toEqual([morningAfter]);
    expect((await pageOf(admin, 'upcoming=Yes&pageSize=1', app)).total).toBe(upcoming.length);
    const cards = v.parse(
      DashboardSchema,
      (await call(app, 'getDashboardOrder', { session: admin })).body.result,
    );
    expect(cards.upCommingOrder).toBe(upcoming.length);
    const tabs = await call(app, 'getOrderStatusCounts', {
      query: queryOf('from=2020-03-01&to=2020-03-02'),
      session: admin,
    });
    expect(v.parse(OrderStatusCountsSchema, tabs.body.result).upcoming).toBe(1);
  });
});
