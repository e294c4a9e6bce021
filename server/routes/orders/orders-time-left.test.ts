import { describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { call, queryOf, type Session } from '../../test/harness';
import { p, storeA, t, useOrdersSuite } from './orders.fixtures';

/*
 * Time left on every open order (issue 28 item 2): the promise stored with the order, the
 * Overdue filter, the sort by time left, the Overdue tab and card — each compared with what
 * this file works out by itself from the orders' own columns (the expected date and time
 * read as India time with the platform's Date, not the server's promisedAt).
 */

/** The server's clock for this file: fixed, so "now" is the same for the server and the test. */
const NOW = Date.now();
let app: App;
let itemId: number;

useOrdersSuite({ orders: 600 }, async () => {
  app = t.makeApp({ clock: () => NOW });
  itemId = (
    await t.db.kysely.selectFrom('items').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
  ).id;
});

const get = (s: Session, qs: string) => call(app, 'listOrders', { query: queryOf(qs), session: s });

/** The promise worked out here: '2026-11-26' 7:30 PM in India is 14:00 UTC. */
function promiseOf(o: {
  expected_delivery_date: string | null;
  exp_hours: number;
  exp_minutes: number;
  exp_time_period: string;
  created_at: string;
  delivery_time: number | null;
}): number | null {
  if (o.expected_delivery_date) {
    const h = (o.exp_hours % 12) + (o.exp_time_period === 'PM' ? 12 : 0);
    const hh = String(h).padStart(2, '0');
    const mm = String(o.exp_minutes).padStart(2, '0');
    return Date.parse(`${o.expected_delivery_date}T${hh}:${mm}:00+05:30`);
  }
  return o.delivery_time ? Date.parse(o.created_at) + o.delivery_time * 60_000 : null;
}

/** Every order with its promise (worked out here), as the test sees the database. */
async function everyOrder() {
  const rows = await t.db.kysely
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.store_user_id')
    .select([
      'orders.id',
      'orders.status',
      'orders.store_user_id',
      'orders.payment_type',
      'orders.customer_name',
      'orders.created_at',
      'orders.expected_delivery_date',
      'orders.exp_hours',
      'orders.exp_minutes',
      'orders.exp_time_period',
      'users.delivery_time',
    ])
    .execute();
  return rows.map((r) => ({ ...r, promise: promiseOf(r) }));
}
const isOverdue = (o: { status: number; promise: number | null }) =>
  o.status <= 2 && o.promise !== null && o.promise < NOW;

/** Every row of a list query, page after page. */
async function allRows(s: Session, qs: string) {
  const out: { id: number; dueAt: string | null; status: number }[] = [];
  for (let page = 1; ; page++) {
    const r = await get(s, `${qs}&page=${page}&pageSize=100`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { rows, total } = r.body.result as { rows: typeof out; total: number };
    out.push(...rows);
    if (out.length >= total || !rows.length) return { rows: out, total };
  }
}

async function createOrder(extra: Record<string, unknown>) {
  const r = await call(app, 'createOrder', {
    session: p.admin,
    body: {
      storeId: storeA,
      orderUserName: 'Promise Customer',
      orderUserPhoneNumber: '9876500002',
      orderUserAddress1: 'Flat 3, Kondapur',
      orderUserCity: 'Hyderabad',
      orderUserState: 'Telangana',
      orderUserCountry: 'India',
      orderUserPincode: '500084',
      lines: [{ itemId, itemsCount: 1 }],
      deliveryPrice: 0,
      ...extra,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = (r.body.result as { id: number }).id;
  const got = await call(app, 'getOrderById', { params: { id }, session: p.admin });
  return got.body.result as { id: number; dueAt: string | null; version: number };
}

describe('the promise on an order', () => {
  it('is the expected date and time in India, else created + the store’s delivery time, else none', async () => {
    const dated = await createOrder({
      expectedDeliveryDate: '2026-11-26',
      expHours: 7,
      expMinutes: 30,
      expTimePeriod: 'PM',
    });
    expect(dated.dueAt).toBe('2026-11-26T14:00:00.000Z');
    const midnight = await createOrder({ expectedDeliveryDate: '2026-11-27', expHours: 12, expMinutes: 5 });
    expect(midnight.dueAt).toBe('2026-11-26T18:35:00.000Z');

    await t.db.kysely.updateTable('users').set({ delivery_time: 45 }).where('id', '=', storeA).execute();
    const bare = await createOrder({});
    expect(bare.dueAt).toBe(new Date(NOW + 45 * 60_000).toISOString());

    await t.db.kysely.updateTable('users').set({ delivery_time: 0 }).where('id', '=', storeA).execute();
    expect((await createOrder({})).dueAt).toBeNull();
    await t.db.kysely.updateTable('users').set({ delivery_time: 45 }).where('id', '=', storeA).execute();
  });

  it('moves when a save changes the expected date or time', async () => {
    const order = await createOrder({});
    const r = await call(app, 'upsertOrder', {
      session: p.webAdmin,
      body: {
        id: order.id,
        status: 1,
        expecteddeliverydate: '2026-12-01',
        exphours: '9',
        expminutes: '15',
        exptimeperiod: 'AM',
        deliveryprice: '0',
        issettled: 'No',
        cancelledreason: 0,
        orderUnAvailableUserItems: '',
        orderItemsPrice: '',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.result as { dueAt: string }).dueAt).toBe('2026-12-01T03:45:00.000Z');
  });
});

describe('Overdue and time left on the list', () => {
  it('Overdue lists exactly the open orders past their promise, in every scope and with filters', async () => {
    // Two of this file's own: one late a minute, one due in a minute (both open, store A).
    const late = await createOrder({});
    const soon = await createOrder({});
    await t.db.kysely
      .updateTable('orders')
      .set({ due_at: new Date(NOW - 60_000).toISOString() })
      .where('id', '=', late.id)
      .execute();
    await t.db.kysely
      .updateTable('orders')
      .set({ due_at: new Date(NOW + 60_000).toISOString() })
      .where('id', '=', soon.id)
      .execute();
    const promised = (await everyOrder()).map((o) =>
      o.id === late.id
        ? { ...o, promise: NOW - 60_000 }
        : o.id === soon.id
          ? { ...o, promise: NOW + 60_000 }
          : o,
    );
    const cases: [Session, string, (o: (typeof promised)[number]) => boolean][] = [
      [p.admin, '', () => true],
      [p.admin, 'paymentType=Online', (o) => o.payment_type === 'Online'],
      [p.admin, 'status=1,2', (o) => o.status === 1 || o.status === 2],
      [p.admin, `store=${storeA}`, (o) => o.store_user_id === storeA],
      [p.webAdmin, '', (o) => o.store_user_id === storeA],
      [
        p.admin,
        'from=2025-06-01&to=2026-03-31',
        (o) => o.created_at >= '2025-06-01' && o.created_at < '2026-04',
      ],
      [p.admin, 'q=Promise', (o) => o.customer_name.startsWith('Promise')],
    ];
    for (const [who, qs, keep] of cases) {
      const want = promised.filter((o) => keep(o) && isOverdue(o)).map((o) => o.id);
      const { rows, total } = await allRows(who, `overdue=Yes&${qs}`);
      expect(total, qs).toBe(want.length);
      expect(
        rows.map((r) => r.id).sort((a, b) => a - b),
        qs,
      ).toEqual(want.sort((a, b) => a - b));
    }
    expect(promised.filter(isOverdue).length).toBeGreaterThan(10);
    const ids = (await allRows(p.admin, 'overdue=Yes&q=Promise')).rows.map((r) => r.id);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(soon.id);

    // The tab and the card count the same.
    const counts = await call(app, 'getOrderStatusCounts', { query: {}, session: p.admin });
    expect(counts.body.result.overdue).toBe(promised.filter(isOverdue).length);
    const mine = await call(app, 'getDashboardOrder', { session: p.webAdmin });
    expect(mine.body.result.overdueOrders).toBe(
      promised.filter((o) => o.store_user_id === storeA && isOverdue(o)).length,
    );
  });

  it('sorts open orders by their promise, most urgent first, then those without one, then the closed', async () => {
    const { rows } = await allRows(p.webAdmin, 'sort=timeLeft&order=asc');
    const rank = (r: { status: number; dueAt: string | null }) =>
      r.status > 2 ? '2' : r.dueAt === null ? '1' : `0${r.dueAt}`;
    const ranks = rows.map(rank);
    expect(ranks).toEqual([...ranks].sort());
    expect(rows.length).toBe((await everyOrder()).filter((o) => o.store_user_id === storeA).length);
    const back = (await allRows(p.webAdmin, 'sort=timeLeft&order=desc')).rows.map(rank);
    expect(back).toEqual([...ranks].reverse());
  });

  it('a bulk change to Delivered takes orders off Overdue', async () => {
    const { rows } = await allRows(p.webAdmin, 'overdue=Yes');
    const two = rows.slice(0, 2).map((r) => r.id);
    const r = await call(app, 'bulkUpdateOrders', { session: p.webAdmin, body: { ids: two, status: 3 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await allRows(p.webAdmin, 'overdue=Yes');
    expect(after.total).toBe(rows.length - 2);
    expect(after.rows.map((x) => x.id)).not.toContain(two[0]);
  });
});
