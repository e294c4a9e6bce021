import { lazy, Suspense, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { i18n, params, useFormats, useT, useWords } from '../../../lib/i18n';
import { dashboardQueries, salesYears } from '../queries';
import type { SalesPoint } from './sales-chart';

// Its own chunk (recharts with it): only the dashboard, and only once it renders the chart.
const SalesChart = lazy(() => import('./sales-chart'));

const messages = i18n('dashboard/sales', {
  title: 'Yearly sales',
  about: "Delivered orders' grand totals by month created",
  inYear: params('in {year}'),
  year: 'Year',
  showTable: 'Show table',
  hideTable: 'Hide table',
  loading: params('Loading the sales of {year}'),
  failed: params('The sales of {year} could not be loaded.'),
  tryAgain: 'Try again',
  empty: params('No delivered orders in {year}.'),
  caption: params('Delivered sales by month, {year}'),
  month: 'Month',
  sales: 'Delivered sales',
  total: 'Total',
  jan: 'Jan',
  feb: 'Feb',
  mar: 'Mar',
  apr: 'Apr',
  may: 'May',
  jun: 'Jun',
  jul: 'Jul',
  aug: 'Aug',
  sep: 'Sep',
  oct: 'Oct',
  nov: 'Nov',
  dec: 'Dec',
  january: 'January',
  february: 'February',
  march: 'March',
  april: 'April',
  mayFull: 'May',
  june: 'June',
  july: 'July',
  august: 'August',
  september: 'September',
  october: 'October',
  november: 'November',
  december: 'December',
});

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'mayFull',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

const ChartSkeleton = () => <div className="h-full w-full animate-pulse rounded-md bg-zinc-100" />;

/**
 * The yearly sales: twelve monthly totals of Delivered orders of the chosen year (the
 * server's getyearlysales, scoped like the list), as bars and, for screen readers and
 * anyone who prefers numbers, as a table (always in the accessibility tree; shown on
 * screen with "Show table").
 */
export function YearlySales({ year, onYearChange }: { year: number; onYearChange: (year: number) => void }) {
  const t = useT(messages);
  const w = useWords();
  const f = useFormats();
  const ids = { heading: useId(), year: useId(), table: useId() };
  const [showTable, setShowTable] = useState(false);
  const sales = useQuery(dashboardQueries.sales(year));
  const years = salesYears();
  if (!years.includes(year)) years.push(year);

  const data: SalesPoint[] = (sales.data?.months ?? []).map((amount, i) => ({
    month: t[MONTHS[i]!],
    amount,
  }));
  const total = data.reduce((sum, point) => sum + point.amount, 0);
  const empty = sales.isSuccess && data.every((point) => point.amount === 0);

  return (
    <section aria-labelledby={ids.heading} className="card mt-6 p-4 sm:p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={ids.heading} className="text-lg font-semibold text-zinc-900">
            {t.title}
          </h2>
          <p className="text-sm text-zinc-600">
            {t.about}
            {sales.isSuccess ? (
              <>
                {' '}
                · <span className="font-medium text-zinc-800">{f.money(total)}</span> {t.inYear({ year })}
              </>
            ) : null}
          </p>
        </div>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor={ids.year} className="mb-1 block text-sm font-medium text-zinc-800">
              {t.year}
            </label>
            <select
              id={ids.year}
              className="input w-28"
              value={year}
              onChange={(event) => onYearChange(Number(event.target.value))}
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn-secondary"
            aria-pressed={showTable}
            aria-controls={ids.table}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {showTable ? t.hideTable : t.showTable}
          </button>
        </div>
      </div>

      <div className="mt-4">
        {sales.isPending ? (
          <div className="h-64 sm:h-72" aria-busy="true" aria-label={t.loading({ year })}>
            <ChartSkeleton />
          </div>
        ) : sales.isError ? (
          <div
            role="alert"
            className="flex h-64 flex-col items-center justify-center gap-3 text-center sm:h-72"
          >
            <p className="text-zinc-800">
              {t.failed({ year })} {w(sales.error.message)}
            </p>
            <button type="button" className="btn-secondary" onClick={() => void sales.refetch()}>
              {t.tryAgain}
            </button>
          </div>
        ) : empty ? (
          <div className="flex h-64 items-center justify-center rounded-md border border-dashed border-zinc-300 text-zinc-600 sm:h-72">
            {t.empty({ year })}
          </div>
        ) : (
          // The table below says the same; the drawing itself is hidden from screen readers.
          <div className="h-64 sm:h-72" aria-hidden="true">
            <Suspense fallback={<ChartSkeleton />}>
              <SalesChart data={data} />
            </Suspense>
          </div>
        )}
      </div>

      {sales.isSuccess ? (
        <div id={ids.table} className={showTable ? 'mt-4 overflow-x-auto' : 'sr-only'}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t.caption({ year })}</caption>
            <thead>
              <tr className="border-b border-zinc-200 text-left text-zinc-700">
                <th scope="col" className="py-1.5 pr-4 font-medium">
                  {t.month}
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  {t.sales}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((point, i) => (
                <tr key={point.month} className="border-b border-zinc-100">
                  <th scope="row" className="py-1.5 pr-4 font-normal text-zinc-800">
                    {t[MONTH_NAMES[i]!]}
                  </th>
                  <td className="py-1.5 text-right tabular-nums text-zinc-900">{f.money(point.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="text-zinc-900">
                <th scope="row" className="py-1.5 pr-4 text-left font-semibold">
                  {t.total}
                </th>
                <td className="py-1.5 text-right font-semibold tabular-nums">{f.money(total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : null}
    </section>
  );
}
