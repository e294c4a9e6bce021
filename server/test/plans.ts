import { CompiledQuery, createQueryId, sql, type Kysely, type RootOperationNode } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { Database } from '../db/schema';

/*
 * For tests that hold a query to its plan: the queries a service runs, and the engine's plan
 * of one, on either database.
 */

/** Runs `run` on a Kysely that records every query given to it; answers its result and the queries, compiled. */
export async function recordQueries<R>(
  db: Kysely<Database>,
  run: (spy: Kysely<Database>) => Promise<R>,
): Promise<{ result: R; queries: { node: RootOperationNode; query: CompiledQuery }[] }> {
  const nodes: RootOperationNode[] = [];
  const result = await run(
    db.withPlugin({
      transformQuery: ({ node }) => (nodes.push(node), node),
      transformResult: async ({ result }) => result,
    }),
  );
  const queries = nodes.map((node) => ({
    node,
    query: db.getExecutor().compileQuery(node, createQueryId()),
  }));
  return { result, queries };
}

/**
 * The engine's plan of `q`, as text: SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN with
 * sequential scans off (on a test's few rows it would rightly read the table).
 */
export function planOf(db: Kysely<Database>, q: CompiledQuery): Promise<string> {
  const pg = dialectOf(db).name === 'postgres';
  return db.connection().execute(async (conn) => {
    if (pg) await sql`set enable_seqscan = off`.execute(conn);
    const explain = pg ? 'explain ' : 'explain query plan ';
    const r = await conn.executeQuery(CompiledQuery.raw(explain + q.sql, [...q.parameters]));
    if (pg) await sql`reset enable_seqscan`.execute(conn);
    return JSON.stringify(r.rows);
  });
}
