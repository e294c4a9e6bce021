import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OrderListRowSchema, OrderListSchema, OrderPageSchema, type OrderListRow } from '#contract/orders';
import { call, queryOf } from '../../test/harness';
import {
  indiaDateOf,
  p,
  STORE_A,
  STORE_B,
  storeA,
  storeB,
  t,
  useOrdersSuite,
  userIdOf,
} from './orders.fixtures';

useOrdersSuite();

const strictRow = v.strictObject(OrderListRowSchema.entries);
const page = (body: { result: unknown }) => v.parse(OrderPageSchema, body.result);

/** How many orders the database holds for `where` (direct count, to compare with). */
async function countWhere(where: { store?: number; status?: number[]; paymentType?: string }) {
  let q = t.db.kysely.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where.store) q = q.where('store_user_id', '=', where.store);
  if (where.status) q = q.where('status', 'in', where.status);
  if (where.paymentType) q = q.where('payment_type', '=', where.paymentType);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

const sortedBy = <T>(xs: T[], key: (x: T) => string | number, dir: 'asc' | 'desc') =>
  xs.every((x, i) => {
    if (i === 0) return true;
    const a = key(xs[i - 1]!);
    const b = key(x);
    return dir === 'asc' ? a <= b : a >= b;
  });

describe('GET /api/orders/listorders (plain)', () => {
  it('answers 401 without a token', async () => {
    expect((await call(t.app, 'listOrders')).status).toBe(401);
  });

  it('gives BlueTikAdmin every order, newest first, in the contract shape', async () => {
    const r = await call(t.app, 'listOrders', { session: p.admin });
    expect(r.status).toBe(200);
    const rows = v.parse(v.array(strictRow), r.body.result);
    expect(rows).toHaveLength(await countWhere({}));
    expect(sortedBy(rows, (o) => o.createdDate, 'desc')).toBe(true);
    expect(new Set(rows.map((o) => o.merchantName)).size).toBeGreaterThan(2);
    expect(JSON.stringify(r.body)).not.toMatch(/password|hash|orderUserItems/i);
  });

  it("gives every other role only its own store's orders", async () => {
    for (const [s, phone] of [
      [p.webAdmin, STORE_A],
      [p.webUser, '9000000003'],
      [p.mobileUser, '9000000004'],
      [p.storeB, STORE_B],
    ] as const) {
      const rows = v.parse(OrderListSchema, (await call(t.app, 'listOrders', { session: s })).body.result);
      const id = await userIdOf(t, phone);
      expect(rows.length).toBe(await countWhere({ store: id }));
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((o) => o.merchantName)).size).toBe(1);
    }
  });

  it('shows settlement as null (NA) for PayOnDelivery and the grand total for Online', async () => {
    const rows = v.parse(
      OrderListSchema,
      (await call(t.app, 'listOrders', { session: p.admin })).body.result,
    );
    for (const o of rows) {
      expect(o.grandTotal).toBeCloseTo(o.totalPrice + o.deliveryPrice, 2);
      if (o.paymentType === 'PayOnDelivery') expect(o.settlementAmt).toBeNull();
      else expect(o.settlementAmt).toBe(o.grandTotal);
    }
  });
});

describe('GET /api/orders/listorders (paged)', () => {
  it('answers the acceptance query with { rows, total, page, pageSize }', async () => {
    const r = await call(t.app, 'listOrders', {
      query: { page: '1', pageSize: '50', sort: 'createdDate', order: 'desc', status: '1' },
      session: p.admin,
    });
    expect(r.status).toBe(200);
    const res = page(r.body);
    expect(res).toMatchObject({ page: 1, pageSize: 50, total: await countWhere({ status: [1] }) });
    expect(res.rows.length).toBe(Math.min(50, res.total));
    expect(res.rows.every((o) => o.status === 1)).toBe(true);
    expect(sortedBy(res.rows, (o) => o.createdDate, 'desc')).toBe(true);
  });

  it('pages without overlap or gaps, and past the end answers no rows', async () => {
    const big = page(
      (await call(t.app, 'listOrders', { query: { pageSize: '60', sort: 'totalPrice' }, session: p.admin }))
        .body,
    );
    const one = page(
      (
        await call(t.app, 'listOrders', {
          query: { pageSize: '30', sort: 'totalPrice', page: '1' },
          session: p.admin,
        })
      ).body,
    );
    const two = page(
      (
        await call(t.app, 'listOrders', {
          query: { pageSize: '30', sort: 'totalPrice', page: '2' },
          session: p.admin,
        })
      ).body,
    );
    expect([...one.rows, ...two.rows].map((o) => o.id)).toEqual(big.rows.map((o) => o.id));
    const beyond = page(
      (await call(t.app, 'listOrders', { query: { pageSize: '500', page: '1000' }, session: p.admin })).body,
    );
    expect(beyond).toMatchObject({ rows: [], total: big.total, page: 1000, pageSize: 500 });
  });

  it('defaults to newest first, 25 a page', async () => {
    const res = page((await call(t.app, 'listOrders', { query: { page: '1' }, session: p.webAdmin })).body);
    expect(res.pageSize).toBe(25);
    expect(res.total).toBe(await countWhere({ store: storeA }));
    expect(sortedBy(res.rows, (o) => o.createdDate, 'desc')).toBe(true);
  });

  it.each([
    ['totalPrice', (o: OrderListRow) => o.totalPrice],
    ['orderUserName', (o: OrderListRow) => o.orderUserName.toLowerCase()],
    ['orderNumber', (o: OrderListRow) => o.orderNumber],
    ['settlementAmt', (o: OrderListRow) => o.settlementAmt ?? 0],
    ['merchantName', (o: OrderListRow) => o.merchantName.toLowerCase()],
    ['status', (o: OrderListRow) => o.status],
  ] as const)('sorts by %s both ways', async (sort, key) => {
    for (const order of ['asc', 'desc'] as const) {
      const res = page(
        (await call(t.app, 'listOrders', { query: { pageSize: '200', sort, order }, session: p.admin })).body,
      );
      expect(res.rows).toHaveLength(200);
      expect(sortedBy(res.rows, key, order)).toBe(true);
    }
  });

  it('filters by several statuses (repeated or comma-separated)', async () => {
    const a = page(
      (
        await call(t.app, 'listOrders', {
          query: { status: ['0', '2'], pageSize: '500' },
          session: p.admin,
        })
      ).body,
    );
    const b = page(
      (await call(t.app, 'listOrders', { query: { status: '2,0', pageSize: '500' }, session: p.admin })).body,
    );
    expect(a.total).toBe(await countWhere({ status: [0, 2] }));
    expect(b.total).toBe(a.total);
    expect(a.rows.every((o) => o.status === 0 || o.status === 2)).toBe(true);
  });

  it('filters by payment type and settled', async () => {
    const online = page(
      (
        await call(t.app, 'listOrders', {
          query: { paymentType: 'Online', pageSize: '500' },
          session: p.webAdmin,
        })
      ).body,
    );
    expect(online.total).toBe(await countWhere({ store: storeA, paymentType: 'Online' }));
    expect(online.rows.every((o) => o.paymentType === 'Online')).toBe(true);
    const settled = page(
      (await call(t.app, 'listOrders', { query: { isSettled: 'Yes', pageSize: '500' }, session: p.admin }))
        .body,
    );
    const unsettled = page(
      (await call(t.app, 'listOrders', { query: { isSettled: 'No', pageSize: '1' }, session: p.admin })).body,
    );
    expect(settled.total).toBeGreaterThan(0);
    expect(settled.rows.every((o) => o.isSettled === 'Yes')).toBe(true);
    expect(settled.total + unsettled.total).toBe(await countWhere({}));
  });

  it('filters by created date, whole India days inclusive', async () => {
    const all = v.parse(OrderListSchema, (await call(t.app, 'listOrders', { session: p.admin })).body.result);
    const day = indiaDateOf(all[100]!.createdDate);
    const sameDay = all.filter((o) => indiaDateOf(o.createdDate) === day);
    const res = page(
      (await call(t.app, 'listOrders', { query: { from: day, to: day, pageSize: '500' }, session: p.admin }))
        .body,
    );
    expect(res.rows.map((o) => o.id).sort()).toEqual(sameDay.map((o) => o.id).sort());
    const from = indiaDateOf(all[500]!.createdDate);
    const since = page(
      (await call(t.app, 'listOrders', { query: { from, pageSize: '1' }, session: p.admin })).body,
    );
    expect(since.total).toBe(all.filter((o) => indiaDateOf(o.createdDate) >= from).length);
    const until = page(
      (await call(t.app, 'listOrders', { query: { to: from, pageSize: '1' }, session: p.admin })).body,
    );
    expect(until.total).toBe(all.filter((o) => indiaDateOf(o.createdDate) <= from).length);
  });

  it("filters by store for BlueTikAdmin only; others' store is ignored", async () => {
    const adminB = page(
      (await call(t.app, 'listOrders', { query: { store: storeB, pageSize: '500' }, session: p.admin })).body,
    );
    expect(adminB.total).toBe(await countWhere({ store: storeB }));
    expect(new Set(adminB.rows.map((o) => o.merchantName)).size).toBe(1);
    const none = page(
      (await call(t.app, 'listOrders', { query: { store: '999999999999999' }, session: p.admin })).body,
    );
    expect(none).toMatchObject({ rows: [], total: 0 });
    const sneaky = page(
      (await call(t.app, 'listOrders', { query: { store: storeB, pageSize: '500' }, session: p.webAdmin }))
        .body,
    );
    expect(sneaky.total).toBe(await countWhere({ store: storeA }));
    expect(sneaky.rows.map((o) => o.merchantName)).not.toContain(adminB.rows[0]!.merchantName);
  });

  it('searches order number, customer name (any case) and phone', async () => {
    const all = v.parse(OrderListSchema, (await call(t.app, 'listOrders', { session: p.admin })).body.result);
    const target = all[42]!;
    const byNumber = page(
      (await call(t.app, 'listOrders', { query: { q: target.orderNumber.toLowerCase() }, session: p.admin }))
        .body,
    );
    expect(byNumber.rows.map((o) => o.id)).toEqual([target.id]);
    const byPhone = page(
      (await call(t.app, 'listOrders', { query: { q: target.orderUserPhoneNumber }, session: p.admin })).body,
    );
    expect(byPhone.rows.map((o) => o.id)).toContain(target.id);
    const part = target.orderUserName.split(' ')[0]!.toUpperCase();
    const byName = page(
      (
        await call(t.app, 'listOrders', {
          query: { q: part, pageSize: '500' },
          session: p.admin,
        })
      ).body,
    );
    expect(byName.total).toBe(all.filter((o) => o.orderUserName.toUpperCase().includes(part)).length);
    expect(byName.rows.map((o) => o.id)).toContain(target.id);
    // Wildcards are literal text, not patterns.
    for (const q of ['%', '_', '\\'])
      expect(page((await call(t.app, 'listOrders', { query: { q: q }, session: p.admin })).body).total).toBe(
        0,
      );
  });

  it('finds orders by the last 4 to 9 digits of a phone and by the digits of an order number, in every plan', async () => {
    const all = v.parse(OrderListSchema, (await call(t.app, 'listOrders', { session: p.admin })).body.result);
    const target = all[17]!;
    const phone = target.orderUserPhoneNumber;
    const expected = (q: string, among = all) =>
      among
        .filter(
          (o) =>
            o.id === Number(q) || o.orderUserPhoneNumber.startsWith(q) || o.orderUserPhoneNumber.endsWith(q),
        )
        .map((o) => o.id)
        .sort((a, b) => a - b);
    const digits = String(target.id);
    for (const q of [phone.slice(-4), phone.slice(-7), phone, digits, digits.padStart(7, '0')]) {
      for (const query of [
        { q },
        { q, sort: 'orderUserName' },
        { q, sort: 'totalPrice', order: 'desc' },
        { q, status: String(target.status) },
      ]) {
        const found = page(
          (await call(t.app, 'listOrders', { query: { ...query, pageSize: '500' }, session: p.admin })).body,
        );
        const among = 'status' in query ? all.filter((o) => o.status === target.status) : all;
        expect(
          found.rows.map((o) => o.id).sort((a, b) => a - b),
          JSON.stringify(query),
        ).toEqual(expected(q, among));
        expect(found.total, JSON.stringify(query)).toBe(expected(q, among).length);
      }
      if (q.length >= 4 && q !== digits) expect(expected(q)).toContain(target.id);
    }
    // Three digits are no phone's ending (only a prefix, or an order's id).
    const three = phone.slice(-3);
    const short = page(
      (await call(t.app, 'listOrders', { query: { q: three, pageSize: '500' }, session: p.admin })).body,
    );
    expect(short.total).toBe(
      all.filter((o) => o.id === Number(three) || o.orderUserPhoneNumber.startsWith(three)).length,
    );
  });

  it("never finds another store's orders by search", async () => {
    const theirs = page(
      (await call(t.app, 'listOrders', { query: { pageSize: '1' }, session: p.storeB })).body,
    ).rows[0]!;
    const r = page(
      (await call(t.app, 'listOrders', { query: { q: theirs.orderNumber }, session: p.webAdmin })).body,
    );
    expect(r).toMatchObject({ rows: [], total: 0 });
  });

  it.each([
    ['?page=0', 'Page must be a whole number of at least 1.'],
    ['?page=abc', 'Page must be a whole number of at least 1.'],
    ['?pageSize=501', 'Page size must be between 1 and 500.'],
    ['?pageSize=-1', 'Page size must be between 1 and 500.'],
    ['?sort=password', 'Sort must be one of:'],
    ['?order=up', 'Order must be asc or desc.'],
    ['?status=5', 'Status must be one of 0, 1, 2, 3, 4.'],
    ['?status=1;drop', 'Status must be one of 0, 1, 2, 3, 4.'],
    ['?paymentType=Cash', 'Payment type must be Online or PayOnDelivery.'],
    ['?isSettled=maybe', 'Is Settled must be Yes or No.'],
    ['?from=2025-02-30', 'From must be a date (YYYY-MM-DD).'],
    ['?from=2025-03-01&to=2025-02-01', 'From must not be after To.'],
    ['?store=x', 'Store must be a store id.'],
    [`?q=${'a'.repeat(101)}`, 'Search text cannot be more than 100 characters long.'],
  ])('refuses %s with 400', async (qs, message) => {
    const r = await call(t.app, 'listOrders', { query: queryOf(qs.slice(1)), session: p.admin });
    expect(r.status).toBe(400);
    expect(r.body.isSuccess).toBe(false);
    expect(r.body.errorMessages.join(' ')).toContain(message);
  });
});
