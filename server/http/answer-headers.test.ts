import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE } from '#contract/auth';
import { createTestServer, signIn, type TestServer } from '../test/harness';
import { CONTENT_SECURITY_POLICY } from './security-headers';

/*
 * Served as `npm start` serves it (Node's HTTP server, the adapter's own Response), the
 * middleware reads the request's headers from Node's record and adds the answer's headers
 * to Node's response (request.ts, security-headers.ts): what a browser or a balancer gets,
 * over a real connection. app.test.ts checks the same through `app.request()`.
 */

let t: TestServer;
let server: Server;
let base: string;

beforeAll(async () => {
  t = await createTestServer({ trustProxy: 0 });
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.headers.get('strict-transport-security')).toBeNull();
}

describe("answers over Node's HTTP server", () => {
  it('a health check: the security headers, no-store, its JSON and one anonymous CSRF cookie', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({
      isSuccess: true,
      result: { status: 'ok', database: 'ok' },
      errorMessages: [],
    });
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(new RegExp(`^${XSRF_COOKIE}=a\\.[^;]+; Path=/; SameSite=Strict$`));
  });

  it('no new cookie while the browser sends a valid one; a new one for a forged one', async () => {
    const first = (await get('/api/health')).headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await get('/api/health', { Cookie: first })).headers.getSetCookie()).toEqual([]);
    expect(
      (await get('/api/health', { Cookie: `${XSRF_COOKIE}=a.x.y` })).headers.getSetCookie(),
    ).toHaveLength(1);
  });

  it('a signed-in read is allowed with the Bearer token and, its cookie lost, gets its session cookie back', async () => {
    const s = await signIn(t.app, 'BlueTikAdmin');
    const res = await get('/api/roles/listroles', { Authorization: `Bearer ${s.token}` });
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers.getSetCookie()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${XSRF_COOKIE}=${s.csrf.replace(/[.]/g, '\\.')}; Max-Age=\\d+; Path=/; SameSite=Strict$`,
        ),
      ),
    ]);
  });

  it('a 404 and a refused call carry them too', async () => {
    for (const res of [await get('/api/nothing'), await get('/api/roles/listroles')]) {
      expect([404, 401]).toContain(res.status);
      expectSecurityHeaders(res);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('over HTTPS as a trusted proxy reports it: HSTS and the __Host- cookie', async () => {
    const secure = await createTestServer({ trustProxy: 1 });
    const s = await new Promise<Server>((resolve) => {
      const made = serve({ fetch: secure.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(made as Server),
      );
    });
    try {
      const res = await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/api/health`, {
        headers: { 'X-Forwarded-Proto': 'https' },
      });
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect(res.headers.getSetCookie()[0]).toMatch(
        new RegExp(`^__Host-${XSRF_COOKIE}=a\\.[^;]+; Path=/; Secure; SameSite=Strict$`),
      );
    } finally {
      await new Promise((r) => s.close(r));
      await secure.close();
    }
  });
});
