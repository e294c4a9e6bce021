import * as v from 'valibot';
import { fromNotAfterTo, queryDate, StoreFilterSchema } from './lists';
import { IST_OFFSET_MS } from './india-time';

/*
 * The day-end report (issue 28 item 4, record 063): a business day or a range of them
 * (DECISIONS §9: Asia/Kolkata days), for one store or every store in the caller's scope.
 * Orders belong to the day they were placed; sales are the Delivered ones among them.
 */

/** Longest range one report covers. */
export const REPORT_MAX_DAYS = 31;
export const REPORT_RANGE_MESSAGE = `A report covers at most ${REPORT_MAX_DAYS} days.`;

const DAY_MS = 86_400_000;
/** Days from `from` to `to` inclusive ('YYYY-MM-DD'). */
export const daysIn = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
/** 'YYYY-MM-DD' plus `n` days. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The India calendar day of an instant (ms). */
export const indiaDay = (ms: number) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
/** The first instant (UTC ISO) of India day `day`: its midnight is 18:30 UTC the day before. */
export const indiaDayStart = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) - IST_OFFSET_MS).toISOString();
/**
 * The first instant (UTC ISO) after India day `day`, its next midnight: a range of India days
 * `from`…`to` is [indiaDayStart(from), indiaDayEnd(to)) (the report, every created-date filter).
 */
export const indiaDayEnd = (day: string) => indiaDayStart(addDays(day, 1));

/** getdayreport query: `from` (default today in India), `to` (default `from`), `store` (BlueTikAdmin). */
export const DayReportQuerySchema = v.pipe(
  v.object({
    from: queryDate('From must be a date (YYYY-MM-DD).'),
    to: queryDate('To must be a date (YYYY-MM-DD).'),
    store: StoreFilterSchema,
  }),
  fromNotAfterTo(),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      (q: { from?: string | undefined; to?: string | undefined }) =>
        !q.from || !q.to || daysIn(q.from, q.to) <= REPORT_MAX_DAYS,
      REPORT_RANGE_MESSAGE,
    ),
    ['to'],
  ),
);
export type DayReportQuery = v.InferOutput<typeof DayReportQuerySchema>;
/** The report's days and store as a screen's URL holds them (each left out when not chosen). */
export type DayReportSearch = {
  from?: string | undefined;
  to?: string | undefined;
  store?: number | undefined;
};

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const rupees = v.number();

/** The figures of one period. Amounts are rupees (grand totals: items + delivery). */
export const PeriodFiguresSchema = v.object({
  from: v.string(),
  to: v.string(),
  /** Orders placed in the period, whatever their status now. */
  orders: count,
  /** By status code 0 New Order … 4 Cancelled. */
  byStatus: v.tuple([count, count, count, count, count]),
  /** Grand total of the Delivered orders. */
  deliveredSales: rupees,
  /** deliveredSales ÷ Delivered orders (0 without any). */
  averageBill: rupees,
  /** Delivered orders paid online: how many and their total. */
  online: v.object({ orders: count, amount: rupees }),
  /** Delivered orders paid on delivery. */
  payOnDelivery: v.object({ orders: count, amount: rupees }),
  /** What the platform owes for Delivered online orders: settled, and still to settle. */
  settledOnline: rupees,
  unsettledOnline: rupees,
  /** Cancelled ÷ orders (0 without orders), 0–1. */
  cancelRate: v.number(),
});
export type PeriodFigures = v.InferOutput<typeof PeriodFiguresSchema>;

/** getdayreport result. */
export const DayReportSchema = v.object({
  /** The store reported on; null: every store in the caller's scope. */
  store: v.nullable(v.number()),
  current: PeriodFiguresSchema,
  /** The same number of days just before. */
  previous: PeriodFiguresSchema,
  /** The same days a week earlier (for one day: the same weekday last week). */
  lastWeek: PeriodFiguresSchema,
  /** Cancelled orders of the period per reason (1–10), every reason listed. */
  cancelReasons: v.array(v.object({ reason: v.number(), count })),
  /** What sold (Delivered orders, not-available lines left out), largest amount first. */
  items: v.array(v.object({ itemId: v.number(), name: v.string(), quantity: count, amount: rupees })),
  /** Orders placed per hour of the India day, 0–23 (a range adds its days up). */
  perHour: v.pipe(v.array(count), v.length(24)),
});
export type DayReport = v.InferOutput<typeof DayReportSchema>;
