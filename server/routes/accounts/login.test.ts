import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { LOGIN_FAILED_MESSAGE } from '#contract/auth';
import { ROLES } from '#contract/enums';
import {
  anonymousCsrf,
  call,
  csrfCookieFrom,
  DEMO_ACCOUNTS,
  signIn,
  type TestServer,
} from '../../test/harness';
import { useSuite } from '../../test/suite';

let t: TestServer;
useSuite({ signIn: false }, (s) => (t = s.t));

const login = async (username: unknown, password: unknown, extra: Record<string, unknown> = {}) =>
  call(t.app, 'login', {
    session: { csrf: await anonymousCsrf(t.app) },
    body: { username, password, ...extra },
  });

describe('POST /api/accounts/login', () => {
  it.each(ROLES)('signs in the %s demo account', async (role) => {
    const { res, status, body } = await login(DEMO_ACCOUNTS[role].mobile, DEMO_ACCOUNTS[role].password);
    expect(status).toBe(200);
    expect(body.isSuccess).toBe(true);
    expect(body.errorMessages).toEqual([]);
    expect(Object.keys(body.result).sort()).toEqual([
      'email',
      'expiration',
      'language',
      'name',
      'token',
      'userId',
    ]);
    expect(body.result.userId).toBe(DEMO_ACCOUNTS[role].mobile);
    expect(body.result.email).toContain('@');

    const claims = decodeJwt(body.result.token);
    expect(Object.keys(claims)).toEqual(['sub', 'role', 'name', 'jti', 'exp', 'iat']);
    expect(claims.role).toBe(role);
    expect(claims.name).toBe(body.result.name);
    expect(decodeProtectedHeader(body.result.token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    // 8 hours without "remember me".
    expect((claims.exp! - claims.iat!) / 3600).toBe(8);
    expect(new Date(body.result.expiration).getTime()).toBe(claims.exp! * 1000);
    // The session-bound CSRF cookie comes with the token.
    expect(csrfCookieFrom(res)).toMatch(new RegExp(`^s\\.${claims.jti}\\.`));
  });

  it('lasts 7 days with rememberme', async () => {
    const { body } = await login(DEMO_ACCOUNTS.WebUser.mobile, DEMO_ACCOUNTS.WebUser.password, {
      rememberme: true,
    });
    const claims = decodeJwt(body.result.token);
    expect((claims.exp! - claims.iat!) / 86400).toBe(7);
  });

  it.each(['+919000000002', '09000000002', ' 9000000002 '])(
    'accepts the number written as %j',
    async (username) => {
      const { status, body } = await login(username, DEMO_ACCOUNTS.WebAdmin.password);
      expect(status).toBe(200);
      expect(body.result.userId).toBe('9000000002');
    },
  );

  it('answers a wrong password and an unknown number identically', async () => {
    const wrong = await login('9000000002', 'Wrong@123');
    const unknown = await login('9999999999', 'Wrong@123');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ isSuccess: false, result: null, errorMessages: [LOGIN_FAILED_MESSAGE] });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses an inactive user with the same answer, even with the right password', async () => {
    await t.db.kysely
      .updateTable('users')
      .set({ is_active: 0 })
      .where('phone_number', '=', '9000000005')
      .execute();
    const { status, body } = await login('9000000005', 'Store@123');
    expect(status).toBe(401);
    expect(body.errorMessages).toEqual([LOGIN_FAILED_MESSAGE]);
    await t.db.kysely
      .updateTable('users')
      .set({ is_active: 1 })
      .where('phone_number', '=', '9000000005')
      .execute();
    expect((await login('9000000005', 'Store@123')).status).toBe(200);
  });

  it('lists every validation message with 400, each under the field it is about', async () => {
    const empty = await login('', '');
    expect(empty.status).toBe(400);
    // The contract's schema reports every failed rule, as the form shows them.
    expect(empty.body).toEqual({
      isSuccess: false,
      result: { fields: { username: ['Mobile number is required'], password: ['Password is required'] } },
      errorMessages: ['Mobile number is required', 'Password is required'],
    });
    const short = await login('12345', 'x'.repeat(129));
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      isSuccess: false,
      result: {
        fields: {
          username: ['Mobile number should be 10 digit'],
          password: ['Password cannot be more than 128 characters long.'],
        },
      },
      errorMessages: [
        'Mobile number should be 10 digit',
        'Password cannot be more than 128 characters long.',
      ],
    });
    const missing = await call(t.app, 'login', { session: { csrf: await anonymousCsrf(t.app) }, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errorMessages).toEqual(['Mobile number is required', 'Password is required']);
    const notJsonObject = await call(t.app, 'login', {
      session: { csrf: await anonymousCsrf(t.app) },
      body: '{"username": ',
    });
    expect(notJsonObject.status).toBe(400);
    expect(notJsonObject.body).toEqual({
      isSuccess: false,
      result: null,
      errorMessages: ['The request body is not valid JSON.'],
    });
  });

  it('accepts a long password without truncating it', async () => {
    const long = 'L0ng!'.repeat(25); // 125 characters
    const { hashPassword } = await import('../../auth/passwords');
    await t.db.kysely
      .updateTable('users')
      .set({ password_hash: await hashPassword(long) })
      .where('phone_number', '=', '9000000006')
      .execute();
    expect((await login('9000000006', long)).status).toBe(200);
    expect((await login('9000000006', long.slice(0, 72))).status).toBe(401);
    expect((await login('9000000006', long.slice(0, 124) + 'x')).status).toBe(401);
  });

  it('does not need the demo session: the harness helper signs in too', async () => {
    const s = await signIn(t.app, 'BlueTikAdmin');
    expect(s.result.userId).toBe('9000000001');
  });
});
