import { CANCELLED_REASONS, ORDER_STATUSES } from '#contract/enums';
import type { DayReport, PeriodFigures } from '#contract/reports';
import { formatRupees } from '#contract/rules';

/*
 * The day-end report's words and rows, once for the screen, the paper and the CSV: each
 * headline row is a label and how to read it from a period's figures.
 */

/** The three periods' column names: one day reads "This day / Previous day / Same day last week". */
export function periodNames(report: DayReport): [string, string, string] {
  const one = report.current.from === report.current.to;
  return one
    ? ['This day', 'Previous day', 'Same day last week']
    : ['These days', 'The days before', 'A week earlier'];
}

/** A headline row: its label and its value in a period, as text and as a CSV number. */
export interface FigureRow {
  label: string;
  text: (f: PeriodFigures) => string;
  value: (f: PeriodFigures) => number;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

export const FIGURE_ROWS: readonly FigureRow[] = [
  { label: 'Orders placed', text: (f) => String(f.orders), value: (f) => f.orders },
  ...ORDER_STATUSES.map((s): FigureRow => ({
    label: `  ${s.label}`,
    text: (f) => String(f.byStatus[s.id] ?? 0),
    value: (f) => f.byStatus[s.id] ?? 0,
  })),
  { label: 'Delivered sales', text: (f) => formatRupees(f.deliveredSales), value: (f) => f.deliveredSales },
  { label: 'Average bill', text: (f) => formatRupees(f.averageBill), value: (f) => f.averageBill },
  {
    label: 'Online (delivered)',
    text: (f) => `${f.online.orders} · ${formatRupees(f.online.amount)}`,
    value: (f) => f.online.amount,
  },
  {
    label: 'Pay on Delivery (delivered)',
    text: (f) => `${f.payOnDelivery.orders} · ${formatRupees(f.payOnDelivery.amount)}`,
    value: (f) => f.payOnDelivery.amount,
  },
  { label: 'Online settled', text: (f) => formatRupees(f.settledOnline), value: (f) => f.settledOnline },
  {
    label: 'Online not yet settled',
    text: (f) => formatRupees(f.unsettledOnline),
    value: (f) => f.unsettledOnline,
  },
  {
    label: 'Cancellation rate',
    text: (f) => percent(f.cancelRate),
    value: (f) => Number((f.cancelRate * 100).toFixed(1)),
  },
];

/** A cancelled reason's words by its code. */
export const reasonLabel = (code: number) =>
  CANCELLED_REASONS.find((r) => r.id === code)?.label ?? `Reason ${code}`;

/** "09:00–10:00" for hour 9 (India time). */
export const hourLabel = (h: number) =>
  `${String(h).padStart(2, '0')}:00–${String((h + 1) % 24).padStart(2, '0')}:00`;

/** "26 Nov 2026" or "1 Nov – 30 Nov 2026" for a period ('YYYY-MM-DD' days, shown as India days). */
export function periodText(from: string, to: string): string {
  const day = new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const at = (d: string) => new Date(`${d}T00:00:00.000Z`);
  return from === to ? day.format(at(from)) : `${day.format(at(from))} – ${day.format(at(to))}`;
}
