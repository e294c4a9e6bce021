import { describe, expect, it } from 'vitest';
import { XSRF_HEADER } from '#contract/auth';
import { anonymousCsrf, call, csrfCookieFrom, signIn, type TestServer } from '../test/harness';
import { ANONYMOUS_VALUE_MS, createCsrfService } from './csrf';
import { useSuite } from '../test/suite';

let t: TestServer;
useSuite({ signIn: false }, (s) => (t = s.t));

const PROFILE_EDIT = '/api/accounts/edituserprofile';
const nameOf = async (phone: string) =>
  (
    await t.db.kysely
      .selectFrom('users')
      .select('name')
      .where('phone_number', '=', phone)
      .executeTakeFirstOrThrow()
  ).name;

async function validEdit(session: { token: string; csrf: string }, name: string) {
  const profile = (await call(t.app, 'getUserByUserId', { params: { userId: 9000000003 }, session })).body
    .result;
  return { ...profile, name };
}

describe('CSRF values', () => {
  const csrf = createCsrfService('a secret of at least thirty-two characters');
  it('verifies its own values and nothing else', () => {
    expect(csrf.parse(csrf.anonymous())).toEqual({ kind: 'anonymous' });
    expect(csrf.parse(csrf.forSession('abc-123'))).toEqual({ kind: 'session', jti: 'abc-123' });
    const other = createCsrfService('another secret of thirty-two characters!!');
    expect(csrf.parse(other.anonymous())).toBeNull();
    expect(csrf.parse(csrf.forSession('abc-123').replace('abc-123', 'abc-124'))).toBeNull();
    expect(csrf.parse('random-value')).toBeNull();
    expect(csrf.parse('')).toBeNull();
  });

  it('hands out one anonymous value a minute, and every value it handed out stays valid', () => {
    let now = Date.UTC(2026, 10, 28, 9);
    const timed = createCsrfService('a secret of at least thirty-two characters', () => now);
    const first = timed.anonymous();
    now += ANONYMOUS_VALUE_MS - 1;
    expect(timed.anonymous()).toBe(first);
    now += 1;
    const second = timed.anonymous();
    expect(second).not.toBe(first);
    expect(second).toMatch(/^a\.[\w-]+\.[\w-]+$/);
    // The service of another instance with the same secret accepts both.
    expect(csrf.parse(first)).toEqual({ kind: 'anonymous' });
    expect(csrf.parse(second)).toEqual({ kind: 'anonymous' });
  });

  it('answers a value again as it did the first time, remembered or not', () => {
    const session = csrf.forSession('abc-125');
    expect(csrf.parse(session)).toEqual({ kind: 'session', jti: 'abc-125' });
    // Accepted once, the same text still passes and a one-letter change still fails.
    expect(csrf.parse(session)).toEqual({ kind: 'session', jti: 'abc-125' });
    expect(csrf.parse(`${session.slice(0, -1)}${session.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    // More values than a process keeps: the first ones are checked again, with the same answers.
    const many = Array.from({ length: 10_050 }, (_, i) => csrf.forSession(`jti-${i}`));
    for (const value of many) csrf.parse(value);
    expect(csrf.parse(many[0]!)).toEqual({ kind: 'session', jti: 'jti-0' });
    expect(csrf.parse(session)).toEqual({ kind: 'session', jti: 'abc-125' });
    expect(csrf.parse(many[0]!.replace('jti-0', 'jti-1'))).toBeNull();
  });
});

describe('the XSRF-TOKEN cookie', () => {
  it('is issued on a first response: readable, SameSite=Strict, Path=/', async () => {
    const res = await t.app.request('/api/health');
    const line = res.headers.getSetCookie().find((l) => l.startsWith('XSRF-TOKEN='))!;
    expect(line).toMatch(/^XSRF-TOKEN=a\.[\w-]+\.[\w-]+; Path=\/; SameSite=Strict$/);
    expect(line).not.toMatch(/HttpOnly/i);
    // Not again while the browser holds a valid one.
    const value = csrfCookieFrom(res)!;
    const again = await t.app.request('/api/health', { headers: { Cookie: `XSRF-TOKEN=${value}` } });
    expect(csrfCookieFrom(again)).toBeUndefined();
    // A forged one is replaced.
    const forged = await t.app.request('/api/health', { headers: { Cookie: 'XSRF-TOKEN=a.x.y' } });
    expect(csrfCookieFrom(forged)).toMatch(/^a\./);
  });

  it('is __Host- prefixed and Secure over HTTPS', async () => {
    const res = await t.app.request('https://admin.example/api/health');
    const line = res.headers.getSetCookie().find((l) => l.includes('XSRF-TOKEN='))!;
    expect(line).toMatch(/^__Host-XSRF-TOKEN=a\.[^;]+; Path=\/; Secure; SameSite=Strict$/);
    const value = csrfCookieFrom(res)!;
    // Over HTTPS the login call must echo the __Host- cookie.
    const login = await t.app.request('https://admin.example/api/accounts/login', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: `__Host-XSRF-TOKEN=${value}`,
        [XSRF_HEADER]: value,
      },
      body: JSON.stringify({ username: '9000000003', password: 'Staff@123' }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie().find((l) => l.startsWith('__Host-XSRF-TOKEN=s.'))).toMatch(/Secure/);
  });

  it('is bound to the session at login and reset to an anonymous one at logout', async () => {
    const s = await signIn(t.app, 'WebUser');
    expect(s.csrf).toMatch(/^s\./);
    const out = await call(t.app, 'logout', { session: s });
    expect(csrfCookieFrom(out.res)).toMatch(/^a\./);
  });

  it('is re-bound on a signed-in GET when the browser lost it', async () => {
    const s = await signIn(t.app, 'WebUser');
    const anonymous = await anonymousCsrf(t.app);
    const r = await call(t.app, 'getUserByUserId', {
      params: { userId: 9000000003 },
      session: { token: s.token, csrf: anonymous },
    });
    expect(r.status).toBe(200);
    expect(csrfCookieFrom(r.res)).toBe(s.csrf);
  });
});

describe('state-changing calls', () => {
  it('refuse a missing, wrong or other-session header with 403 and change nothing', async () => {
    const s = await signIn(t.app, 'WebUser');
    const other = await signIn(t.app, 'WebUser');
    const before = await nameOf('9000000003');
    const body = await validEdit(s, 'Changed Name');
    const cases: Record<string, string>[] = [
      { Authorization: `Bearer ${s.token}` },
      { Authorization: `Bearer ${s.token}`, Cookie: `XSRF-TOKEN=${s.csrf}` },
      { Authorization: `Bearer ${s.token}`, [XSRF_HEADER]: s.csrf },
      { Authorization: `Bearer ${s.token}`, Cookie: `XSRF-TOKEN=${s.csrf}`, [XSRF_HEADER]: other.csrf },
      // Another session's pair, matching each other but not this token.
      { Authorization: `Bearer ${s.token}`, Cookie: `XSRF-TOKEN=${other.csrf}`, [XSRF_HEADER]: other.csrf },
      // An anonymous pair is not enough once signed in.
      (() => {
        const a = createCsrfService(t.secret).anonymous();
        return { Authorization: `Bearer ${s.token}`, Cookie: `XSRF-TOKEN=${a}`, [XSRF_HEADER]: a };
      })(),
      // A forged value.
      { Authorization: `Bearer ${s.token}`, Cookie: 'XSRF-TOKEN=s.x.y', [XSRF_HEADER]: 's.x.y' },
    ];
    for (const headers of cases) {
      const r = await call(t.app, 'editUserProfile', { headers, body });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({
        isSuccess: false,
        result: null,
        errorMessages: ['Invalid or missing CSRF token.'],
      });
    }
    expect(await nameOf('9000000003')).toBe(before);
    const ok = await call(t.app, 'editUserProfile', { session: s, body });
    expect(ok.status).toBe(200);
    expect(await nameOf('9000000003')).toBe('Changed Name');
  });

  it('refuse a login without a valid CSRF value', async () => {
    const body = { username: '9000000003', password: 'Staff@123' };
    expect((await call(t.app, 'login', { body })).status).toBe(403);
    const forged = { csrf: 'a.nonce.badsignature' };
    expect((await call(t.app, 'login', { session: forged, body })).status).toBe(403);
    // A session value (e.g. left from an expired session) is fine for signing in again.
    const s = await signIn(t.app, 'WebUser');
    expect((await call(t.app, 'login', { session: { csrf: s.csrf }, body })).status).toBe(200);
  });

  it('refuse non-JSON bodies with 415 before anything else', async () => {
    const s = await signIn(t.app, 'WebUser');
    const before = await nameOf('9000000003');
    const body = JSON.stringify(await validEdit(s, 'Text Plain Name'));
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const r = await t.app.request(PROFILE_EDIT, {
        method: 'POST',
        headers: { ...s.headers, 'Content-Type': type },
        body,
      });
      expect(r.status).toBe(415);
      expect(await r.json()).toEqual({
        isSuccess: false,
        result: null,
        errorMessages: ['The request body must be JSON (Content-Type: application/json).'],
      });
    }
    // A string body defaults to text/plain: refused even without any token or CSRF value.
    const bare = await t.app.request('/api/accounts/login', { method: 'POST', body: '{}' });
    expect(bare.status).toBe(415);
    const none = await t.app.request('/api/accounts/login', { method: 'POST' });
    expect(none.status).toBe(415);
    expect(await nameOf('9000000003')).toBe(before);
  });
});
