import { describe, expect, it } from 'vitest';
import { BULK_BATCH_MAX, BULK_MESSAGES } from '#contract/order-bulk';
import { CANCELLED_REASON_MESSAGE } from '#contract/orders';
import { call, send, type Session } from '../../test/harness';
import { checkOrderIntegrity } from './order-integrity';
import { p, storeA, storeB, t, useOrdersSuite } from './orders.fixtures';

/* bulkupdate (issue 15, item 2): upsertorder's rules, one order at a time, every outcome answered. */

useOrdersSuite({ orders: 600 });

const ordersOf = (store: number, status?: number) => {
  let q = t.db.kysely
    .selectFrom('orders')
    .select(['id', 'status', 'version', 'is_settled'])
    .where('store_user_id', '=', store);
  if (status !== undefined) q = q.where('status', '=', status);
  return q.orderBy('id').execute();
};
const bulk = (s: Session, body: Record<string, unknown>) =>
  call(t.app, 'bulkUpdateOrders', { session: s, body: body as never });
const auditCount = async (id: number) =>
  (
    await t.db.kysely
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'order')
      .where('entity_id', '=', id)
      .where('action', '=', 'update')
      .execute()
  ).length;

describe('POST /api/orders/bulkupdate by ids', () => {
  it('changes a WebAdmin’s own orders; another store’s id is refused like a missing one', async () => {
    const own = (await ordersOf(storeA)).filter((o) => o.status !== 2).slice(0, 3);
    const [other] = await ordersOf(storeB);
    const ids = [...own.map((o) => o.id), other!.id];
    const r = await bulk(p.webAdmin, { ids, status: 2 });
    expect(r.status).toBe(200);
    expect(r.body.result.results.map((x) => [x.id, x.outcome, x.message])).toEqual([
      ...own.map((o) => [o.id, 'changed', undefined]),
      [other!.id, 'refused', 'Order not found'],
    ]);
    expect(r.body.result.next).toBeNull();
    for (const o of own) {
      const order = (await call(t.app, 'getOrderById', { session: p.webAdmin, params: { id: o.id } })).body
        .result;
      expect(order.status).toBe(2);
      expect(order.version).toBe(o.version + 1);
      expect(await auditCount(o.id)).toBeGreaterThan(0);
    }
    const untouched = (await ordersOf(storeB)).find((o) => o.id === other!.id)!;
    expect(untouched).toEqual(other);
    // Again: nothing to change.
    const again = await bulk(p.webAdmin, { ids: own.map((o) => o.id), status: 2 });
    expect(again.body.result.results.map((x) => x.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it('refuses the whole call for Cancelled without a reason, an unknown status or no change; nothing written', async () => {
    const own = (await ordersOf(storeA)).slice(0, 2);
    const before = await ordersOf(storeA);
    for (const [body, message] of [
      [{ ids: own.map((o) => o.id), status: 4 }, CANCELLED_REASON_MESSAGE],
      [{ ids: own.map((o) => o.id), status: 9 }, 'Status must be one of 0, 1, 2, 3, 4.'],
      [{ ids: own.map((o) => o.id) }, BULK_MESSAGES.change],
      [{ status: 1 }, BULK_MESSAGES.target],
      [{ filter: { status: [0] }, status: 1 }, BULK_MESSAGES.upto],
      [
        { ids: Array.from({ length: BULK_BATCH_MAX + 1 }, (_, i) => i + 1), status: 1 },
        `Ids cannot name more than ${BULK_BATCH_MAX} orders.`,
      ],
    ] as const) {
      const r = await bulk(p.admin, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errorMessages).toContain(message);
    }
    expect(await ordersOf(storeA)).toEqual(before);
  });

  it('cancels with the reason; settling is the platform admin’s alone', async () => {
    const [a, b] = (await ordersOf(storeA)).filter((o) => o.status !== 4 && o.is_settled === 0);
    const r = await bulk(p.webAdmin, { ids: [a!.id], status: 4, cancelledreason: 3 });
    expect(r.body.result.results[0]!.outcome).toBe('changed');
    const cancelled = (await call(t.app, 'getOrderById', { session: p.admin, params: { id: a!.id } })).body
      .result;
    expect([cancelled.status, cancelled.cancelledReason]).toEqual([4, 3]);
    expect((await bulk(p.webAdmin, { ids: [b!.id], issettled: 'Yes' })).status).toBe(403);
    expect((await bulk(p.mobileUser, { ids: [b!.id], status: 1 })).status).toBe(403);
    const settled = await bulk(p.admin, { ids: [b!.id], issettled: 'Yes' });
    expect(settled.body.result.results[0]!.outcome).toBe('changed');
    expect(
      (await call(t.app, 'getOrderById', { session: p.admin, params: { id: b!.id } })).body.result.isSettled,
    ).toBe('Yes');
  });
});

describe('bulk changes at once', () => {
  // On PostgreSQL a call updates several orders side by side (order-bulk.ts); two calls
  // moving one store's orders in opposite directions touch the same counts rows.
  it('two calls flipping one store’s orders in opposite directions: every order answered, counts equal a recount', async () => {
    const own = (await ordersOf(storeA)).filter((o) => o.status !== 4).map((o) => o.id);
    const toNew = own.filter((_, i) => i % 2).slice(0, 30);
    const toProcessing = own.filter((_, i) => !(i % 2)).slice(0, 30);
    expect(toNew.length).toBe(30);
    // From where the rounds start: the first round moves every one of them.
    await bulk(p.admin, { ids: toNew, status: 1 });
    await bulk(p.admin, { ids: toProcessing, status: 0 });
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([
        bulk(p.admin, { ids: round % 2 ? toProcessing : toNew, status: 0 }),
        bulk(p.admin, { ids: round % 2 ? toNew : toProcessing, status: 1 }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      // Each order's answer in the order asked, every one changed.
      expect(a.body.result.results.map((x) => [x.id, x.outcome])).toEqual(
        (round % 2 ? toProcessing : toNew).map((id) => [id, 'changed']),
      );
      expect(b.body.result.results.map((x) => [x.id, x.outcome])).toEqual(
        (round % 2 ? toNew : toProcessing).map((id) => [id, 'changed']),
      );
    }
    const report = await checkOrderIntegrity(t.db.kysely);
    expect(report.checks.filter((c) => c.mismatches > 0)).toEqual([]);
  });
});

describe('POST /api/orders/bulkupdate by filter', () => {
  it('walks the filter’s orders up to the snapshot in batches; newer orders stay as they are', async () => {
    const all = await t.db.kysely.selectFrom('orders').select(['id', 'is_settled']).orderBy('id').execute();
    expect(all.length).toBeGreaterThan(BULK_BATCH_MAX);
    const upto = all.at(-1)!.id;
    // An order that arrives after the snapshot matches the filter but is not touched.
    const later = await send(t.app, 'POST', '/api/orders/createorder', {
      session: p.admin,
      body: { ...newOrderBody(), storeId: storeA },
    });
    expect(later.status).toBe(200);
    const filter = { isSettled: 'No', upto: String(upto) };
    const unsettled = all.filter((o) => o.is_settled === 0).map((o) => o.id);
    const seen: number[] = [];
    let after = 0;
    let calls = 0;
    for (; calls < 20; calls++) {
      const r = await bulk(p.admin, { filter, after, issettled: 'Yes' });
      expect(r.status).toBe(200);
      seen.push(...r.body.result.results.filter((x) => x.outcome === 'changed').map((x) => x.id));
      if (r.body.result.next === null) break;
      after = r.body.result.next;
    }
    expect(calls).toBeGreaterThan(0);
    expect(seen).toEqual(unsettled);
    const left = await t.db.kysely.selectFrom('orders').select('id').where('is_settled', '=', 0).execute();
    expect(left.map((o) => o.id)).toEqual([(later.body.result as { id: number }).id]);
  });
});

function newOrderBody() {
  return {
    orderUserName: 'Bulk Later',
    orderUserPhoneNumber: '9876543210',
    orderUserAddress1: 'Door 1, Ameerpet',
    orderUserCity: 'Hyderabad',
    orderUserState: 'Telangana',
    orderUserCountry: 'India',
    orderUserPincode: '500016',
    lines: [{ itemId: 1, itemsCount: 1 }],
    deliveryPrice: 0,
  };
}
