import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness';
import type { AppEnv } from './context';
import { clientAddress, isHttps, trustedEntry } from './request';
import { STRICT_TRANSPORT_SECURITY } from './security-headers';

/*
 * Issue 23: behind N trusted proxies the client's address is the entry the outermost of
 * them appended to X-Forwarded-For (the N-th from the right), never one the client wrote;
 * HSTS goes out when the request came over HTTPS.
 */

/** A route answering what the server believes about the request, with `hops` trusted proxies. */
function probe(hops: number) {
  const app = new Hono<AppEnv>();
  app.get('/who', (c) => c.json({ address: clientAddress(c, hops), https: isHttps(c, hops) }));
  return async (headers: Record<string, string>, url = 'http://localhost/who') =>
    (await (await app.request(url, { headers })).json()) as { address: string; https: boolean };
}

describe('trustedEntry', () => {
  it('takes the N-th entry from the right, the leftmost when the list is shorter', () => {
    expect(trustedEntry('6.6.6.6, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(trustedEntry('6.6.6.6, 203.0.113.9, 10.0.0.2', 2)).toBe('203.0.113.9');
    expect(trustedEntry('203.0.113.9', 3)).toBe('203.0.113.9');
    expect(trustedEntry('203.0.113.9', 0)).toBeUndefined();
    expect(trustedEntry(undefined, 1)).toBeUndefined();
  });

  it('ignores an empty entry or one no proxy writes', () => {
    expect(trustedEntry('6.6.6.6, ', 1)).toBeUndefined();
    expect(trustedEntry(`6.6.6.6, ${'9'.repeat(200)}`, 1)).toBeUndefined();
  });
});

describe('clientAddress and isHttps', () => {
  it('with one trusted proxy: the address it appended, whatever the client wrote before it', async () => {
    const ask = probe(1);
    expect((await ask({ 'X-Forwarded-For': '1.2.3.4, 203.0.113.9' })).address).toBe('203.0.113.9');
    expect((await ask({ 'X-Forwarded-For': '203.0.113.9' })).address).toBe('203.0.113.9');
  });

  it('with two: the second from the right', async () => {
    const ask = probe(2);
    expect((await ask({ 'X-Forwarded-For': '1.2.3.4, 203.0.113.9, 10.0.0.2' })).address).toBe('203.0.113.9');
  });

  it('with none: the headers are not believed', async () => {
    const ask = probe(0);
    const seen = await ask({ 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' });
    expect(seen).toEqual({ address: 'unknown', https: false });
  });

  it('reads the scheme the trusted proxy reports, else the URL’s', async () => {
    expect((await probe(1)({ 'X-Forwarded-Proto': 'https' })).https).toBe(true);
    expect((await probe(1)({ 'X-Forwarded-Proto': 'https, http' })).https).toBe(false);
    expect((await probe(2)({ 'X-Forwarded-Proto': 'https, http' })).https).toBe(true);
    expect((await probe(0)({}, 'https://localhost/who')).https).toBe(true);
  });
});

describe('Strict-Transport-Security', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({}, { orders: 10 });
  });
  afterAll(() => t.close());

  it('is sent over HTTPS, directly or as the trusted proxy reports it, and not over HTTP', async () => {
    const hsts = async (
      app: ReturnType<TestServer['makeApp']>,
      url: string,
      headers: Record<string, string>,
    ) => (await app.request(url, { headers })).headers.get('strict-transport-security');
    const direct = t.makeApp({ trustProxy: 0 });
    const proxied = t.makeApp({ trustProxy: 1 });
    expect(await hsts(direct, 'https://bluetik.example/api/health', {})).toBe(STRICT_TRANSPORT_SECURITY);
    expect(await hsts(direct, 'http://bluetik.example/api/health', {})).toBeNull();
    expect(
      await hsts(direct, 'http://bluetik.example/api/health', { 'X-Forwarded-Proto': 'https' }),
    ).toBeNull();
    expect(await hsts(proxied, 'http://app:3000/api/health', { 'X-Forwarded-Proto': 'https' })).toBe(
      STRICT_TRANSPORT_SECURITY,
    );
    expect(await hsts(proxied, 'http://app:3000/', { 'X-Forwarded-Proto': 'https' })).toBe(
      STRICT_TRANSPORT_SECURITY,
    );
    expect(await hsts(proxied, 'http://app:3000/api/health', { 'X-Forwarded-Proto': 'http' })).toBeNull();
  });
});
