/*
 * A small HTTP client for the benches: one keep-alive connection (node:http, so the
 * client adds little to what is timed), signing in as the browser does (anonymous CSRF
 * cookie from /api/health, then the login POST echoing it). Reads need only the bearer
 * token; CSRF is checked on state-changing calls alone.
 */
import http from 'node:http';
import { XSRF_COOKIE, XSRF_HEADER } from '#contract/auth';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

/** One request; `ms` runs from sending to the last byte of the body. */
export function request(
  origin: string,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const req = http.request(
      new URL(path, origin),
      { method: opts.method ?? 'GET', headers: opts.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
            ms: performance.now() - started,
          }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(opts.body);
  });
}

/** Signs in once and answers the bearer token (argon2 is slow and sign-in is rate-limited). */
export async function signIn(origin: string, mobile: string, password: string): Promise<string> {
  const health = await request(origin, '/api/health');
  const cookie = [health.headers['set-cookie'] ?? []]
    .flat()
    .map((line) => new RegExp(`^${XSRF_COOKIE}=([^;]*)`).exec(line)?.[1])
    .find(Boolean);
  if (!cookie) throw new Error('the server set no CSRF cookie on /api/health');
  const res = await request(origin, '/api/accounts/login', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Cookie: `${XSRF_COOKIE}=${cookie}`,
      [XSRF_HEADER]: cookie,
    },
    body: JSON.stringify({ username: mobile, password }),
  });
  const token = (JSON.parse(res.body) as { result?: { token?: string } }).result?.token;
  if (res.status !== 200 || !token) throw new Error(`sign-in as ${mobile} failed: ${res.status} ${res.body}`);
  return token;
}

/** Closes the kept-alive connection so the process can exit. */
export function closeClient() {
  agent.destroy();
}
