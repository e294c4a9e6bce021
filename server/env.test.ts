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
      trustProxy: false,
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
      TRUST_PROXY: '1',
      STATIC_DIR: ' ',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      logLevel: 'warn',
      trustProxy: true,
    });
    expect(c.staticDir).toBe(resolve('dist/app'));
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
