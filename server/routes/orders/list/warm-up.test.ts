import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import type { Db } from '../../../db/database';
import { warmOrderList } from './warm-up';

/*
 * The warm-up after a start (warm-up.ts) runs unattended: it must finish on any database,
 * whatever the newest order's name, phone or number hold, and on one without orders.
 */

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
});
afterAll(() => drop());

describe('the list warm-up', () => {
  it('makes its calls on the seeded orders, one at a time or at once', async () => {
    await expect(warmOrderList(db.kysely, false)).resolves.toBeUndefined();
    await expect(warmOrderList(db.kysely, true)).resolves.toBeUndefined();
  });

  it('takes any text the newest order holds as a search, and no orders at all', async () => {
    const newest = await db.kysely
      .selectFrom('orders')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // A name of one word with a quote, a phone of one digit: whatever was saved.
    await db.kysely
      .updateTable('orders')
      .set({ customer_name: "O'Neil", customer_phone: '9' })
      .where('id', '=', newest.id)
      .execute();
    await expect(warmOrderList(db.kysely, true)).resolves.toBeUndefined();
    await db.kysely.deleteFrom('order_items').execute();
    await db.kysely.deleteFrom('orders').execute();
    await expect(warmOrderList(db.kysely, false)).resolves.toBeUndefined();
  });
});
