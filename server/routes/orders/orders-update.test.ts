import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { decodeOrderUserItems, encodeItemPrices, encodeUnavailableItems } from '#contract/codecs';
import { OrderSchema } from '#contract/orders';
import { anonymousCsrf, call, type Session } from '../../test/harness';
import { p, storeA, t, useOrdersSuite } from './orders.fixtures';

useOrdersSuite();

const upsert = (s: Session, body: unknown) => call(t.app, 'upsertOrder', { session: s, body });

/** An order of store A with at least `lines` lines, of the given payment type, not used before. */
const used = new Set<number>();
async function orderOf(paymentType: 'Online' | 'PayOnDelivery', lines = 2, store = storeA) {
  const rows = await t.db.kysely
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select(['orders.id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('orders.store_user_id', '=', store)
    .where('orders.payment_type', '=', paymentType)
    .groupBy('orders.id')
    .orderBy('orders.id')
    .execute();
  const row = rows.find((r) => Number(r.n) >= lines && !used.has(r.id));
  if (!row) throw new Error('no such order in the seed');
  used.add(row.id);
  return row.id;
}

const dbOrder = (id: number) =>
  t.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const dbLines = (id: number) =>
  t.db.kysely.selectFrom('order_items').selectAll().where('order_id', '=', id).orderBy('position').execute();
const auditRows = (id: number) =>
  t.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'order')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

const base = (id: number) => ({
  id,
  status: 1,
  expecteddeliverydate: '2030-01-15',
  exphours: '10',
  expminutes: '30',
  exptimeperiod: 'AM',
  deliveryprice: '40',
  issettled: 'No',
  cancelledreason: 0,
  orderUnAvailableUserItems: '',
  orderItemsPrice: '',
});

describe('POST /api/orders/upsertorder: who may', () => {
  it('refuses anonymous (401) and MobileUser (403), changing nothing', async () => {
    const id = await orderOf('PayOnDelivery');
    const before = await dbOrder(id);
    // With a valid anonymous CSRF value, so the refusal is about the missing token.
    const anonymous = { csrf: await anonymousCsrf(t.app) };
    expect((await call(t.app, 'upsertOrder', { session: anonymous, body: base(id) })).status).toBe(401);
    const mobile = await upsert(p.mobileUser, base(id));
    expect(mobile.status).toBe(403);
    expect(await dbOrder(id)).toEqual(before);
  });

  it("answers another store's order exactly as a missing one", async () => {
    const id = await orderOf('PayOnDelivery');
    const before = await dbOrder(id);
    const theirs = await upsert(p.storeB, base(id));
    const missing = await upsert(p.storeB, base(99_999_999));
    expect((await upsert(p.admin, base(999_999_999_999_999))).body).toEqual(missing.body);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body).toEqual({ isSuccess: false, result: null, errorMessages: ['Order not found'] });
    expect(await dbOrder(id)).toEqual(before);
    // The WebUser is a store of its own: store A's order is not theirs either.
    expect((await upsert(p.webUser, base(id))).status).toBe(404);
  });

  it('lets the store and BlueTikAdmin update, answering the saved order', async () => {
    for (const s of [p.webAdmin, p.admin]) {
      const id = await orderOf('PayOnDelivery');
      const r = await upsert(s, { ...base(id), status: '2', exptimeperiod: 'PM' });
      expect(r.status).toBe(200);
      const saved = v.parse(v.strictObject(OrderSchema.entries), r.body.result);
      expect(saved).toMatchObject({
        id,
        status: 2,
        expectedDeliveryDate: '2030-01-15',
        expHours: 10,
        expMinutes: 30,
        expTimePeriod: 'PM',
        deliveryPrice: 40,
      });
      expect((await call(t.app, 'getOrderById', { params: { id }, session: s })).body.result).toEqual(saved);
    }
  });
});

describe('POST /api/orders/upsertorder: totals', () => {
  it('recomputes every total from stored lines, not-available flags and new prices', async () => {
    const id = await orderOf('PayOnDelivery', 3);
    const lines = await dbLines(id);
    const [a, b, c] = lines as [(typeof lines)[0], (typeof lines)[0], (typeof lines)[0]];
    const r = await upsert(p.webAdmin, {
      ...base(id),
      deliveryprice: 35,
      orderUnAvailableUserItems: encodeUnavailableItems([
        { itemId: a.item_id, checked: true },
        { itemId: b.item_id, checked: false },
      ]),
      orderItemsPrice: encodeItemPrices([
        { itemId: b.item_id, price: '12.5' },
        { itemId: c.item_id, price: '' },
      ]),
      // Client totals are never read.
      totalPrice: 1,
      grandTotal: 2,
      settlementAmt: 3,
      itemsCount: 99,
    });
    expect(r.status).toBe(200);
    const others = lines.slice(3).filter((l) => l.is_not_available === 0);
    const itemsTotal = b.items_count * 1250 + others.reduce((s, l) => s + l.items_count * l.price, 0);
    expect(r.body.result).toMatchObject({
      totalPrice: itemsTotal / 100,
      deliveryPrice: 35,
      grandTotal: (itemsTotal + 3500) / 100,
      settlementAmt: null,
      itemsCount: lines.reduce((s, l) => s + l.items_count, 0),
    });
    const order = await dbOrder(id);
    expect(order).toMatchObject({ items_total: itemsTotal, delivery_price: 3500, settlement_amount: 0 });
    const after = await dbLines(id);
    expect(after[0]).toMatchObject({ is_not_available: 1, price: a.price, total: a.items_count * a.price });
    expect(after[1]).toMatchObject({ is_not_available: 0, price: 1250, total: b.items_count * 1250 });
    expect(after[2]).toMatchObject({ price: 0, total: 0 });
    // The encoded tree says the same.
    const tree = decodeOrderUserItems(r.body.result.orderUserItems);
    const decoded = tree.success ? tree.output.flatMap((cat) => cat.items) : [];
    expect(decoded.find((l) => l.itemId === a.item_id)).toMatchObject({ isDeleted: true });
    expect(decoded.find((l) => l.itemId === b.item_id)).toMatchObject({
      price: 12.5,
      totalPrice: (b.items_count * 1250) / 100,
    });

    // Ticking the line back makes it count again.
    const back = await upsert(p.webAdmin, {
      ...base(id),
      deliveryprice: 35,
      orderUnAvailableUserItems: `${a.item_id}|false`,
    });
    expect(back.body.result.totalPrice).toBe((itemsTotal + a.items_count * a.price) / 100);
  });

  it('keeps an Online order’s prices, not-available flags and delivery price (the payment is taken)', async () => {
    const id = await orderOf('Online', 2);
    const before = await dbOrder(id);
    const lines = await dbLines(id);
    const r = await upsert(p.webAdmin, {
      ...base(id),
      status: 3,
      deliveryprice: 999,
      orderUnAvailableUserItems: `${lines[0]!.item_id}|true`,
      orderItemsPrice: `${lines[1]!.item_id}|1.00`,
    });
    expect(r.status).toBe(200);
    expect(await dbLines(id)).toEqual(lines);
    const after = await dbOrder(id);
    expect(after).toMatchObject({
      status: 3,
      delivery_price: before.delivery_price,
      items_total: before.items_total,
      settlement_amount: before.items_total + before.delivery_price,
    });
    expect(r.body.result).toMatchObject({
      settlementAmt: (before.items_total + before.delivery_price) / 100,
      grandTotal: (before.items_total + before.delivery_price) / 100,
    });
  });

  it('refuses item ids the order does not hold (400), changing nothing', async () => {
    const id = await orderOf('PayOnDelivery');
    const before = await dbOrder(id);
    const r = await upsert(p.webAdmin, {
      ...base(id),
      orderUnAvailableUserItems: '999991|true',
      orderItemsPrice: '999992|10',
    });
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual([
      'Item 999991 is not part of this order.',
      'Item 999992 is not part of this order.',
    ]);
    expect(await dbOrder(id)).toEqual(before);
  });

  it('refuses amounts past what an order may hold (400, never 500)', async () => {
    const id = await orderOf('PayOnDelivery');
    const [line] = await dbLines(id);
    const r = await upsert(p.webAdmin, { ...base(id), orderItemsPrice: `${line!.item_id}|999999999999` });
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual(['Order amounts cannot be more than Rs 1,00,00,000.00.']);
  });
});

describe('POST /api/orders/upsertorder: settled, status and reasons', () => {
  it('applies isSettled for BlueTikAdmin only; others’ value is ignored', async () => {
    const id = await orderOf('Online');
    const before = (await dbOrder(id)).is_settled;
    const store = await upsert(p.webAdmin, { ...base(id), issettled: before ? 'No' : 'Yes' });
    expect(store.status).toBe(200);
    expect((await dbOrder(id)).is_settled).toBe(before);
    const admin = await upsert(p.admin, { ...base(id), issettled: before ? 'No' : 'Yes' });
    expect(admin.body.result).toMatchObject({ isSettled: before ? 'No' : 'Yes' });
    expect((await dbOrder(id)).is_settled).toBe(before ? 0 : 1);
  });

  it('requires a cancelled reason with status 4 and clears it otherwise', async () => {
    const id = await orderOf('PayOnDelivery');
    const none = await upsert(p.webAdmin, { ...base(id), status: 4, cancelledreason: '' });
    expect(none.status).toBe(400);
    expect(none.body.errorMessages).toEqual(['Please select a cancelled reason']);
    const bad = await upsert(p.webAdmin, { ...base(id), status: 4, cancelledreason: 11 });
    expect(bad.status).toBe(400);

    const ok = await upsert(p.webAdmin, { ...base(id), status: '4', cancelledreason: '7' });
    expect(ok.body.result).toMatchObject({ status: 4, cancelledReason: 7 });
    expect((await dbOrder(id)).cancelled_reason).toBe(7);

    const reopened = await upsert(p.webAdmin, { ...base(id), status: 0, cancelledreason: 7 });
    expect(reopened.body.result).toMatchObject({ status: 0, cancelledReason: 0 });
    expect((await dbOrder(id)).cancelled_reason).toBeNull();
  });

  it('sets any status freely (3 back to 0 and on to 2)', async () => {
    const id = await orderOf('PayOnDelivery');
    for (const status of [3, 0, 2]) {
      const r = await upsert(p.webAdmin, { ...base(id), status });
      expect(r.body.result).toMatchObject({ status });
    }
  });

  it('answers bad payloads with 400 and every message, changing nothing', async () => {
    const id = await orderOf('PayOnDelivery');
    const before = await dbOrder(id);
    const r = await upsert(p.webAdmin, {
      ...base(id),
      status: 9,
      exphours: '13',
      expminutes: '60',
      exptimeperiod: 'XM',
      deliveryprice: '1001',
      issettled: 'Maybe',
      expecteddeliverydate: '2030-02-30',
      orderItemsPrice: 'x|1',
    });
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual(
      expect.arrayContaining([
        'Status is required',
        'Hours must be between 1 and 12.',
        'Minutes must be between 0 and 59.',
        'Time period is required',
        'Delivery price less than or equal to 1000.',
        'Is Settled is required',
        'Expected delivery date must be a valid date.',
      ]),
    );
    for (const [field, value, message] of [
      ['exphours', '0', 'Hours must be between 1 and 12.'],
      ['exphours', '', 'Hours is required'],
      ['deliveryprice', '-5', 'Only numbers are allowed.'],
      ['deliveryprice', '', 'Delivery price is required and must be at least zero.'],
      ['orderItemsPrice', '1|12.345', 'Only numbers or decimals with two digits are allowed.'],
      ['orderItemsPrice', '1|abc', 'Only numbers or decimals with two digits are allowed.'],
      [
        'orderUnAvailableUserItems',
        '1|maybe',
        'orderUnAvailableUserItems entry 1: checked must be true or false.',
      ],
      ['id', 'abc', 'Invalid id'],
    ] as const) {
      const bad = await upsert(p.webAdmin, { ...base(id), [field]: value });
      expect(bad.status, `${field}=${value}`).toBe(400);
      expect(bad.body.errorMessages).toContain(message);
    }
    for (const body of ['not json', '[]', 'null', '{"id":1}']) {
      const bad = await upsert(p.webAdmin, body);
      expect(bad.status, body).toBe(400);
    }
    expect(await dbOrder(id)).toEqual(before);
  });
});

describe('POST /api/orders/upsertorder: audit', () => {
  it('records who changed what, in the same transaction, and gethistory shows it', async () => {
    const id = await orderOf('PayOnDelivery');
    const [line] = await dbLines(id);
    const before = await dbOrder(id);
    expect(await auditRows(id)).toEqual([]);
    await upsert(p.webAdmin, {
      ...base(id),
      status: 4,
      cancelledreason: 2,
      orderItemsPrice: `${line!.item_id}|${(line!.price + 100) / 100}`,
    });
    const rows = await auditRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_name: 'Ravi Kumar', action: 'update' });
    const changes = JSON.parse(rows[0]!.changes) as Record<string, [unknown, unknown]>;
    expect(changes.status).toEqual([before.status, 4]);
    expect(changes.cancelledReason).toEqual([before.cancelled_reason ?? 0, 2]);
    expect(changes[`item ${line!.item_id} price`]).toEqual([line!.price / 100, (line!.price + 100) / 100]);
    expect(changes.totalPrice?.[1]).toBe((changes.totalPrice![0] as number) + line!.items_count);

    // A refused update writes no trail.
    await upsert(p.webAdmin, { ...base(id), orderItemsPrice: '999999|1' });
    expect(await auditRows(id)).toHaveLength(1);
  });
});
