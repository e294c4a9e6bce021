import type { DayReport } from '#contract/reports';
import { formatCount, formatRupees } from '#contract/rules';
import { FIGURE_ROWS, hourLabel, periodNames, periodText, reasonLabel } from '../report-words';

/*
 * The day-end report's tables, the same on screen and on paper: the headline figures of
 * the three periods side by side, cancellations per reason, item-wise sales and orders
 * per hour (the chart's accessible twin).
 */

const TH = 'px-3 py-2 text-left text-xs font-semibold text-zinc-700 print:px-1 print:py-0.5';
const TD = 'px-3 py-1.5 text-sm text-zinc-900 print:px-1 print:py-0 print:text-[10px]';
const NUM = `${TD} text-right tabular-nums`;

export function FiguresTable({ report }: { report: DayReport }) {
  const names = periodNames(report);
  const periods = [report.current, report.previous, report.lastWeek];
  return (
    // On a phone the three periods fit the card: smaller text, amounts wrap at their spaces.
    <div className="max-md:text-xs">
      <table className="w-full border-collapse max-md:[&_td]:px-1 max-md:[&_td]:text-xs max-md:[&_th]:px-1 max-md:[&_th]:text-xs">
        <caption className="sr-only">Figures of {names.join(', ')}</caption>
        <thead className="border-b border-zinc-200">
          <tr>
            <th scope="col" className={TH}>
              Figure
            </th>
            {periods.map((f, i) => (
              <th key={names[i]} scope="col" className={`${TH} text-right`}>
                {names[i]}
                <span className="block font-normal text-zinc-600">{periodText(f.from, f.to)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {FIGURE_ROWS.map((row) => {
            const indented = row.label.startsWith(' ');
            return (
              <tr key={row.label}>
                <th
                  scope="row"
                  className={`${TD} text-left font-medium ${indented ? 'pl-7 font-normal text-zinc-700' : ''}`}
                >
                  {row.label.trim()}
                </th>
                {periods.map((f, i) => (
                  <td key={names[i]} className={`${NUM} ${i === 0 ? 'font-semibold' : 'text-zinc-700'}`}>
                    {row.text(f)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A detail table's header: its first column, then its figures' columns (right-aligned). */
function Head({ first, numbers }: { first: string; numbers: readonly string[] }) {
  return (
    <thead className="border-b border-zinc-200">
      <tr>
        <th scope="col" className={TH}>
          {first}
        </th>
        {numbers.map((name) => (
          <th key={name} scope="col" className={`${TH} text-right`}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function ReasonsTable({ report }: { report: DayReport }) {
  const rows = report.cancelReasons.filter((r) => r.count > 0);
  const cancelled = report.current.byStatus[4];
  return (
    <table className="w-full border-collapse">
      <caption className="sr-only">Cancellations per reason</caption>
      <Head first="Reason" numbers={['Orders']} />
      <tbody className="divide-y divide-zinc-100">
        {rows.length === 0 ? (
          <tr>
            <td colSpan={2} className={`${TD} text-zinc-600`}>
              No order was cancelled.
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={r.reason}>
              <th scope="row" className={`${TD} text-left font-normal`}>
                {reasonLabel(r.reason)}
              </th>
              <td className={NUM}>{r.count}</td>
            </tr>
          ))
        )}
      </tbody>
      {cancelled > 0 ? (
        <tfoot className="border-t border-zinc-200">
          <tr>
            <th scope="row" className={`${TD} text-left`}>
              Cancelled
            </th>
            <td className={`${NUM} font-semibold`}>{cancelled}</td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

export function ItemsTable({ report }: { report: DayReport }) {
  return (
    <table className="w-full border-collapse">
      <caption className="sr-only">Item-wise sales of delivered orders</caption>
      <Head first="Item" numbers={['Quantity', 'Amount']} />
      <tbody className="divide-y divide-zinc-100">
        {report.items.length === 0 ? (
          <tr>
            <td colSpan={3} className={`${TD} text-zinc-600`}>
              Nothing was delivered.
            </td>
          </tr>
        ) : (
          report.items.map((i) => (
            <tr key={i.itemId}>
              <th scope="row" className={`${TD} text-left font-normal`}>
                {i.name}
              </th>
              <td className={NUM}>{formatCount(i.quantity)}</td>
              <td className={NUM}>{formatRupees(i.amount)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** Orders per hour as a table: the chart's words for a screen reader, and the paper's hours. */
export function HoursTable({ report, className = '' }: { report: DayReport; className?: string }) {
  return (
    <table className={`border-collapse ${className}`}>
      <caption className="sr-only">Orders placed per hour, India time</caption>
      <Head first="Hour" numbers={['Orders']} />
      <tbody>
        {report.perHour.map((n, h) =>
          n > 0 ? (
            <tr key={h}>
              <th scope="row" className={`${TD} text-left font-normal`}>
                {hourLabel(h)}
              </th>
              <td className={NUM}>{n}</td>
            </tr>
          ) : null,
        )}
      </tbody>
    </table>
  );
}
