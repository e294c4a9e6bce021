import { describe, expect, it } from 'vitest';
import { call, csrfCookieFrom, type Session, signInWith, type TestServer } from '../../test/harness';
import { useSuite } from '../../test/suite';

let t: TestServer;
useSuite({ signIn: false }, (s) => (t = s.t));

const change = (s: Session, body: unknown) => call(t.app, 'changePassword', { session: s, body });
const hashOf = async (phone: string) =>
  (
    await t.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('phone_number', '=', phone)
      .executeTakeFirstOrThrow()
  ).password_hash;
/** The trail's password entries of the user signing in with `phone`. */
const passwordTrail = (phone: string) =>
  t.db.kysely
    .selectFrom('audit_log')
    .innerJoin('users', 'users.id', 'audit_log.entity_id')
    .selectAll('audit_log')
    .where((eb) => eb.and({ entity: 'password', phone_number: phone }))
    .execute();

describe('POST /api/accounts/changepassword', () => {
  it('answers Invalid Current Password (success envelope) and keeps the session', async () => {
    const s = await signInWith(t.app, '9000000005', 'Store@123');
    const before = await hashOf('9000000005');
    const r = await change(s, {
      currentpassword: 'Wrong@123',
      newpassword: 'New@12345',
      confirmpassword: 'New@12345',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ isSuccess: true, result: 'Invalid Current Password', errorMessages: [] });
    expect(await hashOf('9000000005')).toBe(before);
    expect(await passwordTrail('9000000005')).toEqual([]);
    expect(
      (await call(t.app, 'getUserByUserId', { params: { userId: 9000000005 }, session: s })).status,
    ).toBe(200);
  });

  it('validates with the contract messages, changing nothing', async () => {
    const s = await signInWith(t.app, '9000000005', 'Store@123');
    const before = await hashOf('9000000005');
    const empty = await change(s, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessages).toEqual([
      'Current Password is required',
      'New Password is required',
      'Confirm Password is required',
    ]);
    const mismatch = await change(s, {
      currentpassword: 'Store@123',
      newpassword: 'New@12345',
      confirmpassword: 'New@1234',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errorMessages).toEqual(['Password and Confirm Password must be same.']);
    expect(await hashOf('9000000005')).toBe(before);
  });

  it('changes the password of the token user (never a userId in the body) and ends its sessions', async () => {
    const s = await signInWith(t.app, '9000000006', 'Store@123');
    const other = await signInWith(t.app, '9000000006', 'Store@123');
    const adminHash = await hashOf('9000000001');
    const long = 'P@ss-'.repeat(12) + 'word'; // 64 characters
    const r = await change(s, {
      userId: '9000000001',
      currentpassword: 'Store@123',
      newpassword: long,
      confirmpassword: long,
    });
    expect(r.body).toEqual({ isSuccess: true, result: 'Password Changed', errorMessages: [] });
    expect(csrfCookieFrom(r.res)).toMatch(/^a\./);
    expect(await hashOf('9000000001')).toBe(adminHash);
    expect(await hashOf('9000000006')).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);

    for (const old of [s, other]) {
      expect(
        (await call(t.app, 'getUserByUserId', { params: { userId: 9000000006 }, session: old })).status,
      ).toBe(401);
    }
    await expect(signInWith(t.app, '9000000006', 'Store@123')).rejects.toThrow(/401/);
    const fresh = await signInWith(t.app, '9000000006', long);
    expect(fresh.result.userId).toBe('9000000006');

    // The trail says who changed their password and when, never the password or its hash.
    const trail = await passwordTrail('9000000006');
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'change-password', user_id: trail[0]!.entity_id });
    expect(trail[0]!.changes).toBe(JSON.stringify({ password: '[redacted]' }));
    expect(JSON.stringify(trail)).not.toContain(long);
    expect(JSON.stringify(trail)).not.toContain('argon2');
  });

  it('answers User Not Found when the token user no longer exists', async () => {
    const { changePassword } = await import('./accounts.service');
    const ghost = { userId: 987654, name: 'Gone', requestId: 'test' };
    expect(await changePassword(t.db.kysely, ghost, 'a', 'b', Date.now())).toBe('User Not Found');
  });

  it('needs a token and a session-bound CSRF value', async () => {
    const body = { currentpassword: 'Store@123', newpassword: 'x', confirmpassword: 'x' };
    const s = await signInWith(t.app, '9000000005', 'Store@123');
    expect((await call(t.app, 'changePassword', { session: { csrf: s.csrf }, body })).status).toBe(401);
    expect((await call(t.app, 'changePassword', { session: { token: s.token }, body })).status).toBe(403);
  });
});
