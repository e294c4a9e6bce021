import { HttpResponse } from 'msw';
import { CSRF_REFUSED_MESSAGE, XSRF_HEADER } from '#contract/auth';
import { fail, failFields, STATUS_MESSAGES } from '#contract/envelope';
import { ENDPOINTS, type EndpointName } from '#contract/endpoints';
import { can, type Action } from '#contract/permissions';

/*
 * The mocks' one auth helper: who calls (the token's claims), the CSRF header, and the
 * permission table, refusing with the server's own words (contract STATUS_MESSAGES,
 * CSRF_REFUSED_MESSAGE), so no mock answers 401 or 403 in words the server doesn't use.
 */

/** The XSRF value the mock "server" hands out. */
export const MOCK_XSRF = 'mock-xsrf-token';

/** The signed-in caller, from the token's claims (the mocks trust them: app tests sign in by making one). */
export interface Caller {
  userId: string;
  role: string;
}

export function callerOf(request: Request): Caller | null {
  const auth = request.headers.get('Authorization');
  if (!auth?.startsWith('Bearer ')) return null;
  try {
    const payload = auth.slice(7).split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub?: string;
      role?: string;
    };
    return claims.sub ? { userId: claims.sub, role: claims.role ?? '' } : null;
  } catch {
    return null;
  }
}

export const hasXsrf = (request: Request) => request.headers.get(XSRF_HEADER) === MOCK_XSRF;

export const refuse = (status: 400 | 401 | 403 | 404 | 409, ...messages: string[]) =>
  HttpResponse.json(fail(...(messages.length ? messages : [STATUS_MESSAGES[status]])), { status });

/** A 400 about one field of the payload (a name taken), named as the server's ApiError.field names it. */
export const refuseField = (field: string, message: string) =>
  HttpResponse.json(failFields([message], { [field]: [message] }), { status: 400 });

/**
 * The server's guard for `name` (server/auth/permissions.ts): a token unless public (401),
 * the CSRF header on a state-changing call (403), the grant of the permission table (403).
 * Answers the caller, or the refusal to send.
 */
export function guard(
  request: Request,
  name: EndpointName,
  flags: { isAddCategoryItems?: boolean } = { isAddCategoryItems: false },
): Caller | Response {
  const caller = callerOf(request);
  if (!caller) return refuse(401);
  if (request.method !== 'GET' && !hasXsrf(request)) return refuse(403, CSRF_REFUSED_MESSAGE);
  const action = ENDPOINTS[name].action as Action | 'public';
  if (action !== 'public' && !can(caller.role, action, flags)) return refuse(403);
  return caller;
}
