import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { fail, failFields, ok } from '#contract/envelope';
import type { Item } from '#contract/items';
import type { Paged } from '#contract/lists';
import type { Order, OrderListRow } from '#contract/orders';
import type { RoleRecord } from '#contract/roles';
import { XSRF_HEADER } from '#contract/auth';
import { makeLoginResult } from '#mocks/factories/accounts';
import { MOCK_XSRF } from '#mocks/auth';
import { OUTSIDE_CONTRACT } from '#mocks/result-check';
import { url } from '#mocks/endpoint';
import { server } from '#mocks/server';
import { api, ApiError } from './api-client';
import { getToken, saveSession } from './auth/session';
import { on, type Notice } from './events';

/** What the server answers each captured call (the endpoint table's result shapes). */
const ROLE = { id: 3, name: 'WebUser', description: 'Staff', version: 1 } as const;
const DASHBOARD = {
  upCommingOrder: 1,
  newOrders: 2,
  processingOrder: 3,
  ontheWayOrder: 4,
  deliveredOrder: 5,
  cancelledOrder: 6,
  overdueOrders: 7,
};
const RESULTS = {
  getDashboardOrder: DASHBOARD,
  upsertRole: ROLE,
  removeRole: true,
  listRoles: { rows: [ROLE], total: 26, page: 2, pageSize: 25 },
  bulkItemsInsert: { inserted: 0, skipped: 264 },
} as const;

function capture(name: keyof typeof RESULTS, method: 'get' | 'post' | 'delete') {
  const seen: Request[] = [];
  server.use(
    mswHttp[method](url(name), ({ request }) => {
      seen.push(request.clone());
      return HttpResponse.json(ok(RESULTS[name]));
    }),
  );
  return seen;
}

describe('api client', () => {
  it('sends the bearer token when signed in, and no XSRF header on GET', async () => {
    saveSession(makeLoginResult('WebAdmin'));
    const seen = capture('getDashboardOrder', 'get');
    await expect(api.call('getDashboardOrder')).resolves.toEqual(DASHBOARD);
    expect(seen[0]?.headers.get('Authorization')).toBe(`Bearer ${getToken()}`);
    expect(seen[0]?.headers.has(XSRF_HEADER)).toBe(false);
  });

  it('sends no Authorization header when signed out', async () => {
    const seen = capture('getDashboardOrder', 'get');
    await api.call('getDashboardOrder');
    expect(seen[0]?.headers.has('Authorization')).toBe(false);
  });

  it('fetches the XSRF cookie first, then echoes it on POST', async () => {
    const order: string[] = [];
    server.events.on('request:start', ({ request }) =>
      order.push(`${request.method} ${new URL(request.url).pathname}`),
    );
    const seen = capture('upsertRole', 'post');
    await api.call('upsertRole', { body: { name: 'WebUser', description: 'Staff' } });
    expect(order).toEqual(['GET /api/health', 'POST /api/roles/upsertrole']);
    expect(seen[0]?.headers.get(XSRF_HEADER)).toBe(MOCK_XSRF);
    server.events.removeAllListeners();
  });

  it('reads the __Host- prefixed cookie too, without another health call', async () => {
    // jsdom (rightly) refuses to store a __Host- cookie over http, so present it directly.
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('theme=dark; __Host-XSRF-TOKEN=host-value');
    const health = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/health')) health();
    });
    const seen = capture('upsertRole', 'post');
    await api.call('upsertRole', { body: { name: 'WebUser', description: 'Staff' } });
    expect(seen[0]?.headers.get(XSRF_HEADER)).toBe('host-value');
    expect(health).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('on a failed envelope logs "Server Error", shows a notice and throws ApiError', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const notices: Notice[] = [];
    const off = on('notice', (n) => notices.push(n));
    server.use(
      mswHttp.get(url('listRoles'), () =>
        HttpResponse.json(fail('Roles are resting', 'second'), { status: 400 }),
      ),
    );

    const call = api.call('listRoles');
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await call.catch((e: ApiError) => {
      expect(e.status).toBe(400);
      expect(e.messages).toEqual(['Roles are resting', 'second']);
    });
    expect(error).toHaveBeenCalledWith('Server Error', 'Roles are resting');
    expect(notices.at(-1)).toMatchObject({ tone: 'error', message: 'Roles are resting' });
    off();
  });

  it('reads the fields a refusal names; a result of any other shape names none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fields = { name: ['Taken'], description: ['Too long', 'Odd'] };
    server.use(
      mswHttp.post(url('upsertRole'), () =>
        HttpResponse.json(failFields(['Taken', 'Too long', 'Odd', 'Also'], fields), { status: 400 }),
      ),
    );
    const named = await api.call('upsertRole', { body: ROLE }).catch((e: unknown) => e);
    expect(named).toMatchObject({ messages: ['Taken', 'Too long', 'Odd', 'Also'], fields });
    server.use(
      mswHttp.post(
        url('upsertRole'),
        () =>
          HttpResponse.json(
            { isSuccess: false, result: { fields: { name: 'Taken' } }, errorMessages: ['Taken'] },
            { status: 400, headers: OUTSIDE_CONTRACT },
          ),
        { once: true },
      ),
      mswHttp.post(url('upsertRole'), () => HttpResponse.json(fail('Taken'), { status: 400 })),
    );
    for (let i = 0; i < 2; i++) {
      const unnamed = await api.call('upsertRole', { body: ROLE }).catch((e: unknown) => e);
      expect(unnamed).toMatchObject({ messages: ['Taken'], fields: {} });
    }
  });

  it('treats isSuccess false with HTTP 200 as a failure too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(mswHttp.get(url('listRoles'), () => HttpResponse.json(fail('Nope'))));
    await expect(api.call('listRoles')).rejects.toThrow('Nope');
  });

  it('logs and notices transport failures', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const notices: Notice[] = [];
    const off = on('notice', (n) => notices.push(n));
    server.use(mswHttp.get(url('listRoles'), () => HttpResponse.error()));
    await expect(api.call('listRoles')).rejects.toMatchObject({ status: 0 });
    expect(error).toHaveBeenCalledWith('Server Error', expect.stringContaining('Could not reach the server'));
    expect(notices).toHaveLength(1);
    off();
  });

  it('announces "unauthorized" on a 401 to a call that carried a token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    saveSession(makeLoginResult('WebUser'));
    const unauthorized = vi.fn();
    const off = on('unauthorized', unauthorized);
    server.use(mswHttp.get(url('listOrders'), () => HttpResponse.json(fail('expired'), { status: 401 })));
    await expect(api.call('listOrders')).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    off();
  });

  it("doesn't announce it for the login call's own 401 (no token carried)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unauthorized = vi.fn();
    const off = on('unauthorized', unauthorized);
    await expect(
      api.call('login', { body: { username: '9000000001', password: 'wrong' } }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Incorrect username or password',
    });
    expect(unauthorized).not.toHaveBeenCalled();
    off();
  });
});

describe('api.call', () => {
  it('takes the method and path from the entry: params in the path, the query as a query string', async () => {
    saveSession(makeLoginResult('BlueTikAdmin'));
    const removed = capture('removeRole', 'delete');
    const listed = capture('listRoles', 'get');
    await api.call('removeRole', { params: { id: 7 } });
    await api.call('listRoles', { query: { page: 2, q: 'web', sort: undefined } });
    expect(removed[0]?.method).toBe('DELETE');
    expect(new URL(removed[0]?.url ?? '').pathname).toBe('/api/roles/removerole/7');
    expect(new URL(listed[0]?.url ?? '').search).toBe('?page=2&q=web');
  });

  it('sends the body as JSON, a GET entry without one', async () => {
    const saved = capture('upsertRole', 'post');
    const imported = capture('bulkItemsInsert', 'get');
    await api.call('upsertRole', { body: { name: 'WebUser', description: 'Staff' } });
    await api.call('bulkItemsInsert');
    expect(await saved[0]?.json()).toEqual({ name: 'WebUser', description: 'Staff' });
    expect(saved[0]?.headers.get('Content-Type')).toContain('application/json');
    expect(imported[0]?.method).toBe('GET');
    expect(imported[0]?.body).toBeNull();
  });

  it('passes the call options on (quiet: no notice)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const notices: Notice[] = [];
    const off = on('notice', (n) => notices.push(n));
    server.use(mswHttp.get(url('listRoles'), () => HttpResponse.json(fail('Nope'), { status: 400 })));
    await expect(api.call('listRoles', {}, { quiet: true })).rejects.toMatchObject({ status: 400 });
    expect(notices).toHaveLength(0);
    off();
  });

  // Checked by `npm run typecheck`: nothing here runs a request.
  it('types each result by its entry, never by the caller', () => {
    const one = () => api.call('getOrderById', { params: { id: 1 } });
    const all = () => api.call('listRoles');
    const page = () => api.call('listOrders', { query: { page: 1 } });
    const items = () => api.call('listItems', { query: { q: 'rice' } });
    expectTypeOf(one).returns.resolves.toEqualTypeOf<Order>();
    expectTypeOf(one).returns.resolves.not.toEqualTypeOf<Item>();
    expectTypeOf(one).returns.resolves.not.toBeAny();
    expectTypeOf(all).returns.resolves.toEqualTypeOf<RoleRecord[]>();
    expectTypeOf(page).returns.resolves.toEqualTypeOf<Paged<OrderListRow>>();
    expectTypeOf(items).returns.resolves.toEqualTypeOf<Paged<Item>>();

    // @ts-expect-error an order is not an item
    const wrong: () => Promise<Item> = one;
    // @ts-expect-error getOrderById needs its :id
    const missing = () => api.call('getOrderById');
    // @ts-expect-error upsertRole's body is a role, not an order
    const badBody = () => api.call('upsertRole', { body: { orderId: 1 } });
    // @ts-expect-error no such call
    const unknownCall = () => api.call('getOrderByName', { params: { id: 1 } });
    expect([wrong, missing, badBody, unknownCall]).toHaveLength(4);
  });
});
