import { CompiledQuery, createQueryId, sql, type RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialectOf } from '../../db/dialect';
import type { TestServer } from '../../test/harness';
import { useSuite } from '../../test/suite';
import { getOrder } from './order-reads';

let t: TestServer;
useSuite({ orders: 20, signIn: false }, (s) => ({ t } = s));

/*
 * The order's own statements (order details, the row a save reads back, its lines) seek by
 * the order's id. On SQLite the id is bound as a key (`+?`) and the store's column hidden:
 * bound plainly, SQLite planned them again on every call (record 074).
 */
describe('an order read by its id', () => {
  it('binds the id as a key, still seeks the primary key and the lines index, and keeps the store scope', async () => {
    const db = t.db.kysely;
    const pg = dialectOf(db).name === 'postgres';
    /** The engine's plan of `q`, as text. PostgreSQL with sequential scans off: on a few rows it would rightly read the table. */
    const plan = (q: CompiledQuery) =>
      db.connection().execute(async (conn) => {
        if (pg) await sql`set enable_seqscan = off`.execute(conn);
        const explain = pg ? 'explain ' : 'explain query plan ';
        const r = await conn.executeQuery(CompiledQuery.raw(explain + q.sql, [...q.parameters]));
        if (pg) await sql`reset enable_seqscan`.execute(conn);
        return JSON.stringify(r.rows);
      });
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
      const [row, lines] = nodes.map((n) => db.getExecutor().compileQuery(n, createQueryId()));
      if (!pg) {
        expect(row!.sql).toContain('"orders"."id" = +?');
        if (store !== null) expect(row!.sql).toContain('+"orders"."store_user_id" = ?');
        expect(lines!.sql).toContain('"order_id" = +?');
      }
      expect(await plan(row!)).toMatch(
        pg
          ? new RegExp(`Index Scan using \\w+ on orders .*?Index Cond: [^"]*\\(id = ${order.id}\\)`)
          : /SEARCH orders USING INTEGER PRIMARY KEY \(rowid=\?\)/,
      );
      expect(await plan(lines!)).toMatch(
        pg
          ? /Index Cond: \(order_id = \d+\)/
          : /SEARCH order_items USING INDEX order_items_order_position \(order_id=\?\)/,
      );
    }
    expect(await getOrder(db, order.id, other.id)).toBeNull();
  });
});
