import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_FAILED_MESSAGE, LOGIN_LOCKED_MESSAGE } from '#contract/auth';
import type { Db } from '../db/database';
import {
  anonymousCsrf,
  call,
  createTestServer,
  DEMO_ACCOUNTS,
  freshDatabase,
  type TestServer,
} from '../test/harness';
import { createLoginLimiter, type LoginLimiterOptions } from './rate-limit';

describe('createLoginLimiter (state in the database)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let now = 0;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase({ seed: false }));
  });
  afterAll(() => drop());
  const limiter = (more: Partial<LoginLimiterOptions> = {}) =>
    createLoginLimiter({ db: db.kysely, clock: () => now, ...more });
  const rows = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('login_attempts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('locks after 5 failures within the window and unlocks when they age out', async () => {
    now = 0;
    const l = limiter();
    for (let i = 0; i < 5; i++) {
      expect(await l.reserve('9000000002', 'a')).not.toBeNull();
      now += 60_000;
    }
    expect(await l.reserve('9000000002', 'b')).toBeNull();
    // The first failure was at 0: at 15 minutes it leaves the window.
    now = 15 * 60_000;
    expect(await l.reserve('9000000002', 'b')).not.toBeNull();
  });

  it('keeps failures spread wider than the window from locking', async () => {
    now = 10 ** 9;
    const l = limiter();
    for (let i = 0; i < 20; i++) {
      expect(await l.reserve('9000000003', `addr-${i}`)).not.toBeNull();
      now += 4 * 60_000;
    }
  });

  it('counts 50 failures per address, whatever the accounts', async () => {
    now = 2 * 10 ** 9;
    const l = limiter();
    for (let i = 0; i < 50; i++)
      expect(await l.reserve(`80000000${String(i).padStart(2, '0')}`, 'office')).not.toBeNull();
    expect(await l.reserve('8000000099', 'office')).toBeNull();
    // The accounts themselves are not locked: one failure each.
    expect(await l.reserve('8000000001', 'elsewhere')).not.toBeNull();
  });

  it('a success releases its reservation and clears the account, not the address', async () => {
    now = 3 * 10 ** 9;
    const l = limiter();
    for (let i = 0; i < 4; i++) expect(await l.reserve('9000000004', 'shared')).not.toBeNull();
    await l.succeeded((await l.reserve('9000000004', 'shared'))!);
    // The account starts again: five more failures, then locked.
    for (let i = 0; i < 5; i++) expect(await l.reserve('9000000004', `other-${i}`)).not.toBeNull();
    expect(await l.reserve('9000000004', 'other-9')).toBeNull();
    // The address still holds its 4 failures (the success was not one): 46 more, then locked.
    for (let i = 0; i < 46; i++)
      expect(await l.reserve(`81000000${String(i).padStart(2, '0')}`, 'shared')).not.toBeNull();
    expect(await l.reserve('8100000099', 'shared')).toBeNull();
  });

  it('reserves at most 5 of 100 simultaneous attempts on one account, 50 of 100 on one address', async () => {
    now = 4 * 10 ** 9;
    const a = limiter();
    const b = limiter(); // another instance: the state is the table, not the object
    const onAccount = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).reserve('9000000005', `burst-${i}`)),
    );
    expect(onAccount.filter(Boolean)).toHaveLength(5);
    const onAddress = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? a : b).reserve(`82000000${String(i).padStart(2, '0')}`, 'one'),
      ),
    );
    expect(onAddress.filter(Boolean)).toHaveLength(50);
  });

  it('counts a change-password check (no address) per account only', async () => {
    now = 5 * 10 ** 9;
    const l = limiter();
    for (let i = 0; i < 5; i++) expect(await l.reserve('9000000006', null)).not.toBeNull();
    expect(await l.reserve('9000000006', null)).toBeNull();
    expect(await l.reserve('9000000006', 'any')).toBeNull();
  });

  it('stays bounded: rows older than twice the window are purged as new ones come in', async () => {
    now = 6 * 10 ** 9;
    const l = limiter();
    for (let i = 0; i < 200; i++) {
      await l.reserve(`83000${String(i).padStart(5, '0')}`, `addr-${i}`);
      now += 60_000;
    }
    // One reservation a minute: only the last 30 minutes' are kept.
    expect(await rows()).toBeLessThanOrEqual(31);
    // What is kept still locks.
    for (let i = 0; i < 5; i++) await l.reserve('9000000007', `x-${i}`);
    expect(await l.reserve('9000000007', 'y')).toBeNull();
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
    call(app, 'login', {
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

  it('locks an address that fails on many accounts (50)', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < 50; i++)
      expect((await attempt(`98765432${10 + i}`, 'Wrong@123', address)).status).toBe(401);
    const { mobile, password } = DEMO_ACCOUNTS.BlueTikAdmin;
    expect((await attempt(mobile, password, address)).status).toBe(429);
    // The same account from elsewhere is fine.
    expect((await attempt(mobile, password, '192.0.2.78')).status).toBe(200);
  });

  it('keeps its counts across a restart and across instances (a new app over the same database)', async () => {
    const { mobile, password } = DEMO_ACCOUNTS.MobileUser;
    for (let i = 0; i < 5; i++)
      expect((await attempt(mobile, 'Wrong@123', `198.18.2.${i + 1}`)).status).toBe(401);
    const restarted = t.makeApp({ clock: () => now });
    const r = await call(restarted, 'login', {
      session: { csrf: await anonymousCsrf(restarted) },
      body: { username: mobile, password },
      headers: { 'X-Forwarded-For': '198.18.2.9' },
    });
    expect(r.status).toBe(429);
  });
});

describe('brute force over HTTP (issue 8 §5)', () => {
  let t: TestServer;
  let now = Date.now();
  let app: TestServer['app'];
  beforeAll(async () => {
    t = await createTestServer({}, { orders: 10 });
    app = t.makeApp({ clock: () => now });
  });
  afterAll(() => t.close());

  const attempt = async (username: string, password: string, address: string) => {
    const r = await call(app, 'login', {
      session: { csrf: await anonymousCsrf(app) },
      body: { username, password },
      headers: { 'X-Forwarded-For': address },
    });
    // What a client can compare: status, body, and which headers came back (not values
    // that differ per request, such as the request id).
    const headerNames = [...r.res.headers.keys()].sort().join(',');
    return { status: r.status, body: JSON.stringify(r.body), headerNames };
  };

  it('per account: failures spread over 14 minutes from 6 addresses; the 6th gets 429, the right password too', async () => {
    const { mobile, password } = DEMO_ACCOUNTS.WebAdmin;
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      if (i > 0) now += 3.5 * 60_000;
      answers.push((await attempt(mobile, `Wrong@${i}`, `203.0.113.${100 + i}`)).status);
    }
    answers.push((await attempt(mobile, 'Wrong@6', '203.0.113.110')).status);
    answers.push((await attempt(mobile, password, '203.0.113.111')).status);
    console.log(`[brute-force] per account: ${answers.join(' ')}`);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429]);
    now += 15 * 60_000;
    expect((await attempt(mobile, password, '203.0.113.112')).status).toBe(200);
  });

  it('per address: five accounts failing from one address do not lock a sixth; fifty do, the right password too', async () => {
    const address = '198.51.100.200';
    const answers: number[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await attempt(`90000001${10 + i}`, 'Wrong@123', address)).status);
    const { mobile, password } = DEMO_ACCOUNTS.MobileUser;
    answers.push((await attempt(mobile, password, address)).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 200]);
    // 45 more failures there make 50 (the success was not one): then even the right password gets 429.
    for (let i = 0; i < 45; i++)
      answers.push((await attempt(`90000002${10 + i}`, 'Wrong@123', address)).status);
    answers.push((await attempt(mobile, 'Wrong@123', address)).status);
    answers.push((await attempt(mobile, password, address)).status);
    console.log(
      `[brute-force] per address: ${answers.slice(0, 6).join(' ')} … ${answers.slice(-3).join(' ')}`,
    );
    expect(answers.slice(6, -2).every((s) => s === 401)).toBe(true);
    expect(answers.slice(-3)).toEqual([401, 429, 429]);
    // The account itself is not locked: from another address the right password works.
    expect((await attempt(mobile, password, '198.51.100.201')).status).toBe(200);
  });

  it('an unknown number answers exactly as a wrong password, through to the lock', async () => {
    const known = DEMO_ACCOUNTS.WebUser.mobile;
    const unknown = '9876501234';
    const inactive = '9000000008';
    await t.db.kysely
      .updateTable('users')
      .set({ is_active: 0 })
      .where('phone_number', '=', inactive)
      .execute();
    const run = async (account: string, base: number) => {
      const out = [];
      for (let i = 0; i < 6; i++) out.push(await attempt(account, 'Wrong@123', `192.0.2.${base + i}`));
      return out;
    };
    const knownAnswers = await run(known, 10);
    const unknownAnswers = await run(unknown, 30);
    const inactiveAnswers = await run(inactive, 50);
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(inactiveAnswers).toEqual(knownAnswers);
    expect(knownAnswers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
    // The right password of a deactivated account answers as a wrong one too.
    now += 15 * 60_000 + 1;
    expect(await attempt(inactive, 'Store@123', '192.0.2.90')).toEqual(knownAnswers[0]);
  });

  it('spends one argon2 verification per attempt, for a known and an unknown number alike', async () => {
    now += 15 * 60_000 + 1;
    const { password_hash: stored } = await t.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('phone_number', '=', DEMO_ACCOUNTS.WebUser.mobile)
      .executeTakeFirstOrThrow();
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const counts: Record<string, number> = {};
      for (const [label, account, address] of [
        ['known, wrong password', DEMO_ACCOUNTS.WebUser.mobile, '192.0.2.150'],
        ['unknown number', '9876509999', '192.0.2.151'],
        ['unknown with +91', '+919876509998', '192.0.2.152'],
      ] as const) {
        verify.mockClear();
        expect((await attempt(account, 'Wrong@123', address)).status).toBe(401);
        counts[label] = verify.mock.calls.length;
        // The unknown number is checked against an argon2id hash of the same cost as users' own.
        expect(String(verify.mock.calls[0]?.[0]).split('$').slice(1, 4)).toEqual(
          stored.split('$').slice(1, 4),
        );
      }
      console.log(`[brute-force] argon2 verifications per attempt: ${JSON.stringify(counts)}`);
      expect(Object.values(counts)).toEqual([1, 1, 1]);
    } finally {
      verify.mockRestore();
    }
  });
});
