import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_SORT_COLUMNS, type OrderListQuery } from '#contract/lists';
import type { OrderListRow } from '#contract/orders';
import { can } from '#contract/permissions';
import { DataTable, useKeptLayout, useSelection, type Viewer } from '../../../components/data-table';
import { useSession } from '../../../lib/auth/session';
import { PageHeader } from '../../../components/ui/page-header';
import { i18n, params, useT } from '../../../lib/i18n';
import { orderLink, seesEveryStore, useOrderColumns } from '../columns';
import { listShowsOrders, newOrdersText, ordersWaiting } from '../new-order-alerts';
import { changesFilter, LIVE_POLL_MS, ordersKeys, ordersQueries } from '../queries';
import { ExportButton, viewExport } from '../export/export-button';
import { OrdersBulkActions } from './orders-bulk-actions';
import { filterMessages, orderFilters } from './orders-list-filters';
import { viewsQueries } from '../../views/queries';
import { ViewsMenu } from '../../views/views-menu';
import { searchForTab, StatusTabs, tabOf } from './status-tabs';

const messages = i18n('orders/orders-list', {
  title: 'Orders',
  show: 'show',
  noun: 'order',
  row: params('order {number}'),
  searchLabel: 'Search orders',
  searchPlaceholder: 'Order no., name or phone',
});

const NEWEST_FIRST = { id: 'createdDate', desc: true };

/**
 * The Orders table (spec §2) with its filters, pinned to the snapshot `upto` of the URL
 * (issue 6): while the tab is visible it polls getchanges every LIVE_POLL_MS and refreshes
 * the pinned page in the background (status changes by colleagues show; rows keep their
 * place). Newer orders only announce themselves ("N new orders — show"); they join the
 * list when the operator asks, never under their cursor.
 */
export function OrdersList({
  search,
  onSearchChange,
  viewer,
  view,
}: {
  /** The saved view the list shows (the URL's `view`, issue 15). */
  view?: number | undefined;
  search: OrderListQuery;
  onSearchChange: (next: OrderListQuery, options?: { replace?: boolean }) => void;
  viewer: Viewer;
}) {
  const t = useT(messages);
  const filterTexts = useT(filterMessages);
  const columns = useOrderColumns();
  const orderLabel = useMemo(() => (order: OrderListRow) => t.row({ number: order.orderNumber }), [t]);
  const queryClient = useQueryClient();
  const stores = useQuery({ ...ordersQueries.stores(), enabled: seesEveryStore(viewer) });
  const filters = useMemo(() => orderFilters(stores.data ?? [], filterTexts), [stores.data, filterTexts]);
  const changes = useQuery({
    ...ordersQueries.changes(search),
    refetchInterval: LIVE_POLL_MS,
    refetchIntervalInBackground: false,
    // Shown again after a while away: say what arrived at once, not at the next tick.
    refetchOnWindowFocus: true,
  });
  // The status tabs' counts refresh with the same poll; the last ones stay while new ones load.
  const counts = useQuery({
    ...ordersQueries.statusCounts(search),
    refetchInterval: LIVE_POLL_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
  // A new filter, tab, search or snapshot starts the selection afresh; paging and sorting keep it.
  const selection = useSelection(JSON.stringify([changesFilter(search), search.upto]));
  const panelId = useId();
  const session = useSession();
  const [kept, keep] = useKeptLayout(`orders.${session?.userId ?? ''}`);
  // A view opened (its link, the menu, the default) lays the table out its way, once: what
  // the operator changes afterwards stays, through reloads, until another view opens.
  const opened = useQuery({ ...viewsQueries.one(view ?? 0), enabled: view !== undefined });
  useEffect(() => {
    const shown = view === undefined ? null : opened.data;
    if (shown && kept.viewId !== shown.id) keep({ layout: shown.layout, viewId: shown.id });
    else if (view === undefined && kept.viewId !== null) keep({ ...kept, viewId: null });
  }, [view, opened.data, kept, keep]);
  const tab = tabOf(search);
  const since = search.upto ?? 0;
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

  const tableRef = useRef<HTMLDivElement>(null);
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
  }, [search.upto]);

  return (
    <>
      <PageHeader title={t.title} />
      {/* Always in the page, so assistive technology hears the count when it appears. */}
      <div role="status" aria-live="polite" aria-atomic="true">
        {newOrders > 0 ? (
          <p className="mb-3 flex flex-wrap items-center gap-2 rounded-md border border-accent-200 bg-accent-50 px-3 py-2 text-sm text-accent-900">
            <span>{newOrdersText(newOrders)}</span> <span aria-hidden="true">—</span>{' '}
            <button
              type="button"
              className="btn-secondary h-8"
              aria-busy={showing}
              onClick={() => void show()}
            >
              {t.show}
            </button>
          </p>
        ) : null}
      </div>
      <div ref={tableRef}>
        <DataTable
          label={t.title}
          noun={t.noun}
          columns={columns}
          viewer={viewer}
          search={search}
          onSearchChange={onSearchChange}
          queryFor={ordersQueries.list}
          refetchInterval={LIVE_POLL_MS}
          sortColumns={ORDER_SORT_COLUMNS}
          defaultSort={NEWEST_FIRST}
          rowLink={orderLink}
          rowLabel={orderLabel}
          remove={{ endpoint: 'removeOrder', invalidate: ordersKeys.all }}
          searchLabel={t.searchLabel}
          searchPlaceholder={t.searchPlaceholder}
          filters={filters}
          layout={{ value: kept.layout, onChange: (layout) => keep({ ...kept, layout }) }}
          tools={<ViewsMenu view={view} search={search} layout={kept.layout} role={viewer.role} />}
          actions={(total) => <ExportButton body={viewExport(search, viewer)} total={total} />}
          // Selection is for changing orders in bulk: those who may not see no boxes.
          selection={
            can(viewer.role, 'orders.update')
              ? {
                  state: selection,
                  actions: (total) => (
                    <OrdersBulkActions selection={selection} search={search} total={total} viewer={viewer} />
                  ),
                }
              : undefined
          }
          tabs={{
            list: (
              <StatusTabs
                search={search}
                counts={counts.data}
                panelId={panelId}
                onPick={(picked) => onSearchChange(searchForTab(search, picked))}
              />
            ),
            panel:
              tab === null
                ? { id: panelId, 'aria-label': t.title }
                : { id: panelId, 'aria-labelledby': `${panelId}-tab-${tab}` },
          }}
        />
      </div>
    </>
  );
}
