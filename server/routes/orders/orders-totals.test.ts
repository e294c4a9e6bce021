import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderListQuerySchema } from '#contract/lists';
import { freshDatabase } from '../../test/harness';
import type { Db } from '../../db/database';
import { listPage } from './orders.service';
import { indiaDateOf, searchMatches, STORE_A, userIdIn } from './orders.fixtures';

/*
 * Totals and pages against a plain filter of every order. The search: prefixes
 * whose name and rest-of-name ranges overlap ("r": Rahul and Reddy/Rao, so "Rahul Reddy"
 * is in both), only one of them matches ("anil", "reddy") or neither does. Page sizes
 * and pages vary so both ways a page is found (walking the sort's index, or seeking the
 * matches) are taken on the 2,000 seeded orders. Date ranges: every kind of edge
 * (a month's first, early, middle, late and last days, open ends, one month, two
 * neighbouring months, ranges near either end of the data and across it), so each way
 * countMatching reads whole and partial months is checked.
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
  payment_type: string;
}[];
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  storeA = await userIdIn(db.kysely, STORE_A);
  // Names that share a search with order numbers or phones ("O", "ord", "9", "98"), so the
  // counts' overlaps between the name ways and the number and phone ranges are exercised.
  const names = ['Ordway Rao', 'Kiran Ordell', '98 Traders', 'Ola 9x Stores', 'ORD0001 Kumar'];
  const some = await db.kysely.selectFrom('orders').select('id').orderBy('id').limit(50).execute();
  for (const [i, { id }] of some.entries())
    await db.kysely
      .updateTable('orders')
      .set({ customer_name: names[i % names.length]! })
      .where('id', '=', id)
      .execute();
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
      'payment_type',
    ])
    .execute();
});
afterAll(() => drop());

const matches = searchMatches;

const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

describe('the search, against a plain filter', () => {
  // Short texts too: every order number starts with "O", a share of the phones with "9".
  const texts = [
    'r',
    'ra',
    'k',
    'p',
    'anil',
    'reddy',
    'rahul r',
    'ORD0001',
    // Order numbers follow the dates, so a number prefix's matches sit together in time
    // (ORD000001 to ORD002000): the oldest half, the newest half, the newest hundred (the walk
    // by date meets them at its end, at once, or not within its budget; list-page.ts walkIds).
    'ord000',
    'ORD001',
    'ORD0019',
    'zz',
    // Every order number starts with these (the list reads them as no search).
    'O',
    'ord',
    'oR',
    'ORD',
    '9',
    '98',
    '7',
    // Digits that name an order number too ("1234" → ORD001234), with leading zeros, and
    // the last digits of phones (4 and more).
    '1234',
    '3210',
    '543210',
    '0001500',
    '12',
  ];
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

describe('date range totals, against a plain count', () => {
  const day = (iso: string, delta: number) =>
    new Date(Date.parse(`${iso}T00:00:00.000Z`) + delta * 86_400_000).toISOString().slice(0, 10);
  const nextMonth = (month: string) => day(`${month}-28`, 7).slice(0, 7);

  it('counts every kind of range exactly, with filters and within a store', async () => {
    // Each order's India day (what from and to mean), worked out once.
    const dayOf = new Map(all.map((o) => [o.id, indiaDateOf(o.created_at)]));
    const dates = [...dayOf.values()].sort();
    const first = dates[0]!;
    const last = dates.at(-1)!;
    // A month in the middle of the data, and its neighbours.
    const mid = day(first, 365).slice(0, 7);
    const edges = (month: string) => {
      const end = day(`${nextMonth(month)}-01`, -1);
      return [
        `${month}-01`,
        `${month}-02`,
        `${month}-03`,
        `${month}-14`,
        `${month}-16`,
        `${month}-27`,
        day(end, -1),
        end,
      ];
    };
    const next = nextMonth(mid);
    const ranges: [string | undefined, string | undefined][] = [];
    for (const a of edges(mid)) {
      ranges.push([a, undefined], [undefined, a]);
      for (const b of [...edges(mid), ...edges(next)]) if (a <= b) ranges.push([a, b]);
    }
    ranges.push(
      [day(first, 20), undefined],
      [undefined, day(first, 40)],
      [day(last, -100), undefined],
      [undefined, day(last, -65)],
      [day(first, 20), day(last, -20)],
      [day(first, 200), day(first, 500)],
      [first, last],
      [day(first, -400), day(first, -300)],
      [day(last, 300), undefined],
    );
    for (const scope of [null, storeA])
      for (const filter of [{}, { paymentType: 'Online' }, { status: '3' }] as const)
        for (const [from, to] of ranges) {
          const q = v.parse(OrderListQuerySchema, { pageSize: '1', ...filter, from, to });
          const got = await listPage(db.kysely, q, scope, false);
          const want = all.filter(
            (o) =>
              (scope === null || o.store_user_id === scope) &&
              (!('status' in filter) || o.status === 3) &&
              (!('paymentType' in filter) || o.payment_type === 'Online') &&
              (!from || dayOf.get(o.id)! >= from) &&
              (!to || dayOf.get(o.id)! <= to),
          ).length;
          expect(got.total, `${scope ?? 'all'} ${JSON.stringify(filter)} ${from}..${to}`).toBe(want);
        }
  });
});

describe('pages past the middle (read from the other end), against a plain sort', () => {
  const sorts = {
    createdDate: (o: (typeof all)[number]) => o.created_at,
    totalPrice: (o: (typeof all)[number]) => o.items_total,
    orderUserName: (o: (typeof all)[number]) => o.customer_name.toLowerCase(),
    orderNumber: (o: (typeof all)[number]) => o.order_number,
    status: (o: (typeof all)[number]) => o.status,
  } as const;

  it('answers the last pages, partial ones included, exactly as the plain sort does', async () => {
    for (const scope of [null, storeA])
      for (const [sort, key] of Object.entries(sorts))
        for (const order of ['asc', 'desc'] as const)
          for (const filter of [{}, { status: '3' }, { q: 'r' }] as const)
            for (const pageSize of [25, 7]) {
              const want = all
                .filter(
                  (o) =>
                    (scope === null || o.store_user_id === scope) &&
                    (!('status' in filter) || o.status === 3) &&
                    (!('q' in filter) || matches(o, filter.q ?? '')),
                )
                .sort((a, b) => {
                  const tie =
                    sort === 'createdDate' || sort === 'orderNumber' ? 0 : cmp(a.created_at, b.created_at);
                  return (order === 'asc' ? 1 : -1) * (cmp(key(a), key(b)) || tie || cmp(a.id, b.id));
                });
              const pages = Math.ceil(want.length / pageSize);
              for (const page of [pages, pages - 1, Math.ceil(pages / 2) + 1]) {
                const q = v.parse(OrderListQuerySchema, {
                  ...filter,
                  sort,
                  order,
                  page: String(page),
                  pageSize: String(pageSize),
                });
                const got = await listPage(db.kysely, q, scope, true);
                const from = (page - 1) * pageSize;
                expect(
                  got.rows.map((r) => r.id),
                  `${scope ?? 'all'} ${sort} ${order} ${JSON.stringify(filter)} ${pageSize} page ${page} of ${pages}`,
                ).toEqual(want.slice(from, from + pageSize).map((o) => o.id));
              }
            }
  });
});
