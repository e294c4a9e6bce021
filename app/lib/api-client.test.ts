import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiPath } from '#contract/paths';
import { fail, ok } from '#contract/envelope';
import { XSRF_HEADER } from '#contract/auth';
import { makeLoginResult } from '../../mocks/fixtures';
import { MOCK_XSRF, url } from '../../mocks/handlers';
import { server } from '../../mocks/server';
import { api, ApiError } from './api-client';
import { getToken, saveSession } from './auth/session';
import { on, type Notice } from './events';

function capture(name: Parameters<typeof url>[0], method: 'get' | 'post') {
  const seen: Request[] = [];
  server.use(
    mswHttp[method](url(name), ({ request }) => {
      seen.push(request.clone());
      return HttpResponse.json(ok('fine'));
    }),
  );
  return seen;
}

describe('api client', () => {
  it('sends the bearer token when signed in, and no XSRF header on GET', async () => {
    saveSession(makeLoginResult('WebAdmin'));
    const seen = capture('getDashboardOrder', 'get');
    await expect(api.get(apiPath('getDashboardOrder'))).resolves.toBe('fine');
    expect(seen[0]?.headers.get('Authorization')).toBe(`Bearer ${getToken()}`);
    expect(seen[0]?.headers.has(XSRF_HEADER)).toBe(false);
  });

  it('sends no Authorization header when signed out', async () => {
    const seen = capture('getDashboardOrder', 'get');
    await api.get(apiPath('getDashboardOrder'));
    expect(seen[0]?.headers.has('Authorization')).toBe(false);
  });

  it('fetches the XSRF cookie first, then echoes it on POST', async () => {
    const order: string[] = [];
    server.events.on('request:start', ({ request }) =>
      order.push(`${request.method} ${new URL(request.url).pathname}`),
    );
    const seen = capture('upsertRole', 'post');
    await api.post(apiPath('upsertRole'), { name: 'WebUser', description: 'Staff' });
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
    await api.post(apiPath('upsertRole'), {});
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

    const call = api.get(apiPath('listRoles'));
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await call.catch((e: ApiError) => {
      expect(e.status).toBe(400);
      expect(e.messages).toEqual(['Roles are resting', 'second']);
    });
    expect(error).toHaveBeenCalledWith('Server Error', 'Roles are resting');
    expect(notices.at(-1)).toMatchObject({ tone: 'error', message: 'Roles are resting' });
    off();
  });

  it('treats isSuccess false with HTTP 200 as a failure too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(mswHttp.get(url('listRoles'), () => HttpResponse.json(fail('Nope'))));
    await expect(api.get(apiPath('listRoles'))).rejects.toThrow('Nope');
  });

  it('logs and notices transport failures', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const notices: Notice[] = [];
    const off = on('notice', (n) => notices.push(n));
    server.use(mswHttp.get(url('listRoles'), () => HttpResponse.error()));
    await expect(api.get(apiPath('listRoles'))).rejects.toMatchObject({ status: 0 });
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
    await expect(api.get(apiPath('listOrders'))).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    off();
  });

  it("doesn't announce it for the login call's own 401 (no token carried)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unauthorized = vi.fn();
    const off = on('unauthorized', unauthorized);
    await expect(
      api.post(apiPath('login'), { username: '9000000001', password: 'wrong' }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Incorrect username or password',
    });
    expect(unauthorized).not.toHaveBeenCalled();
    off();
  });
});
