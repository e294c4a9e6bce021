import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Paged } from '#contract/lists';
import type { Order } from '#contract/orders';
import type { RoleRecord } from '#contract/roles';
import { fail, failFields, ok } from '#contract/envelope';
import type { App } from '../app';
import { call, send } from './api';

/*
 * The test caller is what makes "every answer matches its entry" hold across the
 * suite: here, an app that answers wrong shapes must make the calling test fail.
 */

/** An app stand-in that answers `body` to every request. */
function answeringBody(body: unknown, status: number): App & { urls: string[] } {
  const urls: string[] = [];
  const request = (url: string) => {
    urls.push(url);
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  };
  return { request, urls } as unknown as App & { urls: string[] };
}

/** An app stand-in that answers `result` in a success envelope to every request. */
const answering = (result: unknown, status = 200) => answeringBody(ok(result), status);

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

  it('builds the URL from the entry and leaves unknown paths unchecked', async () => {
    const removed = answering(true);
    await call(removed, 'removeOrder', { params: { id: 12 } });
    const listed = answering({ rows: [], total: 0, page: 1, pageSize: 10 });
    await call(listed, 'listOrders', { query: { status: [1, 2], search: '' } });
    expect([...removed.urls, ...listed.urls]).toEqual([
      '/api/orders/removeorder/12',
      '/api/orders/listorders?status=1&status=2',
    ]);
    await expect(send(answering('nonsense'), 'GET', '/api/nothing/here')).resolves.toMatchObject({
      status: 200,
    });
  });

  it('holds every failure to the failure envelope: result null or fields errorMessages lists too', async () => {
    const dashboard = (body: unknown, status = 400) =>
      send(answeringBody(body, status), 'GET', '/api/orders/getdashboardorder');
    await expect(dashboard(fail('No'))).resolves.toMatchObject({ status: 400 });
    await expect(dashboard(failFields(['No'], { status: ['No'] }))).resolves.toMatchObject({ status: 400 });
    await expect(dashboard(ok('nonsense'))).rejects.toThrow(/a failure of the wrong shape/);
    await expect(dashboard({ ...fail('No'), result: 'nonsense' })).rejects.toThrow(/wrong shape/);
    await expect(dashboard(failFields(['No'], { status: ['Other'] }))).rejects.toThrow(/wrong shape/);
    // isSuccess false is a failure whatever the status, and an unknown path's too.
    await expect(dashboard({ ...fail('No'), result: 1 }, 200)).rejects.toThrow(/wrong shape/);
    await expect(
      send(answeringBody({ ...fail('No'), result: 1 }, 404), 'GET', '/api/nothing/here'),
    ).rejects.toThrow(/wrong shape/);
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
