import { csvCell } from '#contract/order-export';
import type { DayReport } from '#contract/reports';
import { FIGURE_ROWS, hourLabel, periodNames, reasonLabel, REPORT_WORDS } from './report-words';

/**
 * The day-end report as CSV (issue 28 item 4): the headline figures of the three periods
 * side by side, then cancellations per reason, item-wise sales and orders per hour, each
 * section under its own heading row. Amounts are plain numbers (rupees) a spreadsheet sums.
 * Its words stay English in every language of the app: the file is data for a spreadsheet
 * (the orders export too); `storeName` is given in English as well.
 */
export function reportCsv(report: DayReport, storeName: string): string {
  const [now, before, week] = periodNames(report);
  const line = (cells: (string | number | null)[]) => cells.map(csvCell).join(',');
  const period = (f: { from: string; to: string }) => (f.from === f.to ? f.from : `${f.from} to ${f.to}`);
  const lines = [
    line(['Day-end report', storeName]),
    line([
      'Figure',
      `${now} (${period(report.current)})`,
      `${before} (${period(report.previous)})`,
      `${week} (${period(report.lastWeek)})`,
    ]),
    ...FIGURE_ROWS.map((row) =>
      line([
        row.label(REPORT_WORDS, (text) => text),
        row.value(report.current),
        row.value(report.previous),
        row.value(report.lastWeek),
      ]),
    ),
    '',
    line(['Cancelled reason', 'Orders']),
    ...report.cancelReasons.map((r) => line([reasonLabel(r.reason) ?? `Reason ${r.reason}`, r.count])),
    '',
    line(['Item', 'Quantity', 'Amount']),
    ...report.items.map((i) => line([i.name, i.quantity, i.amount])),
    '',
    line(['Hour (India time)', 'Orders']),
    ...report.perHour.map((n, h) => line([hourLabel(h), n])),
  ];
  // A byte order mark first, so Excel reads Telugu names as Telugu (as the orders export).
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
