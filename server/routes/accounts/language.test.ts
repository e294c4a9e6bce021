import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonymousCsrf,
  call,
  createTestServer,
  type Session,
  signIn,
  type TestServer,
} from '../../test/harness';

/* Each user's language, kept on the account (issue 17): set on one device, answered at sign-in on any. */
let t: TestServer;
let webUser: Session;
beforeAll(async () => {
  t = await createTestServer();
  webUser = await signIn(t.app, 'WebUser');
});
afterAll(() => t.close());

const set = (s: { token?: string; csrf: string }, body: unknown) =>
  call(t.app, 'setLanguage', { session: s, body });
const row = (phone: string) =>
  t.db.kysely
    .selectFrom('users')
    .select(['language', 'version', 'updated_at'])
    .where('phone_number', '=', phone)
    .executeTakeFirstOrThrow();

describe('POST /api/accounts/setlanguage', () => {
  it('sign-in answers null until the user chooses', () => {
    expect(webUser.result.language).toBeNull();
  });

  it("keeps the caller's language, and sign-in on another device answers it", async () => {
    const before = await row('9000000003');
    const r = await set(webUser, { language: 'te-IN' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ isSuccess: true, result: { language: 'te-IN' }, errorMessages: [] });
    const after = await row('9000000003');
    expect(after.language).toBe('te-IN');
    // A preference, not a profile edit: an Edit Profile open elsewhere still saves.
    expect(after.version).toBe(before.version);
    expect((await signIn(t.app, 'WebUser')).result.language).toBe('te-IN');
    // Nobody else's account changed.
    expect((await row('9000000004')).language).toBeNull();
    expect((await signIn(t.app, 'MobileUser')).result.language).toBeNull();
  });

  it('refuses a language the app does not have, writing nothing', async () => {
    for (const language of ['ta-IN', 'en', '', 42, null]) {
      const r = await set(webUser, { language });
      expect(r.status, String(language)).toBe(400);
      expect(r.body.isSuccess).toBe(false);
      expect(r.body.errorMessages).toContain('Language must be one of en-IN, te-IN, hi-IN.');
    }
    expect((await row('9000000003')).language).toBe('te-IN');
  });

  it('asks for a session and its CSRF value', async () => {
    expect((await set({ csrf: await anonymousCsrf(t.app) }, { language: 'hi-IN' })).status).toBe(401);
    expect((await set({ token: webUser.token, csrf: 'forged' }, { language: 'hi-IN' })).status).toBe(403);
    expect((await row('9000000003')).language).toBe('te-IN');
  });
});
