import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OrderPageSchema, OrderStatusCountsSchema } from '#contract/orders';
import { call, queryOf, type Session } from '../../test/harness';
import { p, storeA, storeB, t, useOrdersSuite } from './orders.fixtures';

/*
 * Issue 15 item 1: the status tabs' counts. Each tab's count is the total the list shows
 * when that tab is picked under the same other filters, search and snapshot — in scope.
 */

useOrdersSuite();

const counts = async (s: Session, qs: string) => {
  const r = await call(t.app, 'getOrderStatusCounts', { query: queryOf(qs), session: s });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return v.parse(OrderStatusCountsSchema, r.body.result);
};
const totalOf = async (s: Session, qs: string) => {
  const r = await call(t.app, 'listOrders', { query: queryOf(`${qs}&pageSize=1`), session: s });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return v.parse(OrderPageSchema, r.body.result).total;
};

/** The list's totals for each tab, under `qs`'s other filters. */
async function listTotals(s: Session, qs: string) {
  return {
    all: await totalOf(s, qs),
    byStatus: await Promise.all([0, 1, 2, 3, 4].map((status) => totalOf(s, `${qs}&status=${status}`))),
    upcoming: await totalOf(s, `${qs}&upcoming=Yes`),
    overdue: await totalOf(s, `${qs}&overdue=Yes`),
  };
}

const MIXES = [
  '',
  'paymentType=Online',
  'isSettled=No&paymentType=PayOnDelivery',
  // Date ranges of every kind countByDates reads (grouped by status for the tabs): whole
  // months, one partial month, two edges, open ends, near either end of the data.
  'from=2025-03-10&to=2025-09-20',
  'from=2025-04-01&to=2025-06-30',
  'from=2025-02-03&to=2025-02-25',
  'from=2026-01-17',
  'to=2025-01-09',
  'from=2024-12-28&to=2026-11-02&paymentType=Online',
  'q=a',
  'q=ORD0001',
  'q=9&paymentType=Online',
  // Searches each part of which is walked once, grouped by status: both name sides, an
  // order number's digits with a phone's last digits, a phone prefix, with other filters.
  'q=Anil',
  'q=1234',
  'q=98',
  'q=reddy&isSettled=No',
  'q=Ravi&from=2025-03-01&to=2025-05-31',
  'upto=1500',
  'q=r&upto=1800&from=2025-01-01',
];

describe('getstatuscounts', () => {
  it.each(MIXES)('equals the list’s totals per tab, BlueTikAdmin, "%s"', async (qs) => {
    const got = await counts(p.admin, qs);
    expect(got).toEqual(await listTotals(p.admin, qs));
    expect(got.byStatus.reduce((a, n) => a + n, 0)).toBe(got.all);
  });

  it('counts a chosen store for BlueTikAdmin, and only the own store for anyone else', async () => {
    const a = await counts(p.admin, `store=${storeA}&paymentType=Online`);
    expect(a).toEqual(await listTotals(p.admin, `store=${storeA}&paymentType=Online`));
    const ranged = `store=${storeA}&from=2025-05-12&to=2026-02-03`;
    expect(await counts(p.admin, ranged)).toEqual(await listTotals(p.admin, ranged));
    for (const qs of ['q=an', 'q=98', 'q=ORD'])
      expect(await counts(p.webAdmin, qs), qs).toEqual(await listTotals(p.webAdmin, qs));
    const own = await counts(p.webAdmin, 'paymentType=Online');
    expect(own).toEqual(a);
    // Another store named by a store owner is ignored, as the list ignores it.
    expect(await counts(p.webAdmin, `store=${storeB}&paymentType=Online`)).toEqual(a);
    expect(await counts(p.storeB, '')).toEqual(await listTotals(p.storeB, ''));
    expect((await counts(p.storeB, '')).all).not.toBe((await counts(p.webAdmin, '')).all);
  });

  it('ignores the status and upcoming the URL holds (the tabs are those)', async () => {
    expect(await counts(p.admin, 'status=1&upcoming=Yes&paymentType=Online')).toEqual(
      await counts(p.admin, 'paymentType=Online'),
    );
  });

  it('refuses what the list refuses, with its words', async () => {
    const r = await call(t.app, 'getOrderStatusCounts', {
      query: queryOf('from=2025-05-02&to=2025-05-01'),
      session: p.admin,
    });
    expect([r.status, r.body.errorMessages]).toEqual([400, ['From must not be after To.']]);
    const anonymous = await call(t.app, 'getOrderStatusCounts', { query: {} });
    expect(anonymous.status).toBe(401);
  });
});
