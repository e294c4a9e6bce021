import { describe, expect, it } from 'vitest';
import type { DayReport, PeriodFigures } from '#contract/reports';
import { call, queryOf, type Session } from '../../test/harness';
import { p, storeA, t, useOrdersSuite } from './orders.fixtures';

/*
 * The day-end report (issue 28 item 4): every figure of a seeded day, of its previous day,
 * of the same weekday a week before and of a 31-day range equals what this file works out
 * from the orders' and lines' own rows, the India day of each order taken from the
 * platform's time-zone database (Intl), not the server's arithmetic. Both databases.
 */

useOrdersSuite({ orders: 3000 });

const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
const hourOf = (iso: string) =>
  Number(
    new Date(iso).toLocaleTimeString('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', hour12: false }),
  );
const shift = (day: string, n: number) =>
  new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);
const rupees = (paise: number) => Math.round(paise) / 100;

async function rows() {
  const orders = await t.db.kysely.selectFrom('orders').selectAll().execute();
  const lines = await t.db.kysely.selectFrom('order_items').selectAll().execute();
  return { orders: orders.map((o) => ({ ...o, day: dayOf(o.created_at) })), lines };
}
type Rows = Awaited<ReturnType<typeof rows>>;

function expectedFigures(all: Rows, store: number | null, from: string, to: string): PeriodFigures {
  const os = all.orders.filter(
    (o) => o.day >= from && o.day <= to && (store === null || o.store_user_id === store),
  );
  const delivered = os.filter((o) => o.status === 3);
  const grand = (xs: typeof os) => xs.reduce((a, o) => a + o.items_total + o.delivery_price, 0);
  const online = delivered.filter((o) => o.payment_type === 'Online');
  const cod = delivered.filter((o) => o.payment_type !== 'Online');
  const cancelled = os.filter((o) => o.status === 4).length;
  return {
    from,
    to,
    orders: os.length,
    byStatus: [0, 1, 2, 3, 4].map(
      (s) => os.filter((o) => o.status === s).length,
    ) as PeriodFigures['byStatus'],
    deliveredSales: rupees(grand(delivered)),
    averageBill: delivered.length ? rupees(Math.round(grand(delivered) / delivered.length)) : 0,
    online: { orders: online.length, amount: rupees(grand(online)) },
    payOnDelivery: { orders: cod.length, amount: rupees(grand(cod)) },
    settledOnline: rupees(online.filter((o) => o.is_settled).reduce((a, o) => a + o.settlement_amount, 0)),
    unsettledOnline: rupees(online.filter((o) => !o.is_settled).reduce((a, o) => a + o.settlement_amount, 0)),
    cancelRate: os.length ? cancelled / os.length : 0,
  };
}

function expectedDetail(all: Rows, store: number | null, from: string, to: string) {
  const os = all.orders.filter(
    (o) => o.day >= from && o.day <= to && (store === null || o.store_user_id === store),
  );
  const delivered = new Set(os.filter((o) => o.status === 3).map((o) => o.id));
  const items = new Map<number, { itemId: number; name: string; quantity: number; amount: number }>();
  for (const l of all.lines) {
    if (!delivered.has(l.order_id) || l.is_not_available) continue;
    const it = items.get(l.item_id) ?? { itemId: l.item_id, name: l.name, quantity: 0, amount: 0 };
    it.quantity += l.items_count;
    it.amount += l.total;
    items.set(l.item_id, it);
  }
  const perHour = Array.from({ length: 24 }, () => 0);
  for (const o of os) perHour[hourOf(o.created_at)]! += 1;
  return {
    cancelReasons: Array.from({ length: 10 }, (_, i) => ({
      reason: i + 1,
      count: os.filter((o) => o.status === 4 && o.cancelled_reason === i + 1).length,
    })),
    items: [...items.values()]
      .map((i) => ({ ...i, amount: rupees(i.amount) }))
      .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name)),
    perHour,
  };
}

const report = async (s: Session, qs: string) => {
  const r = await call(t.app, 'getDayReport', { query: queryOf(qs), session: s });
  return r;
};

describe('GET /api/reports/getdayreport', () => {
  it('a seeded day: every figure, its previous day and last week’s same weekday, as worked out here', async () => {
    const all = await rows();
    // The busiest India day of the seed.
    const perDay = new Map<string, number>();
    for (const o of all.orders) perDay.set(o.day, (perDay.get(o.day) ?? 0) + 1);
    const [day] = [...perDay.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    const r = await report(p.admin, `from=${day}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const got = r.body.result as DayReport;
    expect(got.current).toEqual(expectedFigures(all, null, day, day));
    expect(got.current.orders).toBeGreaterThan(1);
    expect(got.previous).toEqual(expectedFigures(all, null, shift(day, -1), shift(day, -1)));
    expect(got.lastWeek).toEqual(expectedFigures(all, null, shift(day, -7), shift(day, -7)));
    const detail = expectedDetail(all, null, day, day);
    expect(got.cancelReasons).toEqual(detail.cancelReasons);
    expect(got.items).toEqual(detail.items);
    expect(got.perHour).toEqual(detail.perHour);
  });

  it('a 31-day range for every store and for a store admin’s own store; the previous 31 days and a week before', async () => {
    const all = await rows();
    const last = all.orders
      .map((o) => o.day)
      .sort()
      .at(-1)!;
    const from = shift(last, -30);
    for (const [who, store] of [
      [p.admin, null],
      [p.webAdmin, storeA],
    ] as const) {
      // A store admin naming another store still gets their own.
      const r = await report(who, `from=${from}&to=${last}${store ? '&store=1' : ''}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const got = r.body.result as DayReport;
      expect(got.store).toBe(store);
      expect(got.current).toEqual(expectedFigures(all, store, from, last));
      expect(got.previous).toEqual(expectedFigures(all, store, shift(from, -31), shift(from, -1)));
      expect(got.lastWeek).toEqual(expectedFigures(all, store, shift(from, -7), shift(last, -7)));
      const detail = expectedDetail(all, store, from, last);
      expect(got.items).toEqual(detail.items);
      expect(got.perHour).toEqual(detail.perHour);
      expect(got.cancelReasons).toEqual(detail.cancelReasons);
    }
  });

  it('the platform admin picks a store; staff and the app’s users are refused; a long or reversed range is refused', async () => {
    const all = await rows();
    const day = all.orders.find((o) => o.store_user_id === storeA)!.day;
    const one = await report(p.admin, `from=${day}&store=${storeA}`);
    expect((one.body.result as DayReport).current).toEqual(expectedFigures(all, storeA, day, day));
    for (const who of [p.webUser, p.mobileUser]) expect((await report(who, `from=${day}`)).status).toBe(403);
    const long = await report(p.admin, 'from=2026-01-01&to=2026-02-01');
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('A report covers at most 31 days.');
    const reversed = await report(p.admin, 'from=2026-02-01&to=2026-01-01');
    expect(JSON.stringify(reversed.body)).toContain('From must not be after To.');
  });

  it('without dates it reports today in India', async () => {
    const r = await report(p.admin, '');
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    expect((r.body.result as DayReport).current.from).toBe(today);
    expect((r.body.result as DayReport).current.to).toBe(today);
  });
});
