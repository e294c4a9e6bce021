/*
 * What the crash and load scripts need to talk to a running server as a browser does:
 * an anonymous CSRF value from a first GET, a sign-in, then the token and the
 * session-bound CSRF value on every call (DECISIONS §3). Sessions live in the database
 * and the token secret in DATA_DIR/token-secret, so one sign-in stays valid across
 * restarts of the server on the same data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
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

/** Signs in through the API; throws unless it succeeds. */
export async function signInApi(base: string, name: string, mobile: string, password: string) {
  const first = await fetch(`${base}/api/health`);
  await first.arrayBuffer();
  const anon = cookieValue(first, XSRF_COOKIE);
  if (!anon) throw new Error('no CSRF cookie from /api/health');
  const res = await fetch(`${base}/api/accounts/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Cookie: `${XSRF_COOKIE}=${anon}`,
      [XSRF_HEADER]: anon,
    },
    body: JSON.stringify({ username: mobile, password }),
  });
  const body = (await res.json()) as { result: { token: string; userId: string } };
  if (res.status !== 200) throw new Error(`sign-in as ${name} failed: ${res.status} ${JSON.stringify(body)}`);
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

/** A built server started as a child process on loopback. */
export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Resolves with the exit code (or signal name) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  stderr: () => string;
}

/** Starts `node dist/server/index.js` and waits for /api/health (throws after `timeoutMs`). */
export async function startServer(opts: {
  port: number;
  dataDir?: string;
  databaseUrl?: string;
  timeoutMs?: number;
  entry?: string;
  /** Options for Node itself, before the entry (e.g. `--expose-gc`). */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const base = `http://127.0.0.1:${opts.port}`;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), opts.entry ?? 'dist/server/index.js'], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'warn',
      ...(opts.dataDir ? { DATA_DIR: opts.dataDir } : {}),
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    },
    stdio: ['ignore', process.env.SERVER_LOG_LEVEL ? 'inherit' : 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-20_000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    if (gone) throw new Error(`server exited during start-up:\n${err}`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${opts.timeoutMs ?? 30_000} ms:\n${err}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, base, exited, stderr: () => err };
}

/** p-th percentile (0–100) of already sorted numbers. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
