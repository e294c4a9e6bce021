import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestServer, signIn, signInWith, type Session, type TestServer } from '../test/harness';
import { deriveKey } from './keys';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const profileOf = (s: Session, token = s.token) =>
  call(t.app, 'GET', `/api/accounts/getuserbyuserid/${s.result.userId}`, {
    session: { token, csrf: s.csrf },
  });

function expect401(r: Awaited<ReturnType<typeof call>>) {
  expect(r.status).toBe(401);
  expect(r.body).toEqual({ isSuccess: false, result: null, errorMessages: ['Please sign in again.'] });
}

describe('tokens', () => {
  it('accepts a fresh token', async () => {
    const s = await signIn(t.app, 'WebUser');
    const r = await profileOf(s);
    expect(r.status).toBe(200);
    expect(r.body.result.phoneNumber).toBe('9000000003');
  });

  it('refuses a missing or malformed Authorization header', async () => {
    const s = await signIn(t.app, 'WebUser');
    expect401(await call(t.app, 'GET', '/api/accounts/getuserbyuserid/9000000003'));
    expect401(
      await call(t.app, 'GET', '/api/accounts/getuserbyuserid/9000000003', {
        headers: { Authorization: s.token },
      }),
    );
    expect401(await profileOf(s, 'not.a.jwt'));
  });

  it('refuses an expired token', async () => {
    const s = await signIn(t.app, 'WebUser');
    const later = t.makeApp({ clock: () => Date.now() + 8 * 3600_000 + 1000 });
    const r = await call(later, 'GET', '/api/accounts/getuserbyuserid/9000000003', { session: s });
    expect(r.status).toBe(401);
  });

  it('refuses a tampered token (role raised, signature kept)', async () => {
    const s = await signIn(t.app, 'WebUser');
    const [h, , sig] = s.token.split('.');
    const claims = decodeJwt(s.token);
    const forged = `${h}.${b64({ ...claims, role: 'BlueTikAdmin' })}.${sig}`;
    expect401(await profileOf(s, forged));
    expect401(await call(t.app, 'GET', '/api/user/listusers', { session: { token: forged } }));
  });

  it('refuses alg none', async () => {
    const s = await signIn(t.app, 'WebUser');
    const claims = decodeJwt(s.token);
    expect401(await profileOf(s, `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`));
    expect401(await profileOf(s, `${b64({ alg: 'none' })}.${b64(claims)}.${s.token.split('.')[2]}`));
  });

  it('refuses a token signed with another key, or naming a key in its header', async () => {
    const s = await signIn(t.app, 'WebUser');
    const claims = decodeJwt(s.token);
    const otherKey = new TextEncoder().encode('another secret that is long enough to be a key!!');
    const wrong = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(otherKey);
    expect401(await profileOf(s, wrong));

    // Right key, but the header names a key (kid) or demands extensions: refused all the same.
    const key = deriveKey(t.secret, 'jwt');
    const right = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    expect((await profileOf(s, right)).status).toBe(200);
    const withKid = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'k1' })
      .sign(key);
    expect401(await profileOf(s, withKid));
    const withJku = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', jku: 'https://evil.example/jwks' })
      .sign(key);
    expect401(await profileOf(s, withJku));
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(key);
    expect401(await profileOf(s, hs512));
  });

  it('refuses the token after logout, and other sessions keep working', async () => {
    const a = await signIn(t.app, 'MobileUser');
    const b = await signIn(t.app, 'MobileUser');
    const out = await call(t.app, 'GET', '/api/accounts/logout', { session: a });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ isSuccess: true, result: true, errorMessages: [] });
    expect401(await profileOf(a));
    expect401(await call(t.app, 'GET', '/api/accounts/logout', { session: a }));
    expect((await profileOf(b)).status).toBe(200);
  });

  it('refuses every token of a user after a password change', async () => {
    const a = await signInWith(t.app, '9000000007', 'Store@123');
    const b = await signInWith(t.app, '9000000007', 'Store@123');
    const r = await call(t.app, 'POST', '/api/accounts/changepassword', {
      session: a,
      body: { currentpassword: 'Store@123', newpassword: 'Changed@123', confirmpassword: 'Changed@123' },
    });
    expect(r.body.result).toBe('Password Changed');
    expect401(await profileOf(a));
    expect401(await profileOf(b));
    const c = await signInWith(t.app, '9000000007', 'Changed@123');
    expect((await profileOf(c)).status).toBe(200);
  });

  it('refuses the token of a user deactivated or given another role since sign-in', async () => {
    const s = await signInWith(t.app, '9000000008', 'Store@123');
    expect((await profileOf(s)).status).toBe(200);
    const users = t.db.kysely.updateTable('users').where('phone_number', '=', '9000000008');
    await users.set({ is_active: 0 }).execute();
    expect401(await profileOf(s));
    await users.set({ is_active: 1 }).execute();
    expect((await profileOf(s)).status).toBe(200);
    const webUser = await t.db.kysely
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'WebUser')
      .executeTakeFirstOrThrow();
    await users.set({ role_id: webUser.id }).execute();
    expect401(await profileOf(s));
  });
});
