import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EnvelopeSchema } from '#contract/envelope';
import { OrderListSchema } from '#contract/orders';
import { call } from '../../test/harness';
import { validBodies } from '../../test/route-samples';
import { streamAllOrders } from './list-stream';
import { p, storeA, t, useOrdersSuite } from './orders.fixtures';

/*
 * The plain orders list is streamed in pages (issue 23): the caller still gets one
 * envelope holding every order in scope, newest first, each exactly once, also where
 * orders share a creation instant across a page boundary.
 */

useOrdersSuite({ orders: 300 }, async () => {
  // Ten orders created in one millisecond: ties the pages must not split or repeat.
  const at = Date.now();
  const sameInstant = t.makeApp({ clock: () => at });
  const item = await t.db.kysely.selectFrom('items').select('id').orderBy('id').executeTakeFirstOrThrow();
  const body = validBodies({ order: 0, category: 0, item: item.id, user: storeA, role: 0 }, {}).createOrder;
  for (let i = 0; i < 10; i++) {
    const r = await call(sameInstant, 'createOrder', { session: p.webAdmin, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
});

/** Order ids in scope, newest first, straight from the table. */
async function expectedIds(store: number | null): Promise<number[]> {
  let q = t.db.kysely.selectFrom('orders').select('id');
  if (store !== null) q = q.where('store_user_id', '=', store);
  return (await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id);
}

describe('the plain orders list, streamed', () => {
  it('answers one JSON envelope with every order in scope, newest first', async () => {
    const admin = await call(t.app, 'listOrders', { session: p.admin });
    expect(admin.status).toBe(200);
    expect(admin.res.headers.get('content-type')).toMatch(/^application\/json/);
    const rows = v.parse(EnvelopeSchema(OrderListSchema), admin.body).result!;
    expect(rows.map((o) => o.id)).toEqual(await expectedIds(null));
    const own = v.parse(
      OrderListSchema,
      (await call(t.app, 'listOrders', { session: p.webAdmin })).body.result,
    );
    expect(own.map((o) => o.id)).toEqual(await expectedIds(storeA));
  });

  it('reads page after page without losing or repeating orders that share an instant', async () => {
    for (const pageRows of [1, 3, 7, 500]) {
      const stream = streamAllOrders(t.db.kysely, storeA, { logger: t.logger, requestId: 'test' }, pageRows);
      const text = await new Response(stream).text();
      const rows = v.parse(EnvelopeSchema(OrderListSchema), JSON.parse(text)).result!;
      expect(
        rows.map((o) => o.id),
        `${pageRows} per page`,
      ).toEqual(await expectedIds(storeA));
    }
  });

  it('answers an empty list as []', async () => {
    const stream = streamAllOrders(t.db.kysely, 2_000_000_000, { logger: t.logger, requestId: 'test' });
    expect(JSON.parse(await new Response(stream).text())).toEqual({
      isSuccess: true,
      result: [],
      errorMessages: [],
    });
  });
});
