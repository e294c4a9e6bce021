import { DateInput } from '../../../components/date-input/date-input';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { Download, Printer } from 'lucide-react';
import { REPORT_MAX_DAYS, type DayReport, type DayReportSearch } from '#contract/reports';
import { PageHeader } from '../../../components/ui/page-header';
import { downloadCsv } from '../../../lib/download';
import { i18n, params, useFormats, useT, useWords } from '../../../lib/i18n';
import { ordersQueries } from '../../orders/queries';
import { reportsQueries } from '../queries';
import { reportCsv } from '../report-csv';
import { periodText, reportWords } from '../report-words';
import { FiguresTable, HoursTable, ItemsTable, ReasonsTable } from './report-tables';

const HourChart = lazy(() => import('./hour-chart'));

/** The report of every store, as the store picker and the CSV name it (the CSV in English). */
const ALL_STORES = 'All stores';

const messages = i18n('reports/day', {
  figures: 'Figures',
  perHour: 'Orders per hour (India time)',
  noOrders: 'No orders were placed.',
  cancellations: 'Cancellations',
  sold: 'What sold',
  title: 'Day report',
  placed: params('Orders placed {period}, India time'),
  indiaTime: 'India time',
  print: 'Print',
  exportCsv: 'Export CSV',
  days: 'Report days',
  from: 'From',
  to: 'To',
  store: 'Store',
  allStores: ALL_STORES,
  storeNumber: params('Store {id}'),
  upTo: params('Up to {days} days.'),
  failed: 'The report could not be loaded.',
  tryAgain: 'Try again',
  loading: 'Loading the report…',
  paperTitle: params('Day report · {store} · {period}'),
  yourStore: 'Your store',
  paperNote: 'Orders placed in India time; sales are the delivered ones.',
});

/*
 * The day-end report screen (issue 28 item 4): pick a day (or a range of up to 31) and,
 * for the platform admin, a store; read the day against the day before and the same day
 * last week; print it on one A4 page or take it to a spreadsheet.
 */

function Section({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={`card min-w-0 p-4 print:border-0 print:p-0 print:shadow-none ${className}`}
    >
      <h2 className="mb-3 text-base font-semibold text-zinc-900 print:mb-1 print:text-xs">{title}</h2>
      {children}
    </section>
  );
}

/** The report's body: the same sections on screen and on paper (the paper has no chart). */
function ReportBody({ report, paper = false }: { report: DayReport; paper?: boolean }) {
  const t = useT(messages);
  const busiest = Math.max(...report.perHour);
  return (
    <div className="grid gap-4 lg:grid-cols-2 print:grid-cols-2 print:gap-2">
      <Section title={t.figures} className="lg:col-span-2 print:col-span-2">
        <FiguresTable report={report} />
      </Section>
      <Section title={t.perHour}>
        {paper ? (
          <HoursTable report={report} className="w-full" />
        ) : (
          <>
            <div aria-hidden="true" className="h-56">
              {busiest > 0 ? (
                <Suspense fallback={<div className="h-full animate-pulse rounded bg-zinc-100" />}>
                  <HourChart perHour={report.perHour} />
                </Suspense>
              ) : (
                <p className="text-sm text-zinc-600">{t.noOrders}</p>
              )}
            </div>
            <HoursTable report={report} className="sr-only" />
          </>
        )}
      </Section>
      <Section title={t.cancellations}>
        <ReasonsTable report={report} />
      </Section>
      <Section title={t.sold} className="lg:col-span-2 print:col-span-2">
        <ItemsTable report={report} />
      </Section>
    </div>
  );
}

export function DayReportPage({
  query,
  canPickStore,
  onChange,
}: {
  query: DayReportSearch;
  canPickStore: boolean;
  onChange: (next: DayReportSearch) => void;
}) {
  const t = useT(messages);
  const words = useT(reportWords);
  const w = useWords();
  const f = useFormats();
  const report = useQuery(reportsQueries.day(query));
  const stores = useQuery({ ...ordersQueries.stores(), enabled: canPickStore });
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);
  const data = report.data;
  // The store's name (data), or the report's words for it: on screen translated, in the CSV English.
  const storeId = data?.store ?? null;
  const storeNamed = (all: string, numbered: (id: number) => string) =>
    storeId === null
      ? canPickStore
        ? all
        : ''
      : (stores.data?.find((s) => s.id === storeId)?.name ?? numbered(storeId));
  const storeName = storeNamed(t.allStores, (id) => t.storeNumber({ id }));
  const period = data ? periodText(data.current.from, data.current.to, words, f) : '';

  const print = () => {
    // The paper must be in the page before the dialog takes its picture of it.
    flushSync(() => setPrinting(true));
    window.print();
  };
  const saveCsv = () => {
    if (!data) return;
    const { from, to } = data.current;
    const csvStore = storeNamed(ALL_STORES, (id) => `Store ${id}`);
    downloadCsv([reportCsv(data, csvStore)], `day-report-${from === to ? from : `${from}_${to}`}.csv`);
  };

  return (
    <div>
      <PageHeader
        title={t.title}
        description={data ? t.placed({ period }) : t.indiaTime}
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={print} disabled={!data}>
              <Printer aria-hidden="true" className="size-4" />
              {t.print}
            </button>
            <button type="button" className="btn-secondary" onClick={saveCsv} disabled={!data}>
              <Download aria-hidden="true" className="size-4" />
              {t.exportCsv}
            </button>
          </>
        }
      />
      <form
        aria-label={t.days}
        className="mb-6 flex flex-wrap items-end gap-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
          {t.from}
          <DateInput
            label={t.from}
            className="w-44"
            value={query.from ?? data?.current.from ?? ''}
            onChange={(day) => onChange({ ...query, from: day || undefined })}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
          {t.to}
          <DateInput
            label={t.to}
            className="w-44"
            value={query.to ?? query.from ?? data?.current.to ?? ''}
            onChange={(day) => onChange({ ...query, to: day || undefined })}
          />
        </label>
        {canPickStore ? (
          <label className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
            {t.store}
            <select
              className="input w-56"
              value={query.store ?? ''}
              onChange={(e) =>
                onChange({ ...query, store: e.target.value ? Number(e.target.value) : undefined })
              }
            >
              <option value="">{t.allStores}</option>
              {(stores.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <p className="text-sm text-zinc-600">{t.upTo({ days: f.count(REPORT_MAX_DAYS) })}</p>
      </form>

      {report.isError ? (
        <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-zinc-800">
            {t.failed} {w(report.error.message)}
          </p>
          <button type="button" className="btn-secondary" onClick={() => void report.refetch()}>
            {t.tryAgain}
          </button>
        </div>
      ) : data ? (
        <div aria-busy={report.isFetching}>
          <ReportBody report={data} />
        </div>
      ) : (
        <p className="text-sm text-zinc-600" aria-busy="true">
          {t.loading}
        </p>
      )}

      {printing && data
        ? createPortal(
            <div className="print-root">
              <article className="report-page text-black">
                <h1 className="text-sm font-semibold">
                  {t.paperTitle({ store: storeName || t.yourStore, period })}
                </h1>
                <p className="mb-2 text-[10px]">{t.paperNote}</p>
                <ReportBody report={data} paper />
              </article>
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
