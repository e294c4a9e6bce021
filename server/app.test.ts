import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { CONTENT_SECURITY_POLICY } from './http/security-headers';
import { call, createTestServer, memoryLogger, send, signIn, type TestServer } from './test/harness';

let t: TestServer;
let staticDir: string;
const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];`;
let withSpa: TestServer['app'];
beforeAll(async () => {
  t = await createTestServer();
  staticDir = mkdtempSync(join(tmpdir(), 'spa-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>BlueTik</title><div id="root"></div>');
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'assets', 'big-abc123.js'), BIG_JS);
  writeFileSync(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(staticDir, 'sounds'));
  writeFileSync(join(staticDir, 'sounds', 'new-order.wav'), 'RIFF');
  withSpa = t.makeApp({ staticDir });
});
afterAll(async () => {
  rmSync(staticDir, { recursive: true, force: true });
  await t.close();
});

/** An app whose database is closed: every query throws, as an unexpected failure would. */
async function brokenApp() {
  const db = openDatabase({ dialect: 'sqlite', path: ':memory:' });
  await migrateToLatest(db);
  await db.kysely.destroy();
  const logger = memoryLogger();
  return { app: createApp({ db, tokenSecret: t.secret, logger }), logger };
}

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  expect(CONTENT_SECURITY_POLICY).toContain("base-uri 'none'");
  expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
}

describe('GET /api/health', () => {
  it('answers ok with the database reachable', async () => {
    const r = await call(t.app, 'health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ isSuccess: true, result: { status: 'ok', database: 'ok' }, errorMessages: [] });
  });
  it('answers 503 when the database is not', async () => {
    const { app } = await brokenApp();
    const r = await call(app, 'health');
    expect(r.status).toBe(503);
    expect(r.body.errorMessages).toEqual(['Database unavailable']);
  });
});

describe('security headers', () => {
  it('are on API responses, with no-store', async () => {
    const s = await signIn(t.app, 'WebUser');
    for (const res of [
      (await call(t.app, 'health')).res,
      (await call(t.app, 'getUserByUserId', { params: { userId: 9000000003 }, session: s })).res,
      (await call(t.app, 'listUsers', { session: s })).res,
      (await send(t.app, 'GET', '/api/nothing')).res,
      (await call(t.app, 'login', { body: {} })).res,
    ]) {
      expectSecurityHeaders(res);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('are on static files, the history fallback, a static 404 and a 500', async () => {
    expectSecurityHeaders(await withSpa.request('/'));
    expectSecurityHeaders(await withSpa.request('/assets/index-abc123.js'));
    expectSecurityHeaders(await withSpa.request('/listorders'));
    expectSecurityHeaders(await withSpa.request('/missing.png'));
    const { app } = await brokenApp();
    const csrf = await call(t.app, 'health');
    const cookie = csrf.res.headers.getSetCookie()[0]!.split(';')[0]!;
    const res = await app.request('/api/accounts/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-XSRF-TOKEN': cookie.split('=')[1]! },
      body: JSON.stringify({ username: '9000000001', password: 'Admin@123' }),
    });
    expect(res.status).toBe(500);
    expectSecurityHeaders(res);
  });
});

describe('the envelope on errors', () => {
  it('answers 404 for unknown paths (API and non-GET elsewhere)', async () => {
    for (const [method, path] of [
      ['GET', '/api/unknown'],
      ['POST', '/somewhere'],
    ] as const) {
      const r = await send(t.app, method, path, { body: method === 'POST' ? {} : undefined });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ isSuccess: false, result: null, errorMessages: ['Not found.'] });
    }
  });

  it('answers 500 with a generic message, logging the error with the request id', async () => {
    const { app, logger } = await brokenApp();
    const health = await app.request('/api/health');
    const value = health.headers.getSetCookie()[0]!.split(';')[0]!.split('=')[1]!;
    const r = await call(app, 'login', {
      session: { csrf: value },
      body: { username: '9000000001', password: 'Admin@123' },
    });
    expect(r.status).toBe(500);
    expect(r.body).toEqual({
      isSuccess: false,
      result: null,
      errorMessages: ['There was an error. Please try again later.'],
    });
    expect(JSON.stringify(r.body)).not.toMatch(/sqlite|database|stack|Error:/i);
    const logged = logger.entries.find((e) => e.level === 'error' && e.msg === 'request failed');
    expect(logged?.fields.requestId).toBe(r.res.headers.get('x-request-id'));
    expect(logged?.fields.err).toBeInstanceOf(Error);
  });

  it('answers 400 for malformed JSON and 413 for a body over 1 MB', async () => {
    const s = await signIn(t.app, 'WebUser');
    const bad = await call(t.app, 'editUserProfile', { session: s, body: '{not json' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      isSuccess: false,
      result: null,
      errorMessages: ['The request body is not valid JSON.'],
    });
    const big = await call(t.app, 'editUserProfile', {
      session: s,
      body: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({
      isSuccess: false,
      result: null,
      errorMessages: ['The request is too large.'],
    });
  });
});

describe('the SPA outside /api', () => {
  it('serves index.html with no-cache, at / and for client routes', async () => {
    for (const path of ['/', '/index.html', '/listorders', '/order/edit/12', '/login?next=%2F']) {
      const res = await withSpa.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and the other files for an hour', async () => {
    const js = await withSpa.request('/assets/index-abc123.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe('console.log(1)');
    const svg = await withSpa.request('/favicon.svg');
    expect(svg.headers.get('cache-control')).toBe('public, max-age=3600');
    // The new-order sound as audio (with nosniff, octet-stream would not play).
    expect((await withSpa.request('/sounds/new-order.wav')).headers.get('content-type')).toBe('audio/wav');
    const head = await withSpa.request('/assets/index-abc123.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it("sends text files gzip'd to a client that accepts it, and plain otherwise", async () => {
    const gz = await withSpa.request('/assets/big-abc123.js', {
      headers: { 'Accept-Encoding': 'br;q=1.0, gzip;q=0.8' },
    });
    expect(gz.status).toBe(200);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await gz.arrayBuffer());
    expect(Number(gz.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(BIG_JS.length / 3);
    expect(gunzipSync(body).toString()).toBe(BIG_JS);

    for (const accept of [undefined, 'identity', 'gzip;q=0', 'br']) {
      const plain = await withSpa.request('/assets/big-abc123.js', {
        headers: accept ? { 'Accept-Encoding': accept } : {},
      });
      expect(plain.headers.get('content-encoding'), accept).toBeNull();
      expect(await plain.text(), accept).toBe(BIG_JS);
    }
    // A tiny file isn't worth it.
    const tiny = await withSpa.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
  });

  it('answers 404 for a missing file and never leaves the folder', async () => {
    for (const path of [
      '/assets/missing.js',
      '/../package.json',
      '/%2e%2e/package.json',
      '/.env',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const res = await withSpa.request(path);
      expect([404, 200], path).toContain(res.status);
      const text = await res.text();
      expect(text, path).not.toContain('"name"');
      if (res.status === 200) expect(text).toContain('<div id="root">');
    }
    expect((await withSpa.request('/assets/missing.js')).status).toBe(404);
  });

  it('says clearly when the web app is not built', async () => {
    const r = await send(t.app, 'GET', '/');
    expect(r.status).toBe(503);
    expect(r.body.errorMessages[0]).toMatch(/not built.*npm run build/);
  });
});
