import { CANCELLED_REASONS, ORDER_STATUSES } from '#contract/enums';
import type { DayReport, PeriodFigures } from '#contract/reports';
import { formats, i18n, params, type Formats } from '../../lib/i18n';

/*
 * The day-end report's words and rows, once for the screen, the paper and the CSV: each
 * headline row is a label and how to read it from a period's figures. The screen and the
 * paper say them in the reader's language; the CSV keeps them in English (data for a
 * spreadsheet, like the orders export).
 */

/** The report's own words in English: the CSV's, and the screen's before translation. */
export const REPORT_WORDS = {
  thisDay: 'This day',
  previousDay: 'Previous day',
  sameDayLastWeek: 'Same day last week',
  theseDays: 'These days',
  daysBefore: 'The days before',
  weekEarlier: 'A week earlier',
  ordersPlaced: 'Orders placed',
  deliveredSales: 'Delivered sales',
  averageBill: 'Average bill',
  online: 'Online (delivered)',
  payOnDelivery: 'Pay on Delivery (delivered)',
  settledOnline: 'Online settled',
  unsettledOnline: 'Online not yet settled',
  cancelRate: 'Cancellation rate',
} as const;
/** The report's words in one language (REPORT_WORDS, or their translation). */
export type ReportWords = Record<keyof typeof REPORT_WORDS, string>;

export const reportWords = i18n('reports/words', {
  ...REPORT_WORDS,
  period: params('{from} – {to}'),
  reason: params('Reason {code}'),
});

/** The three periods' column names: one day reads "This day / Previous day / Same day last week". */
export function periodNames(report: DayReport, words: ReportWords = REPORT_WORDS): [string, string, string] {
  const one = report.current.from === report.current.to;
  return one
    ? [words.thisDay, words.previousDay, words.sameDayLastWeek]
    : [words.theseDays, words.daysBefore, words.weekEarlier];
}

/** A headline row: its label and its value in a period, as text and as a CSV number. */
export interface FigureRow {
  /** The row's words (`say` translates the contract's words, such as a status's label). */
  label: (words: ReportWords, say: (text: string) => string) => string;
  /** A status under "Orders placed", indented. */
  indented?: boolean;
  text: (figures: PeriodFigures, f: Formats) => string;
  value: (figures: PeriodFigures) => number;
}

export const FIGURE_ROWS: readonly FigureRow[] = [
  { label: (w) => w.ordersPlaced, text: (p, f) => f.count(p.orders), value: (p) => p.orders },
  ...ORDER_STATUSES.map((s): FigureRow => ({
    label: (_w, say) => say(s.label),
    indented: true,
    text: (p, f) => f.count(p.byStatus[s.id] ?? 0),
    value: (p) => p.byStatus[s.id] ?? 0,
  })),
  {
    label: (w) => w.deliveredSales,
    text: (p, f) => f.money(p.deliveredSales),
    value: (p) => p.deliveredSales,
  },
  { label: (w) => w.averageBill, text: (p, f) => f.money(p.averageBill), value: (p) => p.averageBill },
  {
    label: (w) => w.online,
    text: (p, f) => `${f.count(p.online.orders)} · ${f.money(p.online.amount)}`,
    value: (p) => p.online.amount,
  },
  {
    label: (w) => w.payOnDelivery,
    text: (p, f) => `${f.count(p.payOnDelivery.orders)} · ${f.money(p.payOnDelivery.amount)}`,
    value: (p) => p.payOnDelivery.amount,
  },
  {
    label: (w) => w.settledOnline,
    text: (p, f) => f.money(p.settledOnline),
    value: (p) => p.settledOnline,
  },
  {
    label: (w) => w.unsettledOnline,
    text: (p, f) => f.money(p.unsettledOnline),
    value: (p) => p.unsettledOnline,
  },
  {
    label: (w) => w.cancelRate,
    text: (p, f) => f.percent(p.cancelRate),
    value: (p) => Number((p.cancelRate * 100).toFixed(1)),
  },
];

/** A cancelled reason's words by its code (the contract's, in English), if the code is known. */
export const reasonLabel = (code: number) => CANCELLED_REASONS.find((r) => r.id === code)?.label;

/** "09:00–10:00" for hour 9 (India time). */
export const hourLabel = (h: number) =>
  `${String(h).padStart(2, '0')}:00–${String((h + 1) % 24).padStart(2, '0')}:00`;

/** "26 Nov 2026" or "1 Nov 2026 – 30 Nov 2026" for a period ('YYYY-MM-DD' days, India days), read at call time. */
export function periodText(from: string, to: string, t = reportWords.get(), f = formats()): string {
  return from === to ? f.day(from) : t.period({ from: f.day(from), to: f.day(to) });
}
