/*
 * What every bench and stress script needs to talk to a running server as a browser does:
 * an anonymous CSRF value from a first GET, a sign-in, then the token and the
 * session-bound CSRF value on every call (DECISIONS §3). Sessions live in the database
 * and the token secret in DATA_DIR/token-secret, so one sign-in stays valid across
 * restarts of the server on the same data folder.
 */
import { XSRF_COOKIE, XSRF_HEADER } from '#contract/auth';

/** A signed-in principal: what every call it makes carries. */
export interface ApiSession {
  name: string;
  userId: string;
  token: string;
  csrf: string;
  headers: Record<string, string>;
}

function cookieValue(res: Response, name: string): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const m = new RegExp(`^(?:__Host-)?${name}=([^;]*)`).exec(line);
    if (m) return m[1];
  }
  return undefined;
}

/** What an anonymous browser sends on a write: the CSRF cookie from a first GET, and its header. */
export async function anonymousHeaders(base: string): Promise<Record<string, string>> {
  const first = await fetch(`${base}/api/health`);
  await first.arrayBuffer();
  const anon = cookieValue(first, XSRF_COOKIE);
  if (!anon) throw new Error('no CSRF cookie from /api/health');
  return { Cookie: `${XSRF_COOKIE}=${anon}`, [XSRF_HEADER]: anon };
}

/** One sign-in attempt, whatever its answer (the limiter's refusals included). */
export async function tryLogin(base: string, mobile: string, password: string) {
  const res = await fetch(`${base}/api/accounts/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(await anonymousHeaders(base)) },
    body: JSON.stringify({ username: mobile, password }),
  });
  const body = (await res.json()) as {
    isSuccess: boolean;
    result: { token: string; userId: string } | null;
    errorMessages: string[];
  };
  return { res, status: res.status, body };
}

/** Signs in through the API; throws unless it succeeds. */
export async function signInApi(base: string, name: string, mobile: string, password: string) {
  const { res, status, body } = await tryLogin(base, mobile, password);
  if (status !== 200 || !body.result)
    throw new Error(`sign-in as ${name} failed: ${status} ${JSON.stringify(body)}`);
  const csrf = cookieValue(res, XSRF_COOKIE);
  if (!csrf) throw new Error('login set no CSRF cookie');
  const { token, userId } = body.result;
  return {
    name,
    userId,
    token,
    csrf,
    headers: {
      Authorization: `Bearer ${token}`,
      Cookie: `${XSRF_COOKIE}=${csrf}`,
      [XSRF_HEADER]: csrf,
    },
  } satisfies ApiSession;
}

/** An API answer: status and the parsed envelope (or null when the body was not JSON). */
export interface ApiAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- scripts read arbitrary result fields
  body: { isSuccess: boolean; result: any; errorMessages: string[] } | null;
}

/** One call; a network failure (server killed, connection reset) rejects. */
export async function apiCall(
  base: string,
  session: ApiSession,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  timeoutMs = 15_000,
): Promise<ApiAnswer> {
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers: { ...session.headers, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as ApiAnswer['body'] };
  } catch {
    return { status: res.status, body: null };
  }
}

/** The demo principals the scripts sign in as (DECISIONS §8). */
export const PRINCIPALS = [
  { name: 'BlueTikAdmin', mobile: '9000000001', password: 'Admin@123' },
  { name: 'WebAdmin A', mobile: '9000000002', password: 'Store@123' },
  { name: 'WebUser', mobile: '9000000003', password: 'Staff@123' },
  { name: 'WebAdmin B', mobile: '9000000005', password: 'Store@123' },
] as const;
