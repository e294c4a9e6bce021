import type { DayReport, PeriodFigures } from '#contract/reports';

/*
 * The day-end report's factory (issue 28 item 4): a day of the Fresh Mart kind, shaped by
 * the contract; the server computes the real figures (server/routes/orders/day-report.ts), a test
 * arranges what the screen shows with overrides.
 */

/** One period's figures: `orders` placed, a fifth cancelled, the rest delivered at Rs 250. */
export function makeFigures(from: string, orders: number, to: string = from): PeriodFigures {
  const cancelled = Math.floor(orders / 5);
  const delivered = orders - cancelled;
  const online = Math.floor(delivered / 2);
  return {
    from,
    to,
    orders,
    byStatus: [0, 0, 0, delivered, cancelled],
    deliveredSales: delivered * 250,
    averageBill: delivered ? 250 : 0,
    online: { orders: online, amount: online * 250 },
    payOnDelivery: { orders: delivered - online, amount: (delivered - online) * 250 },
    settledOnline: online * 200,
    unsettledOnline: online * 50,
    cancelRate: orders ? cancelled / orders : 0,
  };
}

/** The report of 2026-11-26 against the day before and the same day last week. */
export function makeDayReport(overrides: Partial<DayReport> = {}): DayReport {
  const perHour = Array.from({ length: 24 }, (_, h) => (h >= 9 && h <= 21 ? (h % 3) + 1 : 0));
  return {
    store: 2,
    current: makeFigures('2026-11-26', 20),
    previous: makeFigures('2026-11-25', 15),
    lastWeek: makeFigures('2026-11-19', 10),
    cancelReasons: Array.from({ length: 10 }, (_, i) => ({
      reason: i + 1,
      count: i === 1 ? 3 : i === 4 ? 1 : 0,
    })),
    items: [
      { itemId: 1, name: 'Basmati Rice', quantity: 12, amount: 1440 },
      { itemId: 5, name: 'Milk Bread', quantity: 9, amount: 360 },
    ],
    perHour,
    ...overrides,
  };
}
