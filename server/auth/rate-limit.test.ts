import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED_MESSAGE, LOGIN_LOCKED_MESSAGE } from '#contract/auth';
import { anonymousCsrf, call, createTestServer, DEMO_ACCOUNTS, type TestServer } from '../test/harness';
import { createLoginLimiter } from './rate-limit';

describe('createLoginLimiter', () => {
  it('locks after 5 failures within the window and unlocks when they age out', () => {
    let now = 0;
    const limiter = createLoginLimiter({ clock: () => now });
    for (let i = 0; i < 5; i++) {
      expect(limiter.isLocked('9000000002', 'a')).toBe(false);
      limiter.recordFailure('9000000002', 'a');
      now += 60_000;
    }
    expect(limiter.isLocked('9000000002', 'b')).toBe(true);
    // The first failure was at 0: at 15 minutes it leaves the window.
    now = 15 * 60_000;
    expect(limiter.isLocked('9000000002', 'b')).toBe(false);
  });

  it('keeps failures spread wider than the window from locking', () => {
    let now = 0;
    const limiter = createLoginLimiter({ clock: () => now });
    for (let i = 0; i < 20; i++) {
      limiter.recordFailure('9000000002', `addr-${i}`);
      expect(limiter.isLocked('9000000002', 'x')).toBe(false);
      now += 4 * 60_000;
    }
  });

  it('stays bounded in memory', () => {
    const limiter = createLoginLimiter({ maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) limiter.recordFailure(String(i).padStart(10, '0'), `addr-${i}`);
    // Only the most recent keys are remembered.
    for (let i = 0; i < 4; i++) limiter.recordFailure('0000009999', 'addr-9999');
    expect(limiter.isLocked('0000009999', 'z')).toBe(true);
    expect(limiter.isLocked('0000000001', 'z')).toBe(false);
  });
});

describe('failed sign-ins over HTTP', () => {
  let t: TestServer;
  let now = Date.now();
  let app: TestServer['app'];
  beforeAll(async () => {
    t = await createTestServer();
    app = t.makeApp({ clock: () => now });
  });
  afterAll(() => t.close());

  const attempt = async (username: string, password: string, address: string) =>
    call(app, 'POST', '/api/accounts/login', {
      session: { csrf: await anonymousCsrf(app) },
      body: { username, password },
      headers: { 'X-Forwarded-For': address },
    });

  it('answers the 6th attempt on an account with 429, even with the right password, until the window passes', async () => {
    const { mobile, password } = DEMO_ACCOUNTS.WebUser;
    for (let i = 0; i < 5; i++) {
      const r = await attempt(mobile, 'Wrong@123', `203.0.113.${i + 1}`);
      expect(r.status).toBe(401);
      expect(r.body.errorMessages).toEqual([LOGIN_FAILED_MESSAGE]);
    }
    const sixth = await attempt(mobile, 'Wrong@123', '203.0.113.50');
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ isSuccess: false, result: null, errorMessages: [LOGIN_LOCKED_MESSAGE] });
    // The right password from a new address: still locked, and the +91 form is the same account.
    expect((await attempt(mobile, password, '203.0.113.51')).status).toBe(429);
    expect((await attempt(`+91${mobile}`, password, '203.0.113.52')).status).toBe(429);
    // Other accounts are unaffected.
    expect(
      (await attempt(DEMO_ACCOUNTS.MobileUser.mobile, DEMO_ACCOUNTS.MobileUser.password, '203.0.113.53'))
        .status,
    ).toBe(200);

    now += 15 * 60_000 + 1;
    expect((await attempt(mobile, password, '203.0.113.54')).status).toBe(200);
  });

  it('clears an account after a successful sign-in', async () => {
    const { mobile, password } = DEMO_ACCOUNTS.WebAdmin;
    for (let i = 0; i < 4; i++) await attempt(mobile, 'Wrong@123', `198.18.0.${i + 1}`);
    expect((await attempt(mobile, password, '198.18.0.10')).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await attempt(mobile, 'Wrong@123', `198.18.1.${i + 1}`)).status).toBe(401);
    expect((await attempt(mobile, password, '198.18.0.11')).status).toBe(200);
  });

  it('locks an address that fails on many accounts', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < 5; i++)
      expect((await attempt(`98765432${10 + i}`, 'Wrong@123', address)).status).toBe(401);
    const { mobile, password } = DEMO_ACCOUNTS.BlueTikAdmin;
    expect((await attempt(mobile, password, address)).status).toBe(429);
    // The same account from elsewhere is fine.
    expect((await attempt(mobile, password, '192.0.2.78')).status).toBe(200);
  });
});
