import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { InlineLimitsSqliteDialect } from './inline-limits';
import type { Database } from './schema';

/** Which SQL engine a Kysely instance talks to (only migrations branch on it). */
export type Dialect = 'sqlite' | 'postgres';

/** A Kysely instance plus what it runs on. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * SQLite on a file: a read-only connection of its own with a small page cache, for one
   * long read (the CSV export) that would otherwise fill the shared connection's 64 MiB
   * cache with every page of the orders table and push out the list's hot index pages
   * (record 058). The caller destroys it. PostgreSQL reads from its pool: none.
   */
  openReader?: () => Kysely<Database>;
}

/**
 * Whether a Kysely instance (or a transaction of one) talks to PostgreSQL: for the few
 * statements whose SQL differs (row locks, the search's "C" collation), where only the
 * Kysely instance is at hand.
 */
export const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Options for {@link openDatabase}. */
export type OpenOptions =
  | { dialect: 'postgres'; url: string; poolSize?: number }
  | { dialect: 'sqlite'; path: string; image?: Buffer };

// PostgreSQL returns int8 (count(*), sum of integers) as strings; they are well within
// Number's exact range for this product, so read them as numbers on both dialects.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Opens SQLite (WAL, busy timeout, foreign keys) or a PostgreSQL pool.
 */
export function openDatabase(opts: OpenOptions): Db {
  if (opts.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
    });
    return { kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  if (opts.path !== ':memory:') mkdirSync(dirname(opts.path), { recursive: true });
  // An image (a database file's bytes) opens as an in-memory copy of it: the tests' template.
  const sqlite = new SQLite(opts.image ?? opts.path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Safe with WAL (a power loss can drop the last commits, never corrupt) and much faster.
  sqlite.pragma('synchronous = NORMAL');
  // SQLite's default page cache is small next to the orders indexes at scale: every list
  // call read most of its index pages through the OS again (decision record 026).
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const kysely = (connection: SQLite.Database) =>
    new Kysely<Database>({
      dialect: new InlineLimitsSqliteDialect({ database: keepStatements(connection) }),
    });
  return {
    kysely: kysely(sqlite),
    dialect: 'sqlite',
    ...(opts.path === ':memory:'
      ? {}
      : {
          openReader() {
            const reader = new SQLite(opts.path, { readonly: true, fileMustExist: true });
            reader.pragma('busy_timeout = 5000');
            reader.pragma(`cache_size = -${SQLITE_READER_CACHE_KIB}`);
            return kysely(reader);
          },
        }),
  };
}

/** SQLite's page cache per connection, in KiB. */
const SQLITE_CACHE_KIB = 65_536;
/** A reader's page cache (openReader), in KiB: a long read in key order needs few pages again. */
const SQLITE_READER_CACHE_KIB = 4_096;
/** Prepared statements kept per connection (the list's shapes number a few hundred at most). */
const KEPT_STATEMENTS = 500;

/**
 * better-sqlite3 behind Kysely, its prepared statements kept by SQL text: Kysely's driver
 * prepares every query again, which was 6.6 % of the server's CPU under the mixed read
 * load (bench:api), more than a short query's own execution. A statement in the middle of
 * an iteration (busy) is never handed out twice: a fresh one replaces it. SQLite
 * re-prepares a kept statement itself after a schema change. Transactions begin IMMEDIATE.
 */
export function keepStatements(db: SQLite.Database, max = KEPT_STATEMENTS): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      kept.clear();
      db.close();
    },
    prepare(sqlText) {
      // Kysely begins a transaction with a deferred BEGIN: its first write must then upgrade
      // a read snapshot, which SQLite refuses at once (SQLITE_BUSY, no busy wait) when another
      // process wrote in between (WORKERS > 1, record 068). IMMEDIATE takes the write lock at
      // the start and waits its turn; in one process the connection is already one at a time.
      const text = sqlText === 'begin' ? 'begin immediate' : sqlText;
      let statement = kept.get(text);
      // Map order is insertion order: delete and set again keeps the most used last.
      if (statement) kept.delete(text);
      if (!statement || statement.busy) statement = db.prepare(text);
      kept.set(text, statement);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
      return statement;
    },
  };
}

/** The instant now as stored: UTC ISO-8601. */
export const nowIso = (now: number = Date.now()) => new Date(now).toISOString();
