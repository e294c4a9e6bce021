import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderListQuerySchema, OrderStatusCountsQuerySchema } from '#contract/lists';
import { freshDatabase } from '../../test/harness';
import type { Db } from '../../db/database';
import { checkOrderIntegrity } from './order-integrity';
import { listPage, statusCounts } from './orders.service';
import { searchMatches, STORE_A, userIdIn } from './orders.fixtures';

/*
 * One-character searches are counted from order_initial_counts (migration 0023), kept by
 * triggers. After orders are added, renamed (names that start with a digit, a space, a
 * capital the database lowers, a letter outside ASCII), given another phone, status or
 * store, and removed, every one-character search's total and status counts still equal a
 * plain filter of the orders, in every store and for the whole list, on both engines; the
 * integrity check's count of them agrees.
 */

let db: Db;
let drop: () => Promise<void>;
let storeA: number;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  storeA = await userIdIn(db.kysely, STORE_A);
});
afterAll(() => drop());

const TEXTS = [...'abcdefghijklmnopqrstuvwxyz0123456789', 'S', 'K', 'R'];

async function everyOrder() {
  return db.kysely
    .selectFrom('orders')
    .select(['id', 'store_user_id', 'status', 'order_number', 'customer_name', 'customer_phone'])
    .execute();
}

async function expectExact(label: string) {
  const all = await everyOrder();
  for (const text of TEXTS)
    for (const scope of [null, storeA]) {
      const found = all.filter(
        (o) => searchMatches(o, text) && (scope === null || o.store_user_id === scope),
      );
      for (const status of [undefined, [1], [0, 3]]) {
        // An admin's store filter comes as the scope and stays in the query.
        const store = scope === null ? undefined : String(scope);
        const q = v.parse(OrderListQuerySchema, { q: text, pageSize: '1', status: status?.join(','), store });
        const got = await listPage(db.kysely, q, scope, false);
        const want = found.filter((o) => !status || status.includes(o.status)).length;
        expect(got.total, `${label}: "${text}" ${scope ?? 'all'} ${status ?? 'any'}`).toBe(want);
      }
      const tabs = await statusCounts(
        db.kysely,
        v.parse(OrderStatusCountsQuerySchema, { q: text }),
        scope,
        Date.now(),
      );
      expect(tabs.byStatus, `${label}: tabs of "${text}" ${scope ?? 'all'}`).toEqual(
        [0, 1, 2, 3, 4].map((s) => found.filter((o) => o.status === s).length),
      );
    }
  // The copied order below has no lines, so only this check is asked to hold here.
  const report = await checkOrderIntegrity(db.kysely);
  const kept = report.checks.find((c) => c.name.startsWith('order_initial_counts'));
  expect(kept && { mismatches: kept.mismatches, examples: kept.examples }, label).toEqual({
    mismatches: 0,
    examples: [],
  });
}

describe('one-character searches, counted from the kept initials', () => {
  it('are exact on the seeded orders', () => expectExact('seeded'));

  it('stay exact as orders are added, renamed, moved and removed', async () => {
    const some = await db.kysely.selectFrom('orders').selectAll().orderBy('id').limit(40).execute();
    const names = [
      '9 Lives Cafe',
      ' leading space',
      'ZED',
      'x',
      'Ömer Khan',
      'ömer Sharma',
      'Anil anand',
      'Bala 7even',
    ];
    for (const [i, o] of some.slice(0, names.length).entries())
      await db.kysely
        .updateTable('orders')
        .set({ customer_name: names[i]! })
        .where('id', '=', o.id)
        .execute();
    await db.kysely
      .updateTable('orders')
      .set({ customer_phone: '8123456789' })
      .where('id', '=', some[10]!.id)
      .execute();
    await db.kysely
      .updateTable('orders')
      .set({ status: 4 })
      .where('id', 'in', [some[11]!.id, some[1]!.id])
      .execute();
    const other = some.find((o) => o.store_user_id !== storeA)!;
    await db.kysely.updateTable('orders').set({ store_user_id: storeA }).where('id', '=', other.id).execute();
    await db.kysely.deleteFrom('order_items').where('order_id', 'in', [some[12]!.id, some[2]!.id]).execute();
    await db.kysely.deleteFrom('orders').where('id', 'in', [some[12]!.id, some[2]!.id]).execute();
    // A new order: a copy of one with a new number and a name of its own.
    const { id: _id, ...copy } = some[20]!;
    await db.kysely
      .insertInto('orders')
      .values({
        ...copy,
        order_number: 'ORD9999999',
        customer_name: 'Quentin 4th',
        customer_phone: '7000000000',
      })
      .execute();
    await expectExact('after the writes');
  });
});
