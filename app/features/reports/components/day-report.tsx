import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { Download, Printer } from 'lucide-react';
import { REPORT_MAX_DAYS, type DayReport, type DayReportSearch } from '#contract/reports';
import { PageHeader } from '../../../components/ui/page-header';
import { downloadCsv } from '../../../lib/download';
import { ordersQueries } from '../../orders/queries';
import { reportsQueries } from '../queries';
import { reportCsv } from '../report-csv';
import { periodText } from '../report-words';
import { FiguresTable, HoursTable, ItemsTable, ReasonsTable } from './report-tables';

const HourChart = lazy(() => import('./hour-chart'));

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
  const busiest = Math.max(...report.perHour);
  return (
    <div className="grid gap-4 lg:grid-cols-2 print:grid-cols-2 print:gap-2">
      <Section title="Figures" className="lg:col-span-2 print:col-span-2">
        <FiguresTable report={report} />
      </Section>
      <Section title="Orders per hour (India time)">
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
                <p className="text-sm text-zinc-600">No orders were placed.</p>
              )}
            </div>
            <HoursTable report={report} className="sr-only" />
          </>
        )}
      </Section>
      <Section title="Cancellations">
        <ReasonsTable report={report} />
      </Section>
      <Section title="What sold" className="lg:col-span-2 print:col-span-2">
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
  const report = useQuery(reportsQueries.day(query));
  const stores = useQuery({ ...ordersQueries.stores(), enabled: canPickStore });
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);
  const data = report.data;
  const storeName =
    data?.store === null || data?.store === undefined
      ? canPickStore
        ? 'All stores'
        : ''
      : (stores.data?.find((s) => s.id === data?.store)?.name ?? `Store ${data.store}`);

  const print = () => {
    // The paper must be in the page before the dialog takes its picture of it.
    flushSync(() => setPrinting(true));
    window.print();
  };
  const saveCsv = () => {
    if (!data) return;
    const { from, to } = data.current;
    downloadCsv([reportCsv(data, storeName)], `day-report-${from === to ? from : `${from}_${to}`}.csv`);
  };

  return (
    <div>
      <PageHeader
        title="Day report"
        description={
          data ? `Orders placed ${periodText(data.current.from, data.current.to)}, India time` : 'India time'
        }
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={print} disabled={!data}>
              <Printer aria-hidden="true" className="size-4" />
              Print
            </button>
            <button type="button" className="btn-secondary" onClick={saveCsv} disabled={!data}>
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </button>
          </>
        }
      />
      <form
        aria-label="Report days"
        className="mb-6 flex flex-wrap items-end gap-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
          From
          <input
            type="date"
            className="input w-44"
            value={query.from ?? data?.current.from ?? ''}
            onChange={(e) => onChange({ ...query, from: e.target.value || undefined })}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
          To
          <input
            type="date"
            className="input w-44"
            value={query.to ?? query.from ?? data?.current.to ?? ''}
            onChange={(e) => onChange({ ...query, to: e.target.value || undefined })}
          />
        </label>
        {canPickStore ? (
          <label className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
            Store
            <select
              className="input w-56"
              value={query.store ?? ''}
              onChange={(e) =>
                onChange({ ...query, store: e.target.value ? Number(e.target.value) : undefined })
              }
            >
              <option value="">All stores</option>
              {(stores.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <p className="text-sm text-zinc-600">Up to {REPORT_MAX_DAYS} days.</p>
      </form>

      {report.isError ? (
        <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-zinc-800">The report could not be loaded. {report.error.message}</p>
          <button type="button" className="btn-secondary" onClick={() => void report.refetch()}>
            Try again
          </button>
        </div>
      ) : data ? (
        <div aria-busy={report.isFetching}>
          <ReportBody report={data} />
        </div>
      ) : (
        <p className="text-sm text-zinc-600" aria-busy="true">
          Loading the report…
        </p>
      )}

      {printing && data
        ? createPortal(
            <div className="print-root">
              <article className="report-page text-black">
                <h1 className="text-sm font-semibold">
                  Day report · {storeName || 'Your store'} · {periodText(data.current.from, data.current.to)}
                </h1>
                <p className="mb-2 text-[10px]">Orders placed in India time; sales are the delivered ones.</p>
                <ReportBody report={data} paper />
              </article>
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
