import { useEffect, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { PRINT_BATCH_MAX } from '#contract/order-prints';
import { can } from '#contract/permissions';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/events';
import { formats, i18n, params } from '../../../lib/i18n';
import { KitchenTicket, Receipt, type Printed } from './print-documents';

/** Which document to print. */
export type PrintKind = 'receipt' | 'ticket';

/** The menu's words for each document (keys are the kinds). */
export const printKindMessages = i18n('orders/print-kinds', {
  receipt: 'Customer bill',
  ticket: 'Kitchen ticket',
});

const messages = i18n('orders/use-print-orders', {
  missing: params('{missing} of {total} orders could not be printed: they no longer exist.'),
});

/**
 * The documents a role may print: the customer bill issues its invoice number the first
 * time (a write, permission orders.bill); the kitchen ticket only reads.
 */
export const printKindsFor = (role: string | null | undefined): PrintKind[] =>
  can(role, 'orders.bill') ? ['receipt', 'ticket'] : ['ticket'];

/**
 * Prints orders (issue 16, item 3): reads them with their stores (getprints, or printbills
 * for customer bills, which issues their invoice numbers — issue 28; 50 a call),
 * renders one document per order into a print-only root beside the app (styles.css hides
 * everything else on paper and the root on screen), and opens the browser's print dialog.
 * The documents go once the dialog closes. `host` must be rendered by the caller.
 */
export function usePrintOrders() {
  const [job, setJob] = useState<{ kind: PrintKind; prints: Printed[] } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const done = () => setJob(null);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);

  async function print(kind: PrintKind, ids: readonly number[]) {
    if (busy || ids.length === 0) return;
    setBusy(true);
    try {
      const batches: number[][] = [];
      for (let i = 0; i < ids.length; i += PRINT_BATCH_MAX) batches.push(ids.slice(i, i + PRINT_BATCH_MAX));
      const answers: Printed[][] = await Promise.all(
        batches.map((batch) =>
          kind === 'receipt'
            ? api.call('printOrderBills', { body: { ids: batch } })
            : api.call('getOrderPrints', { query: { ids: batch.join(',') } }),
        ),
      );
      const prints = answers.flat();
      if (prints.length < ids.length) {
        const f = formats();
        notify({
          tone: 'error',
          message: messages.get().missing({
            missing: f.count(ids.length - prints.length),
            total: f.count(ids.length),
          }),
        });
      }
      if (prints.length === 0) return;
      // The documents must be in the page before the dialog takes its picture of it.
      flushSync(() => setJob({ kind, prints }));
      window.print();
    } catch {
      // The API client has told the user why.
    } finally {
      setBusy(false);
    }
  }

  const Document = job?.kind === 'ticket' ? KitchenTicket : Receipt;
  const host = job
    ? createPortal(
        <div className="print-root" data-kind={job.kind}>
          {job.prints.map((p) => (
            <Document key={p.order.id} print={p} />
          ))}
        </div>,
        document.body,
      )
    : null;
  return { print, busy, host };
}
