import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as v from 'valibot';

/*
 * The only reader of process.env. `loadConfig(env)` takes any env-like object so tests
 * build their own configuration without touching the process.
 */

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
/** How much the server logs. */
export type LogLevel = (typeof LOG_LEVELS)[number];

const blankAsUndefined = (s: unknown) => (typeof s === 'string' && s.trim() === '' ? undefined : s);

const EnvSchema = v.object({
  PORT: v.pipe(
    v.optional(v.string(), '3000'),
    v.regex(/^\d{1,5}$/, 'PORT must be a number'),
    v.transform(Number),
    v.minValue(0, 'PORT must be 0–65535'),
    v.maxValue(65535, 'PORT must be 0–65535'),
  ),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '0.0.0.0'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')),
  ),
  // HS256 needs at least 256 bits of key material.
  TOKEN_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'TOKEN_SECRET must be at least 32 characters')),
  ),
  STATIC_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), 'dist/app'),
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  // Only behind reverse proxies may X-Forwarded-For / X-Forwarded-Proto be believed, and
  // only as far as those proxies wrote them: the count says how many stand in front.
  TRUST_PROXY: v.pipe(
    v.optional(v.string(), 'false'),
    v.transform((s) => s.trim().toLowerCase()),
    v.regex(/^(true|false|\d{1,2})$/, 'TRUST_PROXY must be false, true or the number of proxies (0–10)'),
    v.transform((s) => (s === 'true' ? 1 : s === 'false' ? 0 : Number(s))),
    v.maxValue(10, 'TRUST_PROXY must be false, true or the number of proxies (0–10)'),
  ),
  HEADERS_TIMEOUT_MS: millis(10_000, 'HEADERS_TIMEOUT_MS'),
  REQUEST_TIMEOUT_MS: millis(30_000, 'REQUEST_TIMEOUT_MS'),
  KEEP_ALIVE_TIMEOUT_MS: millis(5_000, 'KEEP_ALIVE_TIMEOUT_MS'),
  MAX_CONNECTIONS: v.pipe(
    v.optional(v.string(), '1000'),
    v.regex(/^\d{1,6}$/, 'MAX_CONNECTIONS must be a whole number of at least 1'),
    v.transform(Number),
    v.minValue(1, 'MAX_CONNECTIONS must be a whole number of at least 1'),
  ),
  // Server processes on this machine (node:cluster): they share the port and the database.
  WORKERS: v.pipe(
    v.optional(v.string(), '1'),
    v.regex(/^\d{1,2}$/, 'WORKERS must be a whole number from 1 to 32'),
    v.transform(Number),
    v.minValue(1, 'WORKERS must be a whole number from 1 to 32'),
    v.maxValue(32, 'WORKERS must be a whole number from 1 to 32'),
  ),
});

/** A duration in milliseconds from the environment: 1 ms to 1 hour. */
function millis(fallback: number, name: string) {
  const message = `${name} must be a number of milliseconds (1–3600000)`;
  return v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d{1,7}$/, message),
    v.transform(Number),
    v.minValue(1, message),
    v.maxValue(3_600_000, message),
  );
}

/** How the HTTP server treats slow and numerous clients (server/http/server-limits.ts). */
export interface HttpLimits {
  /** A request head must arrive within this (408 and close otherwise). */
  headersTimeoutMs: number;
  /** A whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Connections beyond this are closed as they arrive. */
  maxConnections: number;
}

/** The server's validated configuration. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise SQLite at `sqlitePath`. */
  databaseUrl: string | undefined;
  sqlitePath: string;
  /** A configured secret, or undefined to use (or create) the one kept in DATA_DIR. */
  tokenSecret: string | undefined;
  staticDir: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: LogLevel;
  /** How many reverse proxies stand in front (0: believe no X-Forwarded-* header). */
  trustProxy: number;
  http: HttpLimits;
  /** Server processes sharing the port (1: this process serves; more: it supervises them). */
  workers: number;
}

/** Builds the configuration from an env object; throws one error listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(EnvSchema.entries).map((k) => [k, blankAsUndefined(env[k])]),
  ) as Record<string, unknown>;
  const parsed = v.safeParse(EnvSchema, picked);
  if (!parsed.success) {
    const lines = parsed.issues.map((i) => `${v.getDotPath(i) ?? 'env'}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.output;
  // node:http refuses a head timeout longer than the whole request's.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS)
    throw new Error('Invalid environment:\n  HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS');
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sqlitePath: join(dataDir, 'app.db'),
    tokenSecret: e.TOKEN_SECRET,
    staticDir: resolve(e.STATIC_DIR),
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    http: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
    },
    workers: e.WORKERS,
  };
}

/**
 * The token secret: the configured one, else the one kept in DATA_DIR/token-secret,
 * created on first start (random 256 bits, readable by the owner only). Creation uses
 * an exclusive open so two processes starting at once agree on one secret.
 */
export function resolveTokenSecret(config: Pick<Config, 'tokenSecret' | 'dataDir'>): string {
  if (config.tokenSecret) return config.tokenSecret;
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'token-secret');
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return secret;
}
