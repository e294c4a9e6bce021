import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MAX_ISSUES } from '#contract/bounded';
import { ItemSchema } from '#contract/items';
import { ORDER_ONLINE_REFUSED_MESSAGE } from '#contract/order-create';
import { ORDER_MAX_LINES, OrderSchema, orderListTooLongMessage, type Order } from '#contract/orders';
import { JSON_BOUNDS_MESSAGE } from '../../http/json-bounds';
import { call, type Session } from '../../test/harness';
import { validBodies, validOrderUpdate } from '../../test/route-samples';
import { badEntries, emptyObjects } from '../../test/worst-cases';
import { p, STORE_A, storeA, t, useOrdersSuite, userIdOf } from './orders.fixtures';

/*
 * Issue 23, as a caller sees it: oversized lists are refused by their length with a few
 * messages (bench:stall times the same requests against the built server), and no store
 * can create an order the platform would owe it money for.
 */

let item: { id: number };
useOrdersSuite({ orders: 200 }, async () => {
  item = await t.db.kysely.selectFrom('items').select('id').orderBy('id').executeTakeFirstOrThrow();
});

/** The first order in the caller's scope. */
async function ownOrder(s: Session): Promise<Order> {
  const r = await call(t.app, 'listOrders', {
    query: { page: '1', pageSize: '1', sort: 'createdDate' },
    session: s,
  });
  const id = r.body.result.rows[0]!.id;
  return v.parse(
    OrderSchema,
    (await call(t.app, 'getOrderById', { params: { id }, session: s })).body.result,
  );
}

const upsert = (s: Session, body: unknown) => call(t.app, 'upsertOrder', { session: s, body });
const create = (s: Session, body: unknown) => call(t.app, 'createOrder', { session: s, body });
/** A valid createorder payload with `over` (the storeId counts for BlueTikAdmin only). */
const newOrder = (over: Record<string, unknown> = {}) => ({
  ...validBodies({ order: 0, category: 0, item: item.id, user: storeA, role: 0 }, {}).createOrder,
  ...over,
});

describe('oversized lists are refused by their length', () => {
  it(`100,000 bad prices on the caller's own order: 400, at most ${MAX_ISSUES} messages, nothing saved`, async () => {
    const before = await ownOrder(p.webUser);
    for (const entries of [100_000, ORDER_MAX_LINES]) {
      const r = await upsert(p.webUser, {
        ...validOrderUpdate(before.id),
        orderItemsPrice: badEntries(entries),
      });
      expect(r.status).toBe(400);
      expect(r.body.errorMessages.length).toBeGreaterThan(0);
      expect(r.body.errorMessages.length).toBeLessThanOrEqual(MAX_ISSUES);
    }
    const r = await upsert(p.webUser, {
      ...validOrderUpdate(before.id),
      orderItemsPrice: badEntries(100_000),
    });
    expect(r.body.errorMessages).toEqual([orderListTooLongMessage('orderItemsPrice')]);
    expect(
      (await call(t.app, 'getOrderById', { params: { id: before.id }, session: p.webUser })).body.result,
    ).toEqual(before);
  });

  it('330,000 empty lines: 400 with one message, before the body is parsed; nothing created', async () => {
    const count = async () =>
      (await call(t.app, 'getOrderChanges', { query: { since: '0' }, session: p.webUser })).body.result
        .latestId as number;
    const latest = await count();
    const body = JSON.stringify({ ...newOrder(), lines: 'LINES' }).replace('"LINES"', emptyObjects(330_000));
    const r = await create(p.webUser, body);
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual([JSON_BOUNDS_MESSAGE]);
    expect(await count()).toBe(latest);
  });

  it('lines past the limit that the body bounds let through get the limit’s message alone (no line is read)', async () => {
    const r = await create(p.webUser, newOrder({ lines: Array(3000).fill({}) }));
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual([`An order cannot hold more than ${ORDER_MAX_LINES} items.`]);
  });
});

describe('createorder never creates a debt', () => {
  const dashboardAndSales = async (s: Session) => ({
    dashboard: (await call(t.app, 'getDashboardOrder', { session: s })).body.result,
    sales: (await call(t.app, 'getYearlySales', { query: { year: new Date().getUTCFullYear() }, session: s }))
      .body.result,
    latest: (await call(t.app, 'getOrderChanges', { query: { since: '0' }, session: s })).body.result
      .latestId,
  });

  it('refuses an Online order from WebUser, WebAdmin and BlueTikAdmin with a clear message; dashboard and sales unchanged', async () => {
    const before = {
      admin: await dashboardAndSales(p.admin),
      webAdmin: await dashboardAndSales(p.webAdmin),
      webUser: await dashboardAndSales(p.webUser),
    };
    for (const s of [p.webUser, p.webAdmin, p.admin]) {
      const r = await create(s, newOrder({ paymentType: 'Online' }));
      expect(r.status).toBe(400);
      expect(r.body.errorMessages).toEqual([ORDER_ONLINE_REFUSED_MESSAGE]);
    }
    expect(await dashboardAndSales(p.admin)).toEqual(before.admin);
    expect(await dashboardAndSales(p.webAdmin)).toEqual(before.webAdmin);
    expect(await dashboardAndSales(p.webUser)).toEqual(before.webUser);
  });

  it('creates a counter order as Pay on delivery, with no settlement, when the payment type is left out', async () => {
    const { paymentType: _omitted, ...body } = newOrder();
    const r = await create(p.webUser, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const order = (
      await call(t.app, 'getOrderById', { params: { id: r.body.result.id }, session: p.webUser })
    ).body.result;
    expect(order).toMatchObject({ paymentType: 'PayOnDelivery', settlementAmt: null, isSettled: 'No' });
  });

  it("a WebAdmin's catalog price raise changes no existing order, is in the audit trail with its author, and can't buy an Online order", async () => {
    const order = await ownOrder(p.webAdmin);
    const line = await t.db.kysely
      .selectFrom('order_items')
      .select('item_id')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const current = v.parse(
      ItemSchema,
      (await call(t.app, 'getItemById', { params: { id: line.item_id }, session: p.webAdmin })).body.result,
    );
    let version = current.version;
    const save = async (price: number) => {
      const r = await call(t.app, 'upsertItem', {
        session: p.webAdmin,
        body: { ...current, version, price: String(price), mrp: String(Math.max(price, current.mrp)) },
      });
      // The next save names the version this one stored (a stale one is a 409).
      if (r.status === 200) version = v.parse(ItemSchema, r.body.result).version;
      return r;
    };
    const sales = await dashboardAndSales(p.webAdmin);

    expect((await save(10_000)).status).toBe(200);
    const online = await create(
      p.webAdmin,
      newOrder({ paymentType: 'Online', lines: [{ itemId: line.item_id, itemsCount: 100 }] }),
    );
    expect(online.status).toBe(400);
    expect(
      (await call(t.app, 'getOrderById', { params: { id: order.id }, session: p.webAdmin })).body.result,
    ).toEqual(order);
    expect((await save(current.price)).status).toBe(200);
    expect(
      (await call(t.app, 'getOrderById', { params: { id: order.id }, session: p.webAdmin })).body.result,
    ).toEqual(order);
    expect(await dashboardAndSales(p.webAdmin)).toEqual(sales);

    const trail = await t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'user_name', 'action', 'changes'])
      .where('entity', '=', 'item')
      .where('entity_id', '=', line.item_id)
      .orderBy('id')
      .execute();
    const webAdminId = await userIdOf(t, STORE_A);
    expect(
      trail.map((a) => [a.user_id, a.action, (JSON.parse(a.changes) as { price?: unknown }).price]),
    ).toEqual([
      [webAdminId, 'update', [current.price, 10_000]],
      [webAdminId, 'update', [10_000, current.price]],
    ]);
    expect(trail[0]!.user_name).toBe(p.webAdmin.result.name);
  });
});
