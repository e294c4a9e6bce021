import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { changedTables, snapshot } from './snapshot';

/*
 * The "nothing was written" fingerprint the fuzz, cross-store and CSRF suites rely on, on
 * each engine: a changed row, the same row put back, and the sign-in bookkeeping.
 */
describe('database snapshot', () => {
  let x: TestServer;
  beforeAll(async () => {
    x = await createTestServer();
  });
  afterAll(() => x.close());

  it('names exactly the tables whose rows changed, whatever order the rows come in', async () => {
    const db = x.db.kysely;
    const before = await snapshot(x.db);
    expect(changedTables(before, await snapshot(x.db))).toEqual([]);

    const { id, description } = await db
      .selectFrom('categories')
      .select(['id', 'description'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('categories')
      .set({ description: `${description}!` })
      .where('id', '=', id)
      .execute();
    expect(changedTables(before, await snapshot(x.db))).toEqual(['categories']);

    // Put back, the table is as it was, though its row may now be stored elsewhere.
    await db.updateTable('categories').set({ description }).where('id', '=', id).execute();
    expect(changedTables(before, await snapshot(x.db))).toEqual([]);

    // A refused sign-in's attempt is bookkeeping, not a write the suites look for.
    await db
      .insertInto('login_attempts')
      .values({ account: '9000000001', address: '203.0.113.9', at: new Date().toISOString() })
      .execute();
    expect(changedTables(before, await snapshot(x.db))).toEqual([]);
  });
});
