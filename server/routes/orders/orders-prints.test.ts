import { describe, expect, it } from 'vitest';
import { PRINT_BATCH_MAX } from '#contract/order-prints';
import { call, type Session } from '../../test/harness';
import { p, storeA, storeB, t, useOrdersSuite } from './orders.fixtures';

/* getprints: what a printed receipt and kitchen ticket read (issue 16, item 3). */

useOrdersSuite();

const idsOf = async (store: number, n: number) =>
  (
    await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('store_user_id', '=', store)
      .orderBy('id')
      .limit(n)
      .execute()
  ).map((r) => r.id);

const prints = (s: Session, ids: string | string[]) =>
  call(t.app, 'getOrderPrints', { session: s, query: { ids } });

describe('GET /api/orders/getprints', () => {
  it('answers each order with its store’s profile, in the order asked', async () => {
    const [a1, a2] = await idsOf(storeA, 2);
    const [b1] = await idsOf(storeB, 1);
    const r = await prints(p.admin, [String(b1), String(a2), String(a1)]);
    expect(r.status).toBe(200);
    expect(r.body.result.map((x) => x.order.id)).toEqual([b1, a2, a1]);
    const store = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', storeA)
      .executeTakeFirstOrThrow();
    expect(r.body.result[1]!.store).toEqual({
      bussinessName: store.bussiness_name,
      address1: store.address1,
      address2: store.address2,
      address3: store.address3,
      city: store.city,
      state: store.state,
      pincode: store.pincode,
      phoneNumber: store.phone_number,
    });
    const detail = await call(t.app, 'getOrderById', { session: p.admin, params: { id: a1! } });
    expect(r.body.result[2]!.order).toEqual(detail.body.result);
  });

  it('leaves out another store’s and missing orders', async () => {
    const [a1] = await idsOf(storeA, 1);
    const [b1] = await idsOf(storeB, 1);
    const r = await prints(p.webAdmin, `${b1},${a1},99999999`);
    expect(r.body.result.map((x) => x.order.id)).toEqual([a1]);
    expect((await prints(p.mobileUser, String(a1))).body.result).toEqual([]);
  });

  it('refuses no ids, a bad id and more than a batch', async () => {
    for (const ids of ['', '0', 'x', '1,-2', '99999999999'])
      expect((await prints(p.admin, ids)).status, ids).toBe(400);
    const many = Array.from({ length: PRINT_BATCH_MAX + 1 }, (_, i) => String(i + 1)).join(',');
    const r = await prints(p.admin, many);
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual([`Ids cannot name more than ${PRINT_BATCH_MAX} orders.`]);
  });
});
