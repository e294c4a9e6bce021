import { sql, type Kysely } from 'kysely';

/**
 * SQLite: statistics for new indexes, where the planner has statistics at all (ANALYZE ran,
 * as bench:seed does). An index without a sqlite_stat1 row looks very selective beside
 * those with one: the planner then took it for a store's list sorted by date and sorted
 * the whole store (1.6 s instead of 2 ms at 1,000,000 orders, migration 0006; 311 ms
 * instead of 0.3 ms, 0019). Without any statistics every index is guessed alike.
 * PostgreSQL keeps statistics per column, which cover a plain-column index.
 */
export async function analyzeNewSqliteIndexes(db: Kysely<unknown>, names: string[]) {
  const stats = await sql<{ n: number }>`
    select count(*) as n from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
  if (Number(stats.rows[0]?.n ?? 0) > 0)
    for (const name of names) await sql.raw(`analyze ${name}`).execute(db);
}
