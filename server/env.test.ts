import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, resolveTokenSecret } from './env';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      sqlitePath: join(resolve('./data'), 'app.db'),
      databaseUrl: undefined,
      tokenSecret: undefined,
      staticDir: resolve('dist/app'),
      logLevel: 'info',
      trustProxy: 0,
      http: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 5_000,
        maxConnections: 1000,
      },
      workers: 1,
    });
  });

  it('reads the variables and treats blank as unset', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      TOKEN_SECRET: 's'.repeat(32),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '2',
      STATIC_DIR: ' ',
      HEADERS_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: '20000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      MAX_CONNECTIONS: '200',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      logLevel: 'warn',
      trustProxy: 2,
      http: {
        headersTimeoutMs: 5000,
        requestTimeoutMs: 20_000,
        keepAliveTimeoutMs: 65_000,
        maxConnections: 200,
      },
    });
    expect(c.staticDir).toBe(resolve('dist/app'));
  });

  it('reads TRUST_PROXY as a number of proxies: true is one, false none', () => {
    for (const [value, hops] of [
      ['true', 1],
      ['TRUE', 1],
      ['false', 0],
      ['0', 0],
      ['1', 1],
      ['3', 3],
    ] as const)
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy, value).toBe(hops);
    for (const value of ['yes', '-1', '11', '1.5'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
  });

  it('refuses timeouts that are not whole milliseconds, a head timeout past the request one, and no connections', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '0' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '1.5' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: 'soon' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      /HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS/,
    );
  });

  it('reads WORKERS as a count of server processes from 1 to 32', () => {
    expect(loadConfig({ WORKERS: '4' }).workers).toBe(4);
    for (const bad of ['0', '33', 'two', '-1', '1.5'])
      expect(() => loadConfig({ WORKERS: bad }), bad).toThrow(/WORKERS must be a whole number from 1 to 32/);
  });

  it('refuses bad values, naming each', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', TOKEN_SECRET: 'short', LOG_LEVEL: 'loud' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*TOKEN_SECRET[\s\S]*LOG_LEVEL/);
  });
});

describe('resolveTokenSecret', () => {
  it('prefers the configured secret', () => {
    expect(resolveTokenSecret({ tokenSecret: 'x'.repeat(40), dataDir: '/nonexistent' })).toBe('x'.repeat(40));
  });

  it('creates a random 256-bit secret once, readable by the owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secret-'));
    try {
      const first = resolveTokenSecret({ tokenSecret: undefined, dataDir: join(dir, 'data') });
      expect(Buffer.from(first, 'base64url')).toHaveLength(32);
      expect(statSync(join(dir, 'data', 'token-secret')).mode & 0o777).toBe(0o600);
      expect(resolveTokenSecret({ tokenSecret: undefined, dataDir: join(dir, 'data') })).toBe(first);
      expect(readFileSync(join(dir, 'data', 'token-secret'), 'utf8')).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
