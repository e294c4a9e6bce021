import { HttpResponse } from 'msw';
import { CHANGE_PASSWORD_RESULTS, LOGIN_FAILED_MESSAGE, XSRF_COOKIE } from '#contract/auth';
import { fail, ok } from '#contract/envelope';
import { normalizePhone } from '#contract/rules';
import { MOCK_XSRF, refuse } from '../auth';
import { on } from '../endpoint';
import { DEMO_USERS, makeLoginResult } from '../factories/accounts';
import { store, userByPhone } from '../store';

/** The accounts calls: health (which hands out the XSRF cookie), sign-in, password, profile. */
export const accountHandlers = [
  on('health', () => {
    // A browser stores Set-Cookie itself; jsdom behind MSW doesn't, so do it here.
    if (typeof document !== 'undefined') document.cookie = `${XSRF_COOKIE}=${MOCK_XSRF}; path=/`;
    return HttpResponse.json(ok({ status: 'ok' as const, database: 'ok' as const }), {
      headers: { 'Set-Cookie': `${XSRF_COOKIE}=${MOCK_XSRF}; Path=/; SameSite=Strict` },
    });
  }),

  on('login', ({ body }) => {
    const userId = normalizePhone(body.username);
    const demo = DEMO_USERS.find((u) => u.userId === userId);
    if (!demo || store.passwords.get(userId) !== body.password)
      return HttpResponse.json(fail(LOGIN_FAILED_MESSAGE), { status: 401 });
    return makeLoginResult(demo.role, { language: store.languages.get(userId) ?? null });
  }),

  on('setLanguage', ({ caller, body }) => {
    store.languages.set(caller.userId, body.language);
    return { language: body.language };
  }),

  on('logout', () => true as const),

  on('changePassword', ({ caller, body }) => {
    const current = store.passwords.get(caller.userId);
    if (current === undefined) return CHANGE_PASSWORD_RESULTS.userNotFound;
    if (current !== body.currentpassword) return CHANGE_PASSWORD_RESULTS.wrongCurrent;
    store.passwords.set(caller.userId, body.newpassword);
    return CHANGE_PASSWORD_RESULTS.changed;
  }),

  // The server answers for the signed-in user whatever the path says.
  on('getUserByUserId', ({ caller }) => userByPhone(caller.userId) ?? refuse(404, 'User Not Found')),

  on('editUserProfile', ({ caller, body }) => {
    const existing = userByPhone(caller.userId);
    if (!existing) return refuse(404, 'User Not Found');
    const { id: _id, phoneNumber: _phone, version: _version, ...fields } = body;
    const saved = { ...existing, ...fields, version: existing.version + 1 };
    store.users.set(saved.id, saved);
    return saved;
  }),
];
