import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { decodeOrderUserItems } from '#contract/codecs';
import { ENDPOINTS } from '#contract/endpoints';
import { OrderHistorySchema } from '#contract/order-history';
import { DashboardSchema, OrderPageSchema, OrderSchema, YearlySalesSchema } from '#contract/orders';
import { anonymousCsrf, call, send, type Session } from '../../test/harness';
import { indiaDateOf, p, ROLE_SESSIONS, storeA, storeB, t, useOrdersSuite } from './orders.fixtures';

useOrdersSuite();

const firstOrderOf = async (store: number) =>
  (
    await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('store_user_id', '=', store)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

const remove = (s: Session, id: number | string) =>
  call(t.app, 'removeOrder', { params: { id }, session: s });

describe('anonymous callers', () => {
  it('get 401 from every orders call', async () => {
    const csrf = await anonymousCsrf(t.app);
    for (const [name, e] of Object.entries(ENDPOINTS)) {
      if (!e.path.startsWith('/orders/')) continue;
      const r = await send(t.app, e.method, `/api${e.path.replace(':id', '1')}`, {
        session: { csrf },
        ...(e.method === 'POST' ? { body: {} } : {}),
      });
      expect(r.status, name).toBe(401);
    }
  });
});

describe('GET /api/orders/getorderbyid/:id', () => {
  it('answers an order in scope with its item tree encoded', async () => {
    const id = await firstOrderOf(storeA);
    for (const s of [p.admin, p.webAdmin]) {
      const r = await call(t.app, 'getOrderById', { params: { id }, session: s });
      expect(r.status).toBe(200);
      const order = v.parse(v.strictObject(OrderSchema.entries), r.body.result);
      const lines = await t.db.kysely
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', '=', id)
        .orderBy('position')
        .execute();
      const tree = decodeOrderUserItems(order.orderUserItems);
      expect(tree.success).toBe(true);
      const decoded = tree.output!.flatMap((c) => c.items.map((i) => ({ ...i, category: c.category })));
      expect(decoded).toEqual(
        lines.map((l) => ({
          category: l.category_name,
          itemId: l.item_id,
          isDeleted: l.is_not_available === 1,
          name: l.name,
          itemsCount: l.items_count,
          qty: l.qty,
          price: l.price / 100,
          totalPrice: l.total / 100,
          image: l.image,
        })),
      );
      expect(order.merchantName).toBe('Fresh Mart Kondapur');
      expect(order.itemsCount).toBe(lines.reduce((n, l) => n + l.items_count, 0));
    }
  });

  it("answers another store's order exactly as a missing one", async () => {
    const theirs = await firstOrderOf(storeB);
    for (const s of [p.webAdmin, p.webUser, p.mobileUser]) {
      const other = await call(t.app, 'getOrderById', { params: { id: theirs }, session: s });
      const missing = await call(t.app, 'getOrderById', { params: { id: 99999999 }, session: s });
      const huge = await call(t.app, 'getOrderById', { params: { id: 999999999999999 }, session: s });
      expect(other.status).toBe(404);
      expect(other.body).toEqual(missing.body);
      expect(huge.body).toEqual(missing.body);
      expect(other.body.errorMessages).toEqual(['Order not found']);
    }
    expect((await call(t.app, 'getOrderById', { params: { id: theirs }, session: p.storeB })).status).toBe(
      200,
    );
  });

  it('refuses a malformed id with 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const r = await call(t.app, 'getOrderById', { params: { id }, session: p.admin });
      expect(r.status, id).toBe(400);
      expect(r.body.errorMessages).toEqual(['Invalid id']);
    }
  });
});

describe('GET /api/orders/getdashboardorder', () => {
  it('counts per status equal the list totals, for every principal', async () => {
    for (const key of ROLE_SESSIONS) {
      const s = p[key];
      const r = await call(t.app, 'getDashboardOrder', { session: s });
      expect(r.status).toBe(200);
      const d = v.parse(DashboardSchema, r.body.result);
      const totals = await Promise.all(
        [0, 1, 2, 3, 4].map(
          async (status) =>
            v.parse(
              OrderPageSchema,
              (await call(t.app, 'listOrders', { query: { status, pageSize: '1' }, session: s })).body.result,
            ).total,
        ),
      );
      expect(
        [d.newOrders, d.processingOrder, d.ontheWayOrder, d.deliveredOrder, d.cancelledOrder],
        key,
      ).toEqual(totals);
    }
  });

  it('counts as Upcoming the open orders expected after today', async () => {
    const today = indiaDateOf(Date.now());
    // Make one of store A's orders surely upcoming, and one delivered order in the future (not upcoming).
    const [a, b] = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('store_user_id', '=', storeA)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    await t.db.kysely
      .updateTable('orders')
      .set({ status: 1, expected_delivery_date: '2099-01-01' })
      .where('id', '=', a!.id)
      .execute();
    await t.db.kysely
      .updateTable('orders')
      .set({ status: 3, expected_delivery_date: '2099-01-01' })
      .where('id', '=', b!.id)
      .execute();
    const all = await t.db.kysely.selectFrom('orders').selectAll().execute();
    const upcoming = (store?: number) =>
      all.filter(
        (o) =>
          (store === undefined || o.store_user_id === store) &&
          o.status !== 3 &&
          o.status !== 4 &&
          o.expected_delivery_date !== null &&
          o.expected_delivery_date > today,
      ).length;
    const admin = v.parse(
      DashboardSchema,
      (await call(t.app, 'getDashboardOrder', { session: p.admin })).body.result,
    );
    const store = v.parse(
      DashboardSchema,
      (await call(t.app, 'getDashboardOrder', { session: p.webAdmin })).body.result,
    );
    expect(admin.upCommingOrder).toBe(upcoming());
    expect(store.upCommingOrder).toBe(upcoming(storeA));
    expect(store.upCommingOrder).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /api/orders/getyearlysales', () => {
  it('sums Delivered grand totals by India month, scoped like the list', async () => {
    const year = new Date().getUTCFullYear() - 1;
    const all = await t.db.kysely.selectFrom('orders').selectAll().execute();
    // Each order's India month from the platform's time-zone data (not the server's SQL).
    const india = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: 'numeric',
    });
    const monthOf = (iso: string) => {
      const parts = india.formatToParts(new Date(iso));
      return ['year', 'month'].map((type) => Number(parts.find((x) => x.type === type)!.value)) as [
        number,
        number,
      ];
    };
    const expected = (store?: number) => {
      const months = Array.from({ length: 12 }, () => 0);
      for (const o of all) {
        const [y, m] = monthOf(o.created_at);
        if (o.status === 3 && y === year && (store === undefined || o.store_user_id === store))
          months[m - 1]! += o.items_total + o.delivery_price;
      }
      return months.map((paise) => paise / 100);
    };
    for (const [s, store] of [
      [p.admin, undefined],
      [p.webAdmin, storeA],
      [p.storeB, storeB],
    ] as const) {
      const r = await call(t.app, 'getYearlySales', { query: { year }, session: s });
      expect(r.status).toBe(200);
      expect(v.parse(YearlySalesSchema, r.body.result)).toEqual({ year, months: expected(store) });
    }
    expect(expected().some((m) => m > 0)).toBe(true);
  });

  it('defaults to the current year; a year without orders is twelve zeros', async () => {
    const r = await call(t.app, 'getYearlySales', { session: p.admin });
    expect(r.body.result.year).toBe(new Date().getUTCFullYear());
    const empty = await call(t.app, 'getYearlySales', { query: { year: '2001' }, session: p.admin });
    expect(empty.body.result).toEqual({ year: 2001, months: Array(12).fill(0) });
  });

  it('refuses a bad year with 400', async () => {
    for (const year of ['1999', '2101', 'abc', '20x5', '2024.5']) {
      const r = await call(t.app, 'getYearlySales', { query: { year }, session: p.admin });
      expect(r.status, year).toBe(400);
      expect(r.body.errorMessages).toEqual(['Year must be between 2000 and 2100.']);
    }
  });
});

describe('DELETE /api/orders/removeorder/:id and GET /api/orders/gethistory/:id', () => {
  it('refuses every role but BlueTikAdmin (403), changing nothing', async () => {
    const id = await firstOrderOf(storeA);
    for (const s of [p.webAdmin, p.webUser, p.mobileUser, p.storeB]) {
      const r = await remove(s, id);
      expect(r.status).toBe(403);
    }
    expect((await call(t.app, 'getOrderById', { params: { id }, session: p.webAdmin })).status).toBe(200);
  });

  it('lets BlueTikAdmin remove an order and its lines, with an audit row', async () => {
    const id = await firstOrderOf(storeB);
    const order = await t.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const r = await remove(p.admin, id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ isSuccess: true, result: true, errorMessages: [] });
    expect((await call(t.app, 'getOrderById', { params: { id }, session: p.admin })).status).toBe(404);
    const lines = await t.db.kysely
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', id)
      .execute();
    expect(lines).toEqual([]);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'order')
      .where('entity_id', '=', id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'remove', user_name: 'Platform Admin' });
    expect(JSON.parse(audit[0]!.changes)).toMatchObject({ orderNumber: order.order_number });

    expect((await remove(p.admin, '999999999999999')).status).toBe(404);
    const again = await remove(p.admin, id);
    expect(again.status).toBe(404);
    expect(again.body.errorMessages).toEqual(['Order not found']);
    expect((await remove(p.admin, 'abc')).status).toBe(400);
  });

  it('answers the order history oldest first, scoped like getorderbyid', async () => {
    const id = await firstOrderOf(storeA);
    const payload = {
      id,
      status: 2,
      expecteddeliverydate: '',
      exphours: 3,
      expminutes: 15,
      exptimeperiod: 'PM',
      deliveryprice: 10,
      issettled: 'No',
      cancelledreason: 0,
    };
    expect((await call(t.app, 'upsertOrder', { session: p.webAdmin, body: payload })).status).toBe(200);
    expect(
      (await call(t.app, 'upsertOrder', { session: p.admin, body: { ...payload, status: 3 } })).status,
    ).toBe(200);
    const r = await call(t.app, 'getOrderHistory', { params: { id }, session: p.webAdmin });
    expect(r.status).toBe(200);
    const history = v.parse(OrderHistorySchema, r.body.result);
    expect(history.map((h) => [h.userName, h.action])).toEqual([
      ['Ravi Kumar', 'update'],
      ['Platform Admin', 'update'],
    ]);
    expect(history[1]!.changes.status).toEqual([2, 3]);
    expect((await call(t.app, 'getOrderHistory', { params: { id }, session: p.admin })).body).toEqual(r.body);

    const other = await call(t.app, 'getOrderHistory', { params: { id }, session: p.storeB });
    const missing = await call(t.app, 'getOrderHistory', { params: { id: 99999999 }, session: p.storeB });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect((await call(t.app, 'getOrderHistory', { params: { id: 'x' }, session: p.admin })).status).toBe(
      400,
    );
    expect(
      (await call(t.app, 'getOrderHistory', { params: { id: 999999999999999 }, session: p.admin })).status,
    ).toBe(404);
  });
});
