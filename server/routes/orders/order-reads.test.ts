import { CompiledQuery, createQueryId, sql, type RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialectOf } from '../../db/dialect';
import type { TestServer } from '../../test/harness';
import { useSuite } from '../../test/suite';
import { getOrder } from './order-reads';

let t: TestServer;
useSuite({ orders: 20, signIn: false }, (s) => ({ t } = s));

/*
 * The order's own statement (order details, the row a save reads back) seeks the order by
 * its primary key. On SQLite the id is bound as a key (`+?`) and the store's column hidden:
 * bound plainly in this join, SQLite planned the statement again on every call (record 074).
 */
describe('an order read by its id', () => {
  it('binds the id as a key, still seeks the primary key, and keeps the store scope', async () => {
    const db = t.db.kysely;
    const pg = dialectOf(db).name === 'postgres';
    const order = await db
      .selectFrom('orders')
      .select(['id', 'store_user_id'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const other = await db
      .selectFrom('users')
      .select('id')
      .where('id', '!=', order.store_user_id)
      .limit(1)
      .executeTakeFirstOrThrow();

    for (const store of [null, order.store_user_id]) {
      const nodes: RootOperationNode[] = [];
      const spy = db.withPlugin({
        transformQuery: ({ node }) => (nodes.push(node), node),
        transformResult: async ({ result }) => result,
      });
      expect((await getOrder(spy, order.id, store))?.id).toBe(order.id);
      const compiled = db.getExecutor().compileQuery(nodes[0]!, createQueryId());
      if (!pg) {
        expect(compiled.sql).toContain('"orders"."id" = +?');
        if (store !== null) expect(compiled.sql).toContain('+"orders"."store_user_id" = ?');
      }
      const plan = await db.connection().execute(async (conn) => {
        // PostgreSQL with sequential scans off: on a few rows it would rightly read the table.
        if (pg) await sql`set enable_seqscan = off`.execute(conn);
        const explain = pg ? 'explain ' : 'explain query plan ';
        const r = await conn.executeQuery(
          CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]),
        );
        if (pg) await sql`reset enable_seqscan`.execute(conn);
        return JSON.stringify(r.rows);
      });
      expect(plan).toMatch(
        pg
          ? new RegExp(`Index Scan using \\w+ on orders .*?Index Cond: [^"]*\\(id = ${order.id}\\)`)
          : /SEARCH orders USING INTEGER PRIMARY KEY \(rowid=\?\)/,
      );
    }
    expect(await getOrder(db, order.id, other.id)).toBeNull();
  });
});
