import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { XSRF_COOKIE, type LoginResult } from '#contract/auth';
import type { Role } from '#contract/enums';
import { createApp, type App, type AppDeps } from '../app';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DEMO_ACCOUNTS, seedIfEmpty } from '../db/seed';
import type { Logger } from '../logger';
import { inject } from 'vitest';
import { databaseUrl } from './pg-templates';
import { call } from './api';
import { authHeaders } from './auth-headers';

/*
 * Test harness: each test file gets a fresh migrated and seeded database (SQLite in
 * memory, or with TEST_DB=postgres a uniquely named `t_…` database beside TEST_DATABASE_URL's,
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

/**
 * Opens a fresh database (the dialect TEST_DB names), migrated, optionally seeded. Both
 * engines start from a copy of a template made once (record 080): on PostgreSQL a database
 * of the file's own copied from the run's (server/test/pg-templates.ts), on SQLite an
 * in-memory database deserialized from this worker's image of one. Only a file that asks
 * for another number of orders seeds its own.
 */
export async function freshDatabase(
  opts: { seed?: boolean; orders?: number } = {},
): Promise<{ db: Db; drop: () => Promise<void> }> {
  const kind = opts.seed === false || opts.orders !== undefined ? 'migrated' : 'seeded';
  let db: Db;
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const templates = inject('pgTemplates');
    const name = `t_${templates.run}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${templates[kind]}"`).finally(() => admin.end());
    // The database stays until the run ends (pg-templates.ts drops the run's databases).
    const own = databaseUrl(url, name);
    db = openDatabase({ dialect: 'postgres', url: own, poolSize: 4 });
    urls.set(db, own);
  } else {
    db = openDatabase({ dialect: 'sqlite', path: ':memory:', image: await sqliteImage(kind) });
  }
  const drop = () => db.kysely.destroy();
  try {
    // Nothing to do on a template's copy (its migrations are recorded in it); a file that
    // asked for its own number of orders is seeded here.
    await migrateToLatest(db);
    if (opts.seed !== false) await seedIfEmpty(db, opts.orders !== undefined ? { orders: opts.orders } : {});
  } catch (err) {
    await drop();
    throw err;
  }
  return { db, drop };
}

/** Each PostgreSQL test database's URL, for a second pool over it (openSameDatabase). */
const urls = new WeakMap<Db, string>();

/**
 * Another connection pool over a test's PostgreSQL database, as a second server process would
 * have. The caller destroys it.
 */
export function openSameDatabase(db: Db, poolSize = 4): Db {
  const url = urls.get(db);
  if (!url) throw new Error('openSameDatabase: not a PostgreSQL test database');
  return openDatabase({ dialect: 'postgres', url, poolSize });
}

/**
 * This worker's serialized SQLite template of each kind, made once: the files of a worker
 * share its process (vitest.config.ts), and a module's own state is evaluated afresh for each
 * file (fresh-modules.ts), so the images live on globalThis. Nothing writes to an image: each
 * file gets its own in-memory database deserialized from it.
 */
async function sqliteImage(kind: 'migrated' | 'seeded'): Promise<Buffer> {
  const images = ((globalThis as { __sqliteTemplates?: Map<string, Buffer> }).__sqliteTemplates ??=
    new Map());
  let image = images.get(kind);
  if (!image) {
    // Made in a file, whose bytes after closing (the WAL checkpointed into it) are the image.
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-template-'));
    const path = join(dir, `${kind}.db`);
    const db = openDatabase({ dialect: 'sqlite', path });
    try {
      await migrateToLatest(db);
      if (kind === 'seeded') await seedIfEmpty(db);
      // A WAL file's header marks it so, and SQLite can't open such an image in memory.
      await sql`pragma journal_mode = delete`.execute(db.kysely);
    } finally {
      await db.kysely.destroy();
    }
    image = readFileSync(path);
    rmSync(dir, { recursive: true, force: true });
    images.set(kind, image);
  }
  return image;
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
