import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/** Which SQL engine a Kysely instance talks to (only migrations branch on it). */
export type Dialect = 'sqlite' | 'postgres';

/** A Kysely instance plus what it runs on. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
}

/** Options for {@link openDatabase}. */
export type OpenOptions =
  | { dialect: 'postgres'; url: string; schema?: string; poolSize?: number }
  | { dialect: 'sqlite'; path: string };

// PostgreSQL returns int8 (count(*), sum of integers) as strings; they are well within
// Number's exact range for this product, so read them as numbers on both dialects.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Opens SQLite (WAL, busy timeout, foreign keys) or a PostgreSQL pool. `schema` puts a
 * PostgreSQL connection's search_path on one schema (tests use a fresh one per file).
 */
export function openDatabase(opts: OpenOptions): Db {
  if (opts.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    return { kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  if (opts.path !== ':memory:') mkdirSync(dirname(opts.path), { recursive: true });
  const sqlite = new SQLite(opts.path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Safe with WAL (a power loss can drop the last commits, never corrupt) and much faster.
  sqlite.pragma('synchronous = NORMAL');
  return {
    kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
    dialect: 'sqlite',
  };
}

/** The instant now as stored: UTC ISO-8601. */
export const nowIso = (now: number = Date.now()) => new Date(now).toISOString();
