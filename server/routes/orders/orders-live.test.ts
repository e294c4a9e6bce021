import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '#contract/endpoints';
import { OrderCreatedSchema } from '#contract/order-create';
import { NEW_ORDERS_CAP, OrderChangesSchema, OrderPageSchema, OrderSchema } from '#contract/orders';
import { PERMISSIONS } from '#contract/permissions';
import { anonymousCsrf, call, queryOf, type Session } from '../../test/harness';
import { SAMPLE_CUSTOMER } from '../../test/sample-customer';
import { p, storeA, storeB, t, useOrdersSuite, userIdOf } from './orders.fixtures';

/*
 * Issue 6 live data: the list pinned to a snapshot (`upto`), getchanges (what arrived
 * since), and createorder (how new orders arrive through the API). Each test creates
 * its own orders, so the file's tests read counts relative to what they did.
 */

let items: { id: number; price: number; name: string; category: string }[];
useOrdersSuite({}, async () => {
  items = await t.db.kysely
    .selectFrom('items')
    .select(['id', 'price', 'name', 'category'])
    .orderBy('id')
    .limit(3)
    .execute();
});

const create = (s: Session, body: unknown) => call(t.app, 'createOrder', { session: s, body });
const changes = (s: Session, qs: string) =>
  call(t.app, 'getOrderChanges', { query: queryOf(qs), session: s });
const listPage = async (s: Session, qs: string) => {
  const r = await call(t.app, 'listOrders', { query: queryOf(qs), session: s });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return v.parse(OrderPageSchema, r.body.result);
};
const latestOf = async (s: Session, qs = '') => {
  const r = await changes(s, `since=0${qs}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return v.parse(OrderChangesSchema, r.body.result).latestId;
};

let serial = 0;
/** A valid createorder payload (a new customer name each time, so a search finds only it). */
function payload(extra: Record<string, unknown> = {}) {
  serial += 1;
  return {
    orderUserName: `Zenith Caller${serial}`,
    ...SAMPLE_CUSTOMER,
    orderUserPhoneNumber: '+919876500000',
    paymentType: 'PayOnDelivery',
    lines: [
      { itemId: items[0]!.id, itemsCount: 2 },
      { itemId: items[1]!.id, itemsCount: '1' },
    ],
    expectedDeliveryDate: '2030-01-15',
    expHours: 10,
    expMinutes: 30,
    expTimePeriod: 'AM',
    deliveryPrice: '40',
    ...extra,
  };
}

async function created(s: Session, body: unknown) {
  const r = await create(s, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return v.parse(OrderCreatedSchema, r.body.result);
}

describe('POST /api/orders/createorder', () => {
  it('is in the endpoint table with its own action, and only MobileUser lacks it', () => {
    expect(ENDPOINTS.createOrder).toMatchObject({ method: 'POST', action: 'orders.create' });
    expect(PERMISSIONS['orders.create']).toEqual({
      BlueTikAdmin: 'all',
      WebAdmin: 'own',
      WebUser: 'own',
      MobileUser: 'no',
    });
  });

  it('creates a BlueTikAdmin order for the store it names, with catalog prices, totals and an audit row', async () => {
    const { id, orderNumber } = await created(p.admin, payload({ storeId: storeA }));
    expect(orderNumber).toBe(`ORD${String(id).padStart(6, '0')}`);
    const r = await call(t.app, 'getOrderById', { params: { id }, session: p.admin });
    const order = v.parse(OrderSchema, r.body.result);
    const itemsTotal = (2 * items[0]!.price + items[1]!.price) / 100;
    expect(order).toMatchObject({
      orderNumber,
      status: 0,
      orderUserPhoneNumber: '9876500000',
      paymentType: 'PayOnDelivery',
      isSettled: 'No',
      totalPrice: itemsTotal,
      deliveryPrice: 40,
      settlementAmt: null,
      itemsCount: 3,
      expectedDeliveryDate: '2030-01-15',
    });
    const row = await t.db.kysely
      .selectFrom('orders')
      .select('store_user_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.store_user_id).toBe(storeA);
    const lines = await t.db.kysely
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', id)
      .orderBy('position')
      .execute();
    expect(lines.map((l) => [l.item_id, l.name, l.price, l.items_count, l.total]).sort()).toEqual(
      [
        [items[0]!.id, items[0]!.name, items[0]!.price, 2, 2 * items[0]!.price],
        [items[1]!.id, items[1]!.name, items[1]!.price, 1, items[1]!.price],
      ].sort(),
    );
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'order')
      .where('entity_id', '=', id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(JSON.parse(audit[0]!.changes)).toMatchObject({ orderNumber, storeUserId: storeA, status: 0 });
  });

  it('keeps the list totals and the dashboard right (order_counts triggers)', async () => {
    const before = await listPage(p.webAdmin, 'page=1&status=0&paymentType=PayOnDelivery');
    const dash = (await call(t.app, 'getDashboardOrder', { session: p.webAdmin })).body.result;
    await created(p.webAdmin, payload());
    const after = await listPage(p.webAdmin, 'page=1&status=0&paymentType=PayOnDelivery');
    expect(after.total).toBe(before.total + 1);
    const direct = await t.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_user_id', '=', storeA)
      .where('status', '=', 0)
      .where('payment_type', '=', 'PayOnDelivery')
      .executeTakeFirstOrThrow();
    expect(after.total).toBe(Number(direct.n));
    const dashAfter = (await call(t.app, 'getDashboardOrder', { session: p.webAdmin })).body.result;
    expect(dashAfter.newOrders).toBe(dash.newOrders + 1);
  });

  it("creates a WebAdmin's or WebUser's order for their own store, whatever storeId says", async () => {
    const webUser = await userIdOf(t, '9000000003');
    for (const [s, own] of [
      [p.webAdmin, storeA],
      [p.webUser, webUser],
    ] as const) {
      const { id } = await created(s, payload({ storeId: storeB }));
      const row = await t.db.kysely
        .selectFrom('orders')
        .select('store_user_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.store_user_id).toBe(own);
    }
  });

  it('refuses MobileUser (403) and anonymous callers (401), and a call without the CSRF header', async () => {
    expect((await create(p.mobileUser, payload())).status).toBe(403);
    const anonymous = await call(t.app, 'createOrder', {
      session: { csrf: await anonymousCsrf(t.app) },
      body: payload(),
    });
    expect(anonymous.status).toBe(401);
    const noCsrf = await call(t.app, 'createOrder', {
      session: { token: p.webAdmin.token, csrf: '' },
      body: payload(),
    });
    expect(noCsrf.status).toBe(403);
  });

  it('validates the payload with the contract messages', async () => {
    const messages = async (s: Session, body: unknown) => {
      const r = await create(s, body);
      expect(r.status).toBe(400);
      return r.body.errorMessages as string[];
    };
    expect(await messages(p.admin, payload())).toEqual(['Store is required']);
    expect(await messages(p.admin, payload({ storeId: 999_999 }))).toEqual(['Store must be a store id.']);
    expect(await messages(p.admin, payload({ storeId: 1 }))).toEqual(['Store must be a store id.']);
    expect(await messages(p.webAdmin, {})).toEqual(
      expect.arrayContaining(['Name is required', 'Phone Number is required', 'Add at least one item.']),
    );
    expect(await messages(p.webAdmin, payload({ orderUserPhoneNumber: '12345' }))).toEqual([
      'Phone Number must be exactly 10 digits.',
    ]);
    expect(await messages(p.webAdmin, payload({ lines: [] }))).toEqual(['Add at least one item.']);
    expect(await messages(p.webAdmin, payload({ lines: [{ itemId: 99_999, itemsCount: 1 }] }))).toEqual([
      'Item 99999 does not exist.',
    ]);
    expect(
      await messages(
        p.webAdmin,
        payload({
          lines: [
            { itemId: items[0]!.id, itemsCount: 1 },
            { itemId: items[0]!.id, itemsCount: 2 },
          ],
        }),
      ),
    ).toEqual(['Each item can be added only once.']);
    expect(await messages(p.webAdmin, payload({ lines: [{ itemId: items[0]!.id, itemsCount: 0 }] }))).toEqual(
      ['Items count must be between 1 and 100.'],
    );
    expect(await messages(p.webAdmin, payload({ deliveryPrice: '1001' }))).toEqual([
      'Delivery price less than or equal to 1000.',
    ]);
  });
});

describe('GET /api/orders/getchanges', () => {
  it('requires since, and validates the filters like the list', async () => {
    const r = await changes(p.admin, '');
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual(['Since must be an order id (0 for none).']);
    const bad = await changes(p.admin, 'since=1&status=9&from=2025-02-01&to=2025-01-01');
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessages).toEqual(expect.arrayContaining(['Status must be one of 0, 1, 2, 3, 4.']));
  });

  it('answers the latest id in scope and caps the count', async () => {
    const max = await t.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const maxA = await t.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('store_user_id', '=', storeA)
      .executeTakeFirstOrThrow();
    const admin = v.parse(OrderChangesSchema, (await changes(p.admin, 'since=0')).body.result);
    expect(admin).toMatchObject({ latestId: max.id, newOrders: NEW_ORDERS_CAP });
    const a = v.parse(OrderChangesSchema, (await changes(p.webAdmin, 'since=0')).body.result);
    expect(a.latestId).toBe(maxA.id);
    const nothing = v.parse(OrderChangesSchema, (await changes(p.admin, `since=${max.id}`)).body.result);
    expect(nothing).toMatchObject({ latestId: max.id, newOrders: 0 });
  });

  it('counts what arrived since, in scope, with the filters and search; another store’s orders never count', async () => {
    const sinceAdmin = await latestOf(p.admin);
    const sinceA = await latestOf(p.webAdmin);
    const sinceB = await latestOf(p.storeB);
    const body = payload();
    const { id } = await created(p.storeB, body);
    const of = async (s: Session, qs: string) =>
      v.parse(OrderChangesSchema, (await changes(s, qs)).body.result);

    expect(await of(p.admin, `since=${sinceAdmin}`)).toMatchObject({ latestId: id, newOrders: 1 });
    expect(await of(p.storeB, `since=${sinceB}`)).toMatchObject({ latestId: id, newOrders: 1 });
    // Store A: nothing new, and its latest id is unchanged.
    expect(await of(p.webAdmin, `since=${sinceA}`)).toMatchObject({ latestId: sinceA, newOrders: 0 });
    // The admin narrowed to store A sees nothing either.
    expect(await of(p.admin, `since=${sinceAdmin}&store=${storeA}`)).toMatchObject({ newOrders: 0 });
    expect(await of(p.admin, `since=${sinceAdmin}&store=${storeB}`)).toMatchObject({
      latestId: id,
      newOrders: 1,
    });
    // Filters: a new order is status 0 and PayOnDelivery.
    expect((await of(p.admin, `since=${sinceAdmin}&status=0`)).newOrders).toBe(1);
    expect((await of(p.admin, `since=${sinceAdmin}&status=3`)).newOrders).toBe(0);
    expect((await of(p.admin, `since=${sinceAdmin}&paymentType=Online`)).newOrders).toBe(0);
    // Search: its customer name (any case) or its phone; not another name.
    expect(
      (await of(p.admin, `since=${sinceAdmin}&q=${encodeURIComponent(body.orderUserName.toLowerCase())}`))
        .newOrders,
    ).toBe(1);
    expect((await of(p.admin, `since=${sinceAdmin}&q=9876500000`)).newOrders).toBe(1);
    expect((await of(p.admin, `since=${sinceAdmin}&q=Nobody`)).newOrders).toBe(0);
  });
});

describe('GET /api/orders/listorders?upto= (the snapshot)', () => {
  it('keeps the first row and the total while orders arrive; moving upto shows them on top', async () => {
    for (const s of [p.admin, p.webAdmin]) {
      const upto = await latestOf(s);
      const pinned = await listPage(s, `page=1&upto=${upto}`);
      const { id } = await created(s === p.admin ? p.webAdmin : s, payload());
      const still = await listPage(s, `page=1&upto=${upto}`);
      expect(still.total).toBe(pinned.total);
      expect(still.rows.map((r) => r.id)).toEqual(pinned.rows.map((r) => r.id));

      const next = await latestOf(s);
      expect(next).toBe(id);
      const moved = await listPage(s, `page=1&upto=${next}`);
      expect(moved.total).toBe(pinned.total + 1);
      expect(moved.rows[0]!.id).toBe(id);
      expect(moved.rows.slice(1).map((r) => r.id)).toEqual(pinned.rows.slice(0, -1).map((r) => r.id));
      // Without a snapshot the list is the live one.
      expect((await listPage(s, 'page=1')).total).toBe(moved.total);
    }
  });

  it('applies the snapshot to every filter, search, sort and page (totals exact)', async () => {
    const upto = await latestOf(p.admin);
    const body = payload();
    await created(p.webAdmin, body);
    const name = encodeURIComponent(body.orderUserName);
    const direct = async (where: { status?: number; payment?: string; store?: number }) => {
      let q = t.db.kysely
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', '<=', upto);
      if (where.status !== undefined) q = q.where('status', '=', where.status);
      if (where.payment) q = q.where('payment_type', '=', where.payment);
      if (where.store) q = q.where('store_user_id', '=', where.store);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    for (const [qs, where] of [
      ['status=0', { status: 0 }],
      ['paymentType=PayOnDelivery', { payment: 'PayOnDelivery' }],
      [`store=${storeA}&status=0`, { status: 0, store: storeA }],
      ['sort=paymentType&order=desc', {}],
      ['sort=totalPrice&order=asc&page=3', {}],
      ['sort=merchantName', {}],
      [`from=2000-01-01&to=2100-12-31`, {}],
    ] as const) {
      const page = await listPage(p.admin, `${qs}&upto=${upto}`);
      expect(page.total, qs).toBe(await direct(where));
      expect(
        page.rows.every((r) => r.id <= upto),
        qs,
      ).toBe(true);
    }
    expect((await listPage(p.admin, `q=${name}&upto=${upto}`)).total).toBe(0);
    expect((await listPage(p.admin, `q=${name}&upto=${upto + 1}`)).total).toBe(1);
    // A snapshot names an order id: not a number, no snapshot.
    const bad = await call(t.app, 'listOrders', { query: { upto: 'abc' }, session: p.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessages).toEqual(['Upto must be an order id.']);
  });
});

describe('getchanges with the Upcoming filter', () => {
  it('counts a new order the Upcoming list would gain, and none when the status filter excludes it', async () => {
    const since = await latestOf(p.admin);
    // New (status 0), expected in 2030: an Upcoming order.
    await created(p.admin, payload({ storeId: storeA }));
    await created(p.admin, payload({ storeId: storeA, expectedDeliveryDate: '2020-01-01' }));
    const count = async (qs: string) => {
      const r = await changes(p.admin, `since=${since}&${qs}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return v.parse(OrderChangesSchema, r.body.result).newOrders;
    };
    expect(await count('')).toBe(2);
    expect(await count('upcoming=Yes')).toBe(1);
    expect(await count('upcoming=Yes&status=0')).toBe(1);
    // Delivered orders are never upcoming.
    expect(await count('upcoming=Yes&status=3')).toBe(0);
    expect(await count('upcoming=No')).toBe(2);
  });
});
