import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestServer, type TestServer } from '../../test/harness';
import { signInAll, type Principals } from './orders.fixtures';

/*
 * Concurrent status changes (found by npm run test:load on PostgreSQL): two orders of one
 * store moving in opposite directions (0→1 and 1→0) at the same moment touch the same
 * order_counts rows. With the counts trigger locking them in opposite orders PostgreSQL
 * answered "deadlock detected" (500); migration 0007 locks them in key order. Both must
 * succeed, every time, and the dashboard counts must still match the list.
 */

let t: TestServer;
let p: Principals;
beforeAll(async () => {
  t = await createTestServer();
  p = await signInAll(t);
});
afterAll(() => t.close());

const update = (id: number, status: number) =>
  call(t.app, 'POST', '/api/orders/upsertorder', {
    session: p.admin,
    body: {
      id,
      status,
      expecteddeliverydate: '2030-01-15',
      exphours: '10',
      expminutes: '30',
      exptimeperiod: 'AM',
      deliveryprice: '0',
      issettled: 'No',
      cancelledreason: 0,
      orderUnAvailableUserItems: '',
      orderItemsPrice: '',
    },
  });

describe('concurrent order updates', () => {
  it('opposite status changes of one store never fail and keep the counts right', async () => {
    // Pairs of one store with the same payment type and settlement: the same counts rows.
    const rows = await t.db.kysely
      .selectFrom('orders')
      .select(['id', 'store_user_id', 'payment_type', 'is_settled'])
      .where('payment_type', '=', 'PayOnDelivery')
      .where('is_settled', '=', 0)
      .orderBy('id')
      .limit(400)
      .execute();
    const byStore = new Map<number, number[]>();
    for (const r of rows) byStore.set(r.store_user_id, [...(byStore.get(r.store_user_id) ?? []), r.id]);
    const pairs = [...byStore.values()].filter((ids) => ids.length >= 2).map((ids) => [ids[0]!, ids[1]!]);
    expect(pairs.length).toBeGreaterThan(0);

    const statuses: number[] = [];
    for (let round = 0; round < 12; round++) {
      // Every pair flips in opposite directions at once, all pairs together.
      const answers = await Promise.all(
        pairs.flatMap(([a, b]) => [update(a!, round % 2), update(b!, (round + 1) % 2)]),
      );
      for (const r of answers) statuses.push(r.status);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    const dashboard = await call(t.app, 'GET', '/api/orders/getdashboardorder', { session: p.admin });
    for (const [status, key] of [
      [0, 'newOrders'],
      [1, 'processingOrder'],
    ] as const) {
      const list = await call(t.app, 'GET', `/api/orders/listorders?page=1&pageSize=1&status=${status}`, {
        session: p.admin,
      });
      expect(dashboard.body.result[key]).toBe(list.body.result.total);
    }
  });
});
