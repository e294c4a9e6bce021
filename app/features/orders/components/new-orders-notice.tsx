import { useEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderListQuery } from '#contract/lists';
import { usePainted } from '../../../lib/after-paint';
import { i18n, useT } from '../../../lib/i18n';
import { listShowsOrders, newOrdersText, ordersWaiting } from '../new-order-alerts';
import { LIVE_POLL_MS, ordersQueries } from '../queries';

const messages = i18n('orders/new-orders-notice', { show: 'show' });

const changesKey = (search: OrderListQuery) => hashKey(ordersQueries.changes(search).queryKey);

/**
 * "N new orders — show" over the orders list (issue 6): the list's poll of getchanges while
 * the tab is visible, and the jump to the newer snapshot. A component of its own so that
 * each poll's answer renders this notice, not the whole list screen (issue 26).
 */
export function NewOrdersNotice({
  search,
  onSearchChange,
  tableRef,
}: {
  search: OrderListQuery;
  onSearchChange: (next: OrderListQuery) => void;
  /** The table's box: after "show", focus goes to its first row. */
  tableRef: RefObject<HTMLDivElement | null>;
}) {
  const t = useT(messages);
  const queryClient = useQueryClient();
  // A new filter or search is polled once its rows are painted (record 084).
  const polled = usePainted(search, changesKey);
  const changes = useQuery({
    ...ordersQueries.changes(polled),
    refetchInterval: LIVE_POLL_MS,
    refetchIntervalInBackground: false,
    // Shown again after a while away: say what arrived at once, not at the next tick.
    refetchOnWindowFocus: true,
  });
  const since = polled.upto ?? 0;
  const fresh = changes.data && changes.data.latestId > since ? changes.data : null;
  const newOrders = fresh?.newOrders ?? 0;

  // On screen, this list's poll is the tab's new-order check: it rings for orders not
  // rung for yet, and what its banner shows counts as seen (new-order-alerts.ts).
  const navigate = useNavigate();
  useEffect(() => {
    if (!changes.data || document.visibilityState !== 'visible') return;
    listShowsOrders(newOrders, changes.data.latestId, () => void navigate({ to: '/listorders' }));
    ordersWaiting(changes.data.untaken);
  }, [changes.data, newOrders, navigate]);

  const [showing, setShowing] = useState(false);
  /** The snapshot whose first row takes focus once the table shows it (after "show"). */
  const focusAt = useRef<number | null>(null);

  const show = async () => {
    if (!fresh || showing) return;
    const next = { ...search, upto: fresh.latestId, page: 1 };
    setShowing(true);
    // Fetch the new snapshot's page first, so the table changes once, straight to it.
    await queryClient.prefetchQuery(ordersQueries.list(next));
    setShowing(false);
    focusAt.current = next.upto;
    onSearchChange(next);
  };

  // After "show" the button is gone: focus goes to the first row (the newest order on the
  // default sort), where the operator continues with the arrows.
  // The new snapshot's page is in the cache before the URL moves, so the table shows its
  // rows in the same commit as `upto` changes.
  useEffect(() => {
    if (focusAt.current === null || search.upto !== focusAt.current) return;
    focusAt.current = null;
    tableRef.current?.querySelector<HTMLElement>('tbody tr[data-index="0"]')?.focus();
  }, [search.upto, tableRef]);

  return (
    // Always in the page, so assistive technology hears the count when it appears.
    <div role="status" aria-live="polite" aria-atomic="true">
      {newOrders > 0 ? (
        <p className="mb-3 flex flex-wrap items-center gap-2 rounded-md border border-accent-200 bg-accent-50 px-3 py-2 text-sm text-accent-900">
          <span>{newOrdersText(newOrders)}</span> <span aria-hidden="true">—</span>{' '}
          <button type="button" className="btn-secondary h-8" aria-busy={showing} onClick={() => void show()}>
            {t.show}
          </button>
        </p>
      ) : null}
    </div>
  );
}
