import { Download } from 'lucide-react';
import type { OrderListQuery } from '#contract/lists';
import { EXPORT_COLUMNS, type ExportColumn, type OrderExportInput } from '#contract/order-export';
import { columnIdOf, type Viewer } from '../../../components/data-table';
import { i18n, params, useFormats, useT } from '../../../lib/i18n';
import { currentOrderColumns } from '../columns';
import { changesFilter } from '../queries';
import { useExportOrders } from './use-export-orders';

const messages = i18n('orders/export-button', {
  exportCsv: 'Export CSV',
  progress: 'Rows exported',
  rows: params('{done} of {total} rows…'),
  cancel: 'Cancel export',
});

/*
 * Kept per viewer: the list asks on every change of its state (the Export button's body), and
 * making the columns to read their ids built eleven column definitions each time (issue 26).
 * The ids don't depend on the language, only on who is looking.
 */
const exportColumnsByViewer = new Map<string, ExportColumn[]>();

/** The list's columns this viewer sees (orders/columns.tsx), those the export can hold. */
export function exportColumnsFor(viewer: Viewer): ExportColumn[] {
  const key = JSON.stringify(viewer);
  let columns = exportColumnsByViewer.get(key);
  if (!columns)
    exportColumnsByViewer.set(
      key,
      (columns = currentOrderColumns()
        .filter((column) => column.meta?.visibleTo?.(viewer) ?? true)
        .map((column) => columnIdOf(column))
        .filter((id): id is ExportColumn => Object.hasOwn(EXPORT_COLUMNS, id))),
    );
  return columns;
}

/** The export of the list as it is: its filters, search, snapshot and sort. */
export function viewExport(search: OrderListQuery, viewer: Viewer): OrderExportInput {
  return {
    filter: { ...changesFilter(search), upto: search.upto },
    sort: search.sort,
    order: search.order,
    columns: exportColumnsFor(viewer),
  };
}

/**
 * Export CSV (issue 15, item 5): downloads `body` (the view or a selection) with progress
 * and Cancel beside the button while it runs.
 */
export function ExportButton({
  body,
  total,
  label,
  className = 'btn-secondary',
}: {
  body: OrderExportInput | null;
  total: number;
  label?: string;
  className?: string;
}) {
  const t = useT(messages);
  const f = useFormats();
  const { progress, run, cancel } = useExportOrders();
  if (progress)
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-zinc-700">
        <progress
          className="h-2 w-28 accent-accent-600"
          max={progress.total || 1}
          value={progress.done}
          aria-label={t.progress}
        />
        <span>{t.rows({ done: f.count(progress.done), total: f.count(progress.total) })}</span>
        <button type="button" className="btn-secondary h-8" onClick={cancel}>
          {t.cancel}
        </button>
      </div>
    );
  return (
    <button
      type="button"
      className={className}
      disabled={!body || total === 0}
      onClick={() => body && void run(body, total)}
    >
      <Download aria-hidden="true" className="size-4" />
      {label ?? t.exportCsv}
    </button>
  );
}
