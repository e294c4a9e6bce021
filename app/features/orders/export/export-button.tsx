import { Download } from 'lucide-react';
import type { OrderListQuery } from '#contract/lists';
import { EXPORT_COLUMNS, type ExportColumn, type OrderExportInput } from '#contract/order-export';
import { formatCount } from '#contract/rules';
import { columnIdOf, type Viewer } from '../../../components/data-table';
import { orderColumns } from '../columns';
import { changesFilter } from '../queries';
import { useExportOrders } from './use-export-orders';

/** The list's columns this viewer sees (orders/columns.tsx), those the export can hold. */
export function exportColumnsFor(viewer: Viewer): ExportColumn[] {
  return orderColumns
    .filter((column) => column.meta?.visibleTo?.(viewer) ?? true)
    .map((column) => columnIdOf(column))
    .filter((id): id is ExportColumn => Object.hasOwn(EXPORT_COLUMNS, id));
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
  label = 'Export CSV',
  className = 'btn-secondary',
}: {
  body: OrderExportInput | null;
  total: number;
  label?: string;
  className?: string;
}) {
  const { progress, run, cancel } = useExportOrders();
  if (progress)
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-zinc-700">
        <progress
          className="h-2 w-28 accent-accent-600"
          max={progress.total || 1}
          value={progress.done}
          aria-label="Rows exported"
        />
        <span>
          {formatCount(progress.done)} of {formatCount(progress.total)} rows…
        </span>
        <button type="button" className="btn-secondary h-8" onClick={cancel}>
          Cancel export
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
      {label}
    </button>
  );
}
