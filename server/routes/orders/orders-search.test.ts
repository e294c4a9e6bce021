import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderListQuerySchema } from '#contract/lists';
import { freshDatabase } from '../../test/harness';
import type { Db } from '../../db/database';
import { listPage } from './orders.service';
import { STORE_A } from './orders.fixtures';

/*
 * The search's total and pages against a plain filter of every order, for prefixes
 * whose name and rest-of-name ranges overlap ("r": Rahul and Reddy/Rao, so "Rahul Reddy"
 * is in both), only one of them matches ("anil", "reddy") or neither does. Page sizes
 * and pages vary so both ways a page is found (walking the sort's index, or seeking the
 * matches) are taken on the 2,000 seeded orders.
 */

let db: Db;
let drop: () => Promise<void>;
let storeA: number;
let all: {
  id: number;
  store_user_id: number;
  status: number;
  order_number: string;
  customer_name: string;
  customer_phone: string;
  created_at: string;
  items_total: number;
}[];
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  storeA = (
    await db.kysely
      .selectFrom('users')
      .select('id')
      .where('phone_number', '=', STORE_A)
      .executeTakeFirstOrThrow()
  ).id;
  all = await db.kysely
    .selectFrom('orders')
    .select([
      'id',
      'store_user_id',
      'status',
      'order_number',
      'customer_name',
      'customer_phone',
      'created_at',
      'items_total',
    ])
    .execute();
});
afterAll(() => drop());

/** The search rule of DECISIONS §1 as orders-check.ts writes it: prefixes, compared bytewise. */
function matches(o: (typeof all)[number], text: string) {
  const lower = text.toLowerCase();
  const name = o.customer_name.toLowerCase();
  const space = o.customer_name.indexOf(' ');
  const rest = name.slice(space + 1);
  return (
    [text, text.toUpperCase(), lower].some((t) => o.order_number.startsWith(t)) ||
    (/^\d+$/.test(text) && o.customer_phone.startsWith(text)) ||
    name.startsWith(lower) ||
    rest.startsWith(lower)
  );
}

const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

describe('the search, against a plain filter', () => {
  const texts = ['r', 'ra', 'k', 'p', 'anil', 'reddy', 'rahul r', 'ORD0001', 'zz'];
  const shapes = [
    { pageSize: 10, page: 1 },
    { pageSize: 50, page: 2 },
    { pageSize: 500, page: 1 },
    { pageSize: 7, page: 3, status: [3] },
    { pageSize: 20, page: 1, sort: 'totalPrice', order: 'asc' },
    { pageSize: 5, page: 4, sort: 'totalPrice', order: 'desc', status: [3] },
    { pageSize: 25, page: 1, sort: 'createdDate', order: 'asc' },
  ] as const;

  it.each(texts)('finds exactly the matches of %j in every shape and scope', async (text) => {
    for (const scope of [null, storeA])
      for (const shape of shapes) {
        const q = v.parse(OrderListQuerySchema, {
          q: text,
          page: String(shape.page),
          pageSize: String(shape.pageSize),
          ...('sort' in shape ? { sort: shape.sort, order: shape.order } : {}),
          ...('status' in shape ? { status: shape.status.join(',') } : {}),
        });
        const got = await listPage(db.kysely, q, scope, 'order' in shape);
        const dir = 'order' in shape && shape.order === 'asc' ? 1 : -1;
        const key = (o: (typeof all)[number]) =>
          'sort' in shape && shape.sort === 'totalPrice' ? o.items_total : o.created_at;
        const want = all
          .filter(
            (o) =>
              matches(o, text) &&
              (scope === null || o.store_user_id === scope) &&
              (!('status' in shape) || (shape.status as readonly number[]).includes(o.status)),
          )
          .sort((a, b) => dir * (cmp(key(a), key(b)) || cmp(a.created_at, b.created_at) || cmp(a.id, b.id)));
        const label = `${text} ${scope ?? 'all'} ${JSON.stringify(shape)}`;
        expect(got.total, label).toBe(want.length);
        const from = (shape.page - 1) * shape.pageSize;
        expect(
          got.rows.map((r) => r.id),
          label,
        ).toEqual(want.slice(from, from + shape.pageSize).map((o) => o.id));
      }
  });
});
