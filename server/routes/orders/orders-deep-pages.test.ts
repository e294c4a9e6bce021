import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderListQuerySchema } from '#contract/lists';
import { freshDatabase } from '../../test/harness';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/dialect';
import { flagOf } from '../../lib/flags';
import { monthWindow } from './list/month-seek';
import { countMatching } from './list/totals';
import { listPage } from './orders.service';
import { STORE_A, userIdIn } from './orders.fixtures';

/*
 * Deep pages by date sought by month (list/month-seek.ts, issue 24) against the plain
 * OFFSET query of the same page: every page the seek serves must hold the same ids in the
 * same order. The 2,000 seeded orders span two years; listPage is given a seek threshold
 * of 0 so every page past the first month's worth takes the seek. Filters: none, one
 * status, two statuses, payment type with settled, each within a store and over every
 * store, newest and oldest first, with and without a snapshot (`upto`) that leaves out
 * the newest orders, page sizes 25 and 7.
 */

let db: Db;
let drop: () => Promise<void>;
let storeA: number;
let newest: number;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  storeA = await userIdIn(db.kysely, STORE_A);
  newest = (await db.kysely.selectFrom('orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => drop());

const FILTERS = [
  {},
  { status: '3' },
  { status: '0,1' },
  { paymentType: 'Online', isSettled: 'No' },
] as const satisfies Record<string, string>[];

/** The page as a plain OFFSET over every matching order, no seek. */
async function plainPage(
  filter: { status?: string; paymentType?: string; isSettled?: string },
  scope: number | null,
  order: 'asc' | 'desc',
  upto: number | undefined,
  offset: number,
  pageSize: number,
) {
  let q = db.kysely.selectFrom('orders').select('id');
  if (scope !== null) q = q.where('store_user_id', '=', scope);
  if (filter.status) q = q.where('status', 'in', filter.status.split(',').map(Number));
  if (filter.paymentType) q = q.where('payment_type', '=', filter.paymentType);
  if (filter.isSettled) q = q.where('is_settled', '=', flagOf(filter.isSettled as 'Yes' | 'No'));
  if (upto !== undefined) q = q.where('id', '<=', upto);
  const rows = await q
    .orderBy('created_at', order)
    .orderBy('id', order)
    .limit(pageSize)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
}

describe('deep pages by date, sought by month, against the plain OFFSET query', () => {
  it('answers every kind of page with the same ids in the same order', async () => {
    let compared = 0;
    for (const scope of [null, storeA])
      for (const filter of FILTERS)
        for (const order of ['desc', 'asc'] as const)
          for (const upto of [undefined, newest - 40])
            for (const pageSize of [25, 7]) {
              const parse = (page: number) =>
                v.parse(OrderListQuerySchema, {
                  ...filter,
                  sort: 'createdDate',
                  order,
                  page: String(page),
                  pageSize: String(pageSize),
                  ...(upto === undefined ? {} : { upto: String(upto) }),
                });
              const { total } = await listPage(db.kysely, parse(1), scope, true);
              const pages = Math.ceil(total / pageSize);
              const half = Math.ceil(pages / 2);
              for (const page of new Set([
                2,
                3,
                Math.ceil(pages / 3),
                half - 1,
                half,
                half + 1,
                pages - 2,
                pages,
              ])) {
                if (page < 1 || page > pages) continue;
                const got = await listPage(db.kysely, parse(page), scope, true, undefined, 0);
                const want = await plainPage(filter, scope, order, upto, (page - 1) * pageSize, pageSize);
                const label = `${scope ?? 'all'} ${JSON.stringify(filter)} ${order} upto ${upto} ${pageSize} page ${page} of ${pages}`;
                expect(got.total, label).toBe(total);
                expect(
                  got.rows.map((r) => r.id),
                  label,
                ).toEqual(want);
                compared++;
              }
            }
    expect(compared).toBeGreaterThan(400);
  });

  it('reads a deep page from within one or two months, not from the list’s end', async () => {
    const d = dialectOf(db.kysely);
    const q = v.parse(OrderListQuerySchema, { status: '3' });
    const total = await countMatching(db.kysely, q, null, d);
    const offset = Math.floor(total / 2);
    const window = await monthWindow(db.kysely, q, null, d, 'desc', offset, 25, total);
    expect(window).toBeDefined();
    const { createdFrom, createdBefore, from, to } = window!.q;
    // Whole UTC months (order_counts' months), as instants: the list's days are India days.
    expect([from, to]).toEqual([undefined, undefined]);
    expect(createdFrom).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
    expect(createdBefore).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
    const span = (Date.parse(createdBefore!) - Date.parse(createdFrom!)) / 86_400_000;
    expect(span).toBeLessThanOrEqual(62);
    // The skip inside the window is at most half of it: it is read from its nearer end.
    const inWindow = await countMatching(db.kysely, { ...q, createdFrom, createdBefore }, null, d);
    expect(window!.skip).toBeLessThanOrEqual(inWindow / 2);
    expect(window!.skip).toBeLessThan(offset / 4);
  });

  it('gives up (the plain way then) when a row is dated outside the months it counts', async () => {
    const d = dialectOf(db.kysely);
    const q = v.parse(OrderListQuerySchema, {});
    const total = await countMatching(db.kysely, q, null, d);
    // One total that the months cannot add up to: the seek must not guess.
    expect(await monthWindow(db.kysely, q, null, d, 'desc', 500, 25, total + 1)).toBeUndefined();
    // Sanity: the same call with the true total finds its window.
    expect(await monthWindow(db.kysely, q, null, d, 'desc', 500, 25, total)).toBeDefined();
  });
});
