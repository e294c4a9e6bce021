import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { fail, issueMessages, ok } from '#contract/envelope';
import { API_BASE, ENDPOINTS, type EndpointName } from '#contract/endpoints';
import {
  CHANGE_PASSWORD_RESULTS,
  ChangePasswordSchema,
  CSRF_REFUSED_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  LoginSchema,
  XSRF_COOKIE,
} from '#contract/auth';
import { EditProfileSchema, type Profile } from '#contract/profile';
import { normalizePhone } from '#contract/rules';
import { callerOf, hasXsrf, MOCK_XSRF, refuse } from './auth';
import { DEMO_USERS, makeLoginResult, makeProfile } from './fixtures';

/*
 * MSW handlers for the accounts calls, answering like DECISIONS says the server does:
 * envelope everywhere, 401 without a token, 403 without the XSRF header, payloads
 * validated with the same contract schemas.
 */

export { MOCK_XSRF } from './auth';

/** Mutable state behind the handlers; reset between tests with resetMockState(). */
export const mockState = {
  profiles: new Map<string, Profile>(),
  passwords: new Map<string, string>(),
};

/** Restores the demo accounts and their profiles. */
export function resetMockState() {
  mockState.profiles.clear();
  mockState.passwords.clear();
  for (const user of DEMO_USERS) {
    mockState.passwords.set(user.userId, user.password);
    mockState.profiles.set(
      user.userId,
      makeProfile({ name: user.name, email: user.email, phoneNumber: user.userId, role: user.role }),
    );
  }
}
resetMockState();

/** The absolute-from-root URL pattern of an endpoint, as MSW wants it. */
export function url(name: EndpointName): string {
  return API_BASE + ENDPOINTS[name].path;
}

const bearerUser = (request: Request) => callerOf(request)?.userId ?? null;
const unauthorized = () => refuse(401);
const forbiddenXsrf = () => refuse(403, CSRF_REFUSED_MESSAGE);

export const handlers = [
  http.get(url('health'), () => {
    // A browser stores Set-Cookie itself; jsdom behind MSW doesn't, so do it here.
    if (typeof document !== 'undefined') document.cookie = `${XSRF_COOKIE}=${MOCK_XSRF}; path=/`;
    return HttpResponse.json(ok({ status: 'ok', database: 'ok' }), {
      headers: { 'Set-Cookie': `${XSRF_COOKIE}=${MOCK_XSRF}; Path=/; SameSite=Strict` },
    });
  }),

  http.post(url('login'), async ({ request }) => {
    if (!hasXsrf(request)) return forbiddenXsrf();
    const parsed = v.safeParse(LoginSchema, await request.json());
    if (!parsed.success) return HttpResponse.json(fail(...issueMessages(parsed.issues)), { status: 400 });
    const userId = normalizePhone(parsed.output.username);
    const user = DEMO_USERS.find((u) => u.userId === userId);
    if (!user || mockState.passwords.get(userId) !== parsed.output.password) {
      return HttpResponse.json(fail(LOGIN_FAILED_MESSAGE), { status: 401 });
    }
    return HttpResponse.json(ok(makeLoginResult(user.role)));
  }),

  http.get(url('logout'), ({ request }) => {
    if (!bearerUser(request)) return unauthorized();
    return HttpResponse.json(ok(true));
  }),

  http.post(url('changePassword'), async ({ request }) => {
    const userId = bearerUser(request);
    if (!userId) return unauthorized();
    if (!hasXsrf(request)) return forbiddenXsrf();
    const parsed = v.safeParse(ChangePasswordSchema, await request.json());
    if (!parsed.success) return HttpResponse.json(fail(...issueMessages(parsed.issues)), { status: 400 });
    const current = mockState.passwords.get(userId);
    if (current === undefined) return HttpResponse.json(ok(CHANGE_PASSWORD_RESULTS.userNotFound));
    if (current !== parsed.output.currentpassword)
      return HttpResponse.json(ok(CHANGE_PASSWORD_RESULTS.wrongCurrent));
    mockState.passwords.set(userId, parsed.output.newpassword);
    return HttpResponse.json(ok(CHANGE_PASSWORD_RESULTS.changed));
  }),

  http.get(API_BASE + '/accounts/getuserbyuserid/:userId', ({ request, params }) => {
    const userId = bearerUser(request);
    if (!userId) return unauthorized();
    // The server answers for the signed-in user whatever the path says.
    const profile = mockState.profiles.get(userId) ?? mockState.profiles.get(String(params.userId));
    if (!profile) return HttpResponse.json(fail('User Not Found'), { status: 404 });
    return HttpResponse.json(ok(profile));
  }),

  http.post(url('editUserProfile'), async ({ request }) => {
    const userId = bearerUser(request);
    if (!userId) return unauthorized();
    if (!hasXsrf(request)) return forbiddenXsrf();
    const parsed = v.safeParse(EditProfileSchema, await request.json());
    if (!parsed.success) return HttpResponse.json(fail(...issueMessages(parsed.issues)), { status: 400 });
    const existing = mockState.profiles.get(userId);
    if (!existing) return HttpResponse.json(fail('User Not Found'), { status: 404 });
    const { id: _id, phoneNumber: _phone, ...fields } = parsed.output;
    const saved: Profile = { ...existing, ...fields, version: existing.version + 1 };
    mockState.profiles.set(userId, saved);
    return HttpResponse.json(ok(saved));
  }),
];
