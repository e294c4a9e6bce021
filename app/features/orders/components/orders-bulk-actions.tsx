import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderListQuery } from '#contract/lists';
import { can } from '#contract/permissions';
import type { Selection, Viewer } from '../../../components/data-table';
import { notify } from '../../../lib/events';
import { i18n, useT } from '../../../lib/i18n';
import { dashboardKeys } from '../../dashboard/queries';
import { tallyText, type BulkTally } from '../bulk-run';
import { EXPORT_IDS_MAX } from '#contract/order-export';
import { ExportButton, exportColumnsFor, viewExport } from '../export/export-button';
import { PrintMenu } from '../print/print-menu';
import { printKindsFor, usePrintOrders } from '../print/use-print-orders';
import { ordersKeys } from '../queries';
import { BulkDialog, type BulkMode } from './bulk-dialog';

const messages = i18n('orders/orders-bulk-actions', {
  changeStatus: 'Change status…',
  markSettled: 'Mark settled…',
  print: 'Print',
  export: 'Export',
});

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
  const t = useT(messages);
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
        {t.changeStatus}
      </button>
      {can(viewer.role, 'orders.settle') ? (
        <button type="button" className="btn-secondary h-8" onClick={() => setMode('settle')}>
          {t.markSettled}
        </button>
      ) : null}
      <PrintMenu
        label={t.print}
        busy={printing.busy}
        kinds={printKindsFor(viewer.role)}
        // Printing names its orders: pick them (all matching could be a million pages).
        disabled={selection.allMatching}
        onPrint={(kind) => void printing.print(kind, ids)}
      />
      <ExportButton
        label={t.export}
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
