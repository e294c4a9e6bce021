import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderListQuery } from '#contract/lists';
import { can } from '#contract/permissions';
import type { Selection, Viewer } from '../../../components/data-table';
import { notify } from '../../../lib/events';
import { dashboardKeys } from '../../dashboard/queries';
import { tallyText, type BulkTally } from '../bulk-run';
import { EXPORT_IDS_MAX } from '#contract/order-export';
import { ExportButton, exportColumnsFor, viewExport } from '../export/export-button';
import { PrintMenu } from '../print/print-menu';
import { printKindsFor, usePrintOrders } from '../print/use-print-orders';
import { ordersKeys } from '../queries';
import { BulkDialog, type BulkMode } from './bulk-dialog';

/**
 * The orders list's bulk actions on its selection (issue 15 item 2, issue 16 item 3):
 * change status, mark settled (the platform admin's), print receipts or tickets.
 */
export function OrdersBulkActions({
  selection,
  search,
  total,
  viewer,
}: {
  selection: Selection;
  search: OrderListQuery;
  total: number;
  viewer: Viewer;
}) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<BulkMode | null>(null);
  const printing = usePrintOrders();
  const count = selection.count(total);
  const ids = [...selection.ids];
  const target = selection.allMatching ? { search } : { ids };

  const finished = (tally: BulkTally | null) => {
    setMode(null);
    if (!tally) return;
    void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    // The refused stay selected, to try again or look at; the rest are done.
    selection.replace(tally.refused.map((r) => r.id));
    notify({ tone: tally.refused.length ? 'error' : 'success', message: tallyText(tally) });
  };

  if (!can(viewer.role, 'orders.update')) return null;
  return (
    <>
      <button type="button" className="btn-primary h-8" onClick={() => setMode('status')}>
        Change status…
      </button>
      {can(viewer.role, 'orders.settle') ? (
        <button type="button" className="btn-secondary h-8" onClick={() => setMode('settle')}>
          Mark settled…
        </button>
      ) : null}
      <PrintMenu
        label="Print"
        busy={printing.busy}
        kinds={printKindsFor(viewer.role)}
        // Printing names its orders: pick them (all matching could be a million pages).
        disabled={selection.allMatching}
        onPrint={(kind) => void printing.print(kind, ids)}
      />
      <ExportButton
        label="Export"
        className="btn-secondary h-8"
        total={count}
        body={
          selection.allMatching
            ? viewExport(search, viewer)
            : ids.length <= EXPORT_IDS_MAX
              ? { ids, columns: exportColumnsFor(viewer) }
              : null
        }
      />
      {printing.host}
      <BulkDialog mode={mode} count={count} target={target} onClose={finished} />
    </>
  );
}
