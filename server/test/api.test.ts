import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Paged } from '#contract/lists';
import type { Order } from '#contract/orders';
import type { RoleRecord } from '#contract/roles';
import { ok } from '#contract/envelope';
import type { App } from '../app';
import { call, send } from './api';

/*
 * The test caller is what makes "every answer matches its entry" hold across the
 * suite: here, an app that answers wrong shapes must make the calling test fail.
 */

/** An app stand-in that answers `result` in a success envelope to every request. */
function answering(result: unknown, status = 200): App & { urls: string[] } {
  const urls: string[] = [];
  const request = (url: string) => {
    urls.push(url);
    return Promise.resolve(new Response(JSON.stringify(ok(result)), { status }));
  };
  return { request, urls } as unknown as App & { urls: string[] };
}

const order = {
  id: 7,
  orderNumber: 'A-7',
};

describe('the test caller', () => {
  it('refuses a success whose result is not the entry’s shape', async () => {
    await expect(call(answering(order), 'getOrderById', { params: { id: 7 } })).rejects.toThrow(
      /getOrderById answered a result its entry refuses/,
    );
    await expect(send(answering({ rows: [] }), 'GET', '/api/orders/getdashboardorder')).rejects.toThrow(
      /getDashboardOrder answered a result its entry refuses/,
    );
  });

  it('checks a list against the page schema only when the query names list keys', async () => {
    const page = { rows: [], total: 0, page: 1, pageSize: 10 };
    await expect(call(answering(page), 'listRoles', { query: { page: 1 } })).resolves.toMatchObject({
      status: 200,
    });
    await expect(call(answering(page), 'listRoles')).rejects.toThrow(
      /listRoles answered a result its entry refuses/,
    );
    await expect(call(answering([]), 'listRoles')).resolves.toMatchObject({ body: { result: [] } });
    await expect(call(answering([]), 'listRoles', { query: { sort: 'name' } })).rejects.toThrow(/listRoles/);
    // A blank key in the URL is a list key to the server, which then answers a page.
    await expect(send(answering(page), 'GET', '/api/roles/listroles?q=')).resolves.toMatchObject({
      status: 200,
    });
    // A typed call leaves blank values out of the URL, so it asks for (and checks) the plain list.
    await expect(call(answering([]), 'listRoles', { query: { q: '' } })).resolves.toMatchObject({
      status: 200,
    });
  });

  it('builds the URL from the entry and leaves failures and unknown paths unchecked', async () => {
    const removed = answering(true);
    await call(removed, 'removeOrder', { params: { id: 12 } });
    const listed = answering({ rows: [], total: 0, page: 1, pageSize: 10 });
    await call(listed, 'listOrders', { query: { status: [1, 2], search: '' } });
    expect([...removed.urls, ...listed.urls]).toEqual([
      '/api/orders/removeorder/12',
      '/api/orders/listorders?status=1&status=2',
    ]);
    await expect(
      send(answering('nonsense', 400), 'GET', '/api/orders/getdashboardorder'),
    ).resolves.toMatchObject({
      status: 400,
    });
    await expect(send(answering('nonsense'), 'GET', '/api/nothing/here')).resolves.toMatchObject({
      status: 200,
    });
  });

  it('types each answer by its entry (checked by npm run typecheck)', () => {
    // Never called: only their types are read.
    const app = answering(null);
    const _one = () => call(app, 'getOrderById', { params: { id: 1 } });
    const _all = () => call(app, 'listRoles');
    const _page = () => call(app, 'listRoles', { query: { page: 1 } });
    type Result<F extends () => Promise<{ body: { result: unknown } }>> = Awaited<
      ReturnType<F>
    >['body']['result'];
    expectTypeOf<Result<typeof _one>>().toEqualTypeOf<Order>();
    expectTypeOf<Result<typeof _all>>().toEqualTypeOf<RoleRecord[]>();
    expectTypeOf<Result<typeof _page>>().toEqualTypeOf<Paged<RoleRecord>>();
  });
});
