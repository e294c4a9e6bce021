import { CANCELLED_STATUS, ORDER_STATUSES } from '#contract/enums';
import type { DayReport } from '#contract/reports';
import { i18n, params, useFormats, useT, useWords } from '../../../lib/i18n';
import {
  FIGURE_ROWS,
  hourLabel,
  periodNames,
  periodText,
  reasonLabel,
  REPORT_WORDS,
  reportWords,
} from '../report-words';

/*
 * The day-end report's tables, the same on screen and on paper: the headline figures of
 * the three periods side by side, cancellations per reason, item-wise sales and orders
 * per hour (the chart's accessible twin).
 */

const messages = i18n('reports/tables', {
  figuresOf: params('Figures of {periods}'),
  figure: 'Figure',
  reasons: 'Cancellations per reason',
  reason: 'Reason',
  orders: 'Orders',
  noneCancelled: 'No order was cancelled.',
  items: 'Item-wise sales of delivered orders',
  item: 'Item',
  quantity: 'Quantity',
  amount: 'Amount',
  noneDelivered: 'Nothing was delivered.',
  hours: 'Orders placed per hour, India time',
  hour: 'Hour',
});

const CANCELLED = ORDER_STATUSES.find((s) => s.id === CANCELLED_STATUS)!.label;

const TH = 'px-3 py-2 text-left text-xs font-semibold text-zinc-700 print:px-1 print:py-0.5';
const TD = 'px-3 py-1.5 text-sm text-zinc-900 print:px-1 print:py-0 print:text-[10px]';
const NUM = `${TD} text-right tabular-nums`;

export function FiguresTable({ report }: { report: DayReport }) {
  const t = useT(messages);
  const words = useT(reportWords);
  const w = useWords();
  const f = useFormats();
  const names = periodNames(report, words);
  const periods = [report.current, report.previous, report.lastWeek];
  return (
    // On a phone the three periods fit the card: smaller text, amounts wrap at their spaces.
    <div className="max-md:text-xs">
      <table className="w-full border-collapse max-md:[&_td]:px-1 max-md:[&_td]:text-xs max-md:[&_th]:px-1 max-md:[&_th]:text-xs">
        <caption className="sr-only">{t.figuresOf({ periods: names.join(', ') })}</caption>
        <thead className="border-b border-zinc-200">
          <tr>
            <th scope="col" className={TH}>
              {t.figure}
            </th>
            {periods.map((p, i) => (
              <th key={names[i]} scope="col" className={`${TH} text-right`}>
                {names[i]}
                <span className="block font-normal text-zinc-600">{periodText(p.from, p.to, words, f)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {FIGURE_ROWS.map((row) => (
            <tr key={row.label(REPORT_WORDS, String)}>
              <th
                scope="row"
                className={`${TD} text-left font-medium ${row.indented ? 'pl-7 font-normal text-zinc-700' : ''}`}
              >
                {row.label(words, w)}
              </th>
              {periods.map((p, i) => (
                <td key={names[i]} className={`${NUM} ${i === 0 ? 'font-semibold' : 'text-zinc-700'}`}>
                  {row.text(p, f)}
                </td>
              ))}
            </tr>
          ))}
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
  const t = useT(messages);
  const words = useT(reportWords);
  const w = useWords();
  const f = useFormats();
  const rows = report.cancelReasons.filter((r) => r.count > 0);
  const cancelled = report.current.byStatus[4];
  return (
    <table className="w-full border-collapse">
      <caption className="sr-only">{t.reasons}</caption>
      <Head first={t.reason} numbers={[t.orders]} />
      <tbody className="divide-y divide-zinc-100">
        {rows.length === 0 ? (
          <tr>
            <td colSpan={2} className={`${TD} text-zinc-600`}>
              {t.noneCancelled}
            </td>
          </tr>
        ) : (
          rows.map((r) => {
            const label = reasonLabel(r.reason);
            return (
              <tr key={r.reason}>
                <th scope="row" className={`${TD} text-left font-normal`}>
                  {label ? w(label) : words.reason({ code: r.reason })}
                </th>
                <td className={NUM}>{f.count(r.count)}</td>
              </tr>
            );
          })
        )}
      </tbody>
      {cancelled > 0 ? (
        <tfoot className="border-t border-zinc-200">
          <tr>
            <th scope="row" className={`${TD} text-left`}>
              {w(CANCELLED)}
            </th>
            <td className={`${NUM} font-semibold`}>{f.count(cancelled)}</td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

export function ItemsTable({ report }: { report: DayReport }) {
  const t = useT(messages);
  const f = useFormats();
  return (
    <table className="w-full border-collapse">
      <caption className="sr-only">{t.items}</caption>
      <Head first={t.item} numbers={[t.quantity, t.amount]} />
      <tbody className="divide-y divide-zinc-100">
        {report.items.length === 0 ? (
          <tr>
            <td colSpan={3} className={`${TD} text-zinc-600`}>
              {t.noneDelivered}
            </td>
          </tr>
        ) : (
          report.items.map((i) => (
            <tr key={i.itemId}>
              <th scope="row" className={`${TD} text-left font-normal`}>
                {i.name}
              </th>
              <td className={NUM}>{f.count(i.quantity)}</td>
              <td className={NUM}>{f.money(i.amount)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** Orders per hour as a table: the chart's words for a screen reader, and the paper's hours. */
export function HoursTable({ report, className = '' }: { report: DayReport; className?: string }) {
  const t = useT(messages);
  const f = useFormats();
  return (
    <table className={`border-collapse ${className}`}>
      <caption className="sr-only">{t.hours}</caption>
      <Head first={t.hour} numbers={[t.orders]} />
      <tbody>
        {report.perHour.map((n, h) =>
          n > 0 ? (
            <tr key={h}>
              <th scope="row" className={`${TD} text-left font-normal`}>
                {hourLabel(h)}
              </th>
              <td className={NUM}>{f.count(n)}</td>
            </tr>
          ) : null,
        )}
      </tbody>
    </table>
  );
}
