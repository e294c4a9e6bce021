import { XSRF_COOKIE, XSRF_HEADER } from '#contract/auth';

/** Headers for a call with this token and CSRF value (cookie and echo header alike). */
export function authHeaders(session: { token?: string; csrf?: string }): Record<string, string> {
  const h: Record<string, string> = {};
  if (session.token) h.Authorization = `Bearer ${session.token}`;
  if (session.csrf) {
    h.Cookie = `${XSRF_COOKIE}=${session.csrf}`;
    h[XSRF_HEADER] = session.csrf;
  }
  return h;
}
