import { describe, expect, it } from 'vitest';
import { dialectOf } from '../../db/dialect';
import type { TestServer } from '../../test/harness';
import { planOf, recordQueries } from '../../test/plans';
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
      const { result, queries } = await recordQueries(db, (spy) => getOrder(spy, order.id, store));
      expect(result?.id).toBe(order.id);
      const [row, lines] = queries.map((q) => q.query);
      if (!pg) {
        expect(row!.sql).toContain('"orders"."id" = +?');
        if (store !== null) expect(row!.sql).toContain('+"orders"."store_user_id" = ?');
        expect(lines!.sql).toContain('"order_id" = +?');
      }
      expect(await planOf(db, row!)).toMatch(
        pg
          ? new RegExp(`Index Scan using \\w+ on orders .*?Index Cond: [^"]*\\(id = ${order.id}\\)`)
          : /SEARCH orders USING INTEGER PRIMARY KEY \(rowid=\?\)/,
      );
      expect(await planOf(db, lines!)).toMatch(
        pg
          ? /Index Cond: \(order_id = \d+\)/
          : /SEARCH order_items USING INDEX order_items_order_position \(order_id=\?\)/,
      );
    }
    expect(await getOrder(db, order.id, other.id)).toBeNull();
  });
});
