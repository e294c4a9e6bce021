import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/*
 * A fingerprint of everything the database holds, for "nothing was written" checks: a
 * hash per table of every row (rows sorted, so the engine's row order doesn't matter).
 * Tables are listed from the catalog, not from schema.ts, so a table added by a later
 * migration (e.g. order_counts) is covered without touching this file.
 */

/**
 * Left out: the sign-in limiter's attempts (migration 0009). A refused sign-in (401) or
 * current-password check writes one by design — that refusal is what it counts.
 */
const BOOKKEEPING = new Set(['login_attempts']);

/** Table name → hash of its rows. */
export type Snapshot = Record<string, string>;

async function tableNames(db: Db): Promise<string[]> {
  if (db.dialect === 'postgres') {
    const r = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.kysely);
    return r.rows.map((x) => x.name).sort();
  }
  const r = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
  return r.rows.map((x) => x.name).sort();
}

/** Hashes every row of every table. */
export async function snapshot(db: Db): Promise<Snapshot> {
  const names = (await tableNames(db)).filter((name) => !BOOKKEEPING.has(name));
  if (db.dialect === 'postgres') return hashedInDatabase(db, names);
  const out: Snapshot = {};
  for (const name of names) {
    const r = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db.kysely);
    const lines = r.rows.map((row) => JSON.stringify(row)).sort();
    out[name] = `${lines.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return out;
}

/**
 * PostgreSQL hashes each table itself (every row's text, sorted), in one query. Sending the
 * rows over to hash them here took 20 ms a snapshot on the test data, 12.2 of the 22 s of
 * the fuzz file's largest test (617 snapshots); this takes 10 ms, 6.4 s there. (A sum of
 * per-row hashes, with no sort, took 13 ms: the md5 of each row costs more than the sort.)
 */
async function hashedInDatabase(db: Db, names: string[]): Promise<Snapshot> {
  const perTable = names.map(
    (name) =>
      sql`select ${sql.lit(name)} as name, count(*) || ':' || md5(coalesce(string_agg(x::text, chr(10) order by x::text), '')) as hash from ${sql.table(name)} as x`,
  );
  const r = await sql<{ name: string; hash: string }>`${sql.join(perTable, sql` union all `)}`.execute(
    db.kysely,
  );
  return Object.fromEntries(r.rows.map((row) => [row.name, row.hash]));
}

/** The tables whose contents differ between two snapshots (empty when nothing changed). */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}
