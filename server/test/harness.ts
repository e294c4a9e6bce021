import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { XSRF_COOKIE, type LoginResult } from '#contract/auth';
import type { Role } from '#contract/enums';
import { createApp, type App, type AppDeps } from '../app';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DEMO_ACCOUNTS, seedIfEmpty } from '../db/seed';
import type { Logger } from '../logger';
import { call } from './api';
import { authHeaders } from './auth-headers';

/*
 * Test harness: each test file gets a fresh migrated and seeded database (SQLite in
 * memory, or with TEST_DB=postgres a uniquely named `t_…` schema in TEST_DATABASE_URL,
 * dropped when the run ends) and an app to call with `app.request()`.
 */

export { DEMO_ACCOUNTS };
export { authHeaders };
export { call, queryOf, send, type Answer, type CallOptions } from './api';

/** A logger that keeps its entries, so tests can assert what the server logged. */
export function memoryLogger(): Logger & {
  entries: { level: string; msg: string; fields: Record<string, unknown> }[];
} {
  const entries: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const at =
    (level: string) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      entries.push({ level, msg, fields });
    };
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A fresh database, the app over it, and a way to build more apps over the same data. */
export interface TestServer {
  db: Db;
  app: App;
  secret: string;
  logger: ReturnType<typeof memoryLogger>;
  /** Another app over the same database (e.g. with its own clock or limiter). */
  makeApp(overrides?: Partial<AppDeps>): App;
  close(): Promise<void>;
}

/** Opens a fresh database (the dialect TEST_DB names), migrated, optionally seeded. */
export async function freshDatabase(
  opts: { seed?: boolean; orders?: number } = {},
): Promise<{ db: Db; drop: () => Promise<void> }> {
  let db: Db;
  let drop: () => Promise<void>;
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    db = openDatabase({ dialect: 'postgres', url, schema, poolSize: 4 });
    // The schema stays until the run ends (server/test/pg-schemas.ts drops them all): a
    // schema dropped while another file's migrator lists every schema's tables fails that
    // file ("schema … does not exist"), and dropping none lets the files run side by side.
    drop = () => db.kysely.destroy();
  } else {
    db = openDatabase({ dialect: 'sqlite', path: ':memory:' });
    drop = () => db.kysely.destroy();
  }
  try {
    await migrateToLatest(db);
    if (opts.seed !== false) await seedIfEmpty(db, opts.orders !== undefined ? { orders: opts.orders } : {});
  } catch (err) {
    await drop();
    throw err;
  }
  return { db, drop };
}

/**
 * Sets up the file's test server; call `close()` in afterAll. `orders` seeds fewer demo
 * orders (default 2,000), for files that hash the whole database often.
 */
export async function createTestServer(
  overrides: Partial<AppDeps> = {},
  opts: { orders?: number } = {},
): Promise<TestServer> {
  const { db, drop } = await freshDatabase(opts);
  const secret = randomBytes(32).toString('base64url');
  const logger = memoryLogger();
  const makeApp = (more: Partial<AppDeps> = {}) =>
    createApp({
      db,
      tokenSecret: secret,
      logger,
      staticDir: '/nonexistent-static-dir',
      // Tests name the client address with X-Forwarded-For (see `call`).
      trustProxy: true,
      ...overrides,
      ...more,
    });
  return { db, app: makeApp(), secret, logger, makeApp, close: drop };
}

/** The value of the XSRF cookie a response sets, if any. */
export function csrfCookieFrom(res: Response): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const m = new RegExp(`^(?:__Host-)?${XSRF_COOKIE}=([^;]*)`).exec(line);
    if (m) return m[1];
  }
  return undefined;
}

/** An anonymous CSRF value, as a browser gets on its first page load. */
export async function anonymousCsrf(app: App): Promise<string> {
  const value = csrfCookieFrom(await app.request('/api/health'));
  if (!value) throw new Error('no CSRF cookie issued');
  return value;
}

/** A signed-in session: the token and the session-bound CSRF value. */
export interface Session {
  token: string;
  csrf: string;
  result: LoginResult;
  headers: Record<string, string>;
}

/** Signs in with a phone and password; throws unless it succeeds. */
export async function signInWith(
  app: App,
  username: string,
  password: string,
  extra: { rememberme?: boolean; headers?: Record<string, string> } = {},
): Promise<Session> {
  const csrf = await anonymousCsrf(app);
  const { res, status, body } = await call(app, 'login', {
    session: { csrf },
    body: { username, password, ...(extra.rememberme !== undefined ? { rememberme: extra.rememberme } : {}) },
    headers: extra.headers ?? {},
  });
  if (status !== 200) throw new Error(`sign-in as ${username} failed: ${status} ${JSON.stringify(body)}`);
  const sessionCsrf = csrfCookieFrom(res);
  if (!sessionCsrf) throw new Error('login set no CSRF cookie');
  const result = body.result;
  if (!result) throw new Error('login answered no result');
  return {
    token: result.token,
    csrf: sessionCsrf,
    result,
    headers: authHeaders({ token: result.token, csrf: sessionCsrf }),
  };
}

/** Signs in as the demo account of `role` (DECISIONS §8). */
export function signIn(app: App, role: Role, extra: { rememberme?: boolean } = {}): Promise<Session> {
  const account = DEMO_ACCOUNTS[role];
  return signInWith(app, account.mobile, account.password, extra);
}

/**
 * A session for user `phone` issued directly by the token service, with its bound CSRF
 * value: what a sign-in yields, without spending an argon2 check (fuzzing needs many).
 */
export async function issueSession(
  t: TestServer,
  phone: string,
  opts: { app?: App } = {},
): Promise<{ token: string; csrf: string; userId: number }> {
  const app = opts.app ?? t.app;
  const user = await t.db.kysely
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.name', 'roles.name as role'])
    .where('users.phone_number', '=', phone)
    .executeTakeFirstOrThrow();
  const issued = await app.ctx.tokens.issue({ id: user.id, role: user.role as Role, name: user.name });
  return { token: issued.token, csrf: app.ctx.csrf.forSession(issued.jti), userId: user.id };
}
