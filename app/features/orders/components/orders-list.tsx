import { useEffect, useId, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ORDER_SORT_COLUMNS, OrderListQuerySchema, type OrderListQuery } from '#contract/lists';
import type { OrderListRow } from '#contract/orders';
import { can } from '#contract/permissions';
import {
  DataTable,
  latestSearch,
  lenientSearch,
  sameLayout,
  useKeptLayout,
  usePrefetchingSearchChange,
  useSelection,
  type Viewer,
} from '../../../components/data-table';
import { afterPaint } from '../../../lib/after-paint';
import { useSession } from '../../../lib/auth/session';
import { PageHeader } from '../../../components/ui/page-header';
import { i18n, params, useT } from '../../../lib/i18n';
import { orderLink, seesEveryStore, useOrderColumns } from '../columns';
import { changesFilter, LIVE_POLL_MS, ordersKeys, ordersQueries } from '../queries';
import { ExportButton, viewExport } from '../export/export-button';
import { OrdersBulkActions } from './orders-bulk-actions';
import { filterMessages, orderFilters } from './orders-list-filters';
import { viewsQueries } from '../../views/queries';
import { ViewsMenu } from '../../views/views-menu';
import { NewOrdersNotice } from './new-orders-notice';
import { LiveStatusTabs, searchForTab, tabOf } from './status-tabs';

const messages = i18n('orders/orders-list', {
  title: 'Orders',
  noun: 'order',
  row: params('order {number}'),
  searchLabel: 'Search orders',
  searchPlaceholder: 'Order no., name or phone',
});

const NEWEST_FIRST = { id: 'createdDate', desc: true };

type ViewedSearch = OrderListQuery & { view?: number | undefined };
/** A list state's rows: the view's id is the URL's, not the query's (the loader's key has none). */
const listOf = ({ view: _view, ...search }: ViewedSearch) => ordersQueries.list(search);
/** A view's state as the URL reads it (its filter has no page; the loader's key has page 1). */
const asInUrl = lenientSearch(OrderListQuerySchema)['~standard'].validate;

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
  /** Writes the URL state; the view stays unless `next` names one (the Views menu's). */
  onSearchChange: (next: ViewedSearch, options?: { replace?: boolean }) => void;
  viewer: Viewer;
}) {
  const t = useT(messages);
  const filterTexts = useT(filterMessages);
  const columns = useOrderColumns();
  const orderLabel = useMemo(() => (order: OrderListRow) => t.row({ number: order.orderNumber }), [t]);
  const stores = useQuery({ ...ordersQueries.stores(), enabled: seesEveryStore(viewer) });
  const filters = useMemo(() => orderFilters(stores.data ?? [], filterTexts), [stores.data, filterTexts]);
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
    const next =
      shown && kept.viewId !== shown.id
        ? { layout: shown.layout, viewId: shown.id }
        : view === undefined && kept.viewId !== null
          ? { ...kept, viewId: null }
          : null;
    if (!next) return;
    if (!sameLayout(next.layout, kept.layout)) return keep(next);
    // Only which view the layout came from changes, nothing on screen: kept after the rows'
    // frame. Kept at once, it rendered the list a second time before that frame (issue 26).
    return afterPaint(() => keep(next));
  }, [view, opened.data, kept, keep]);
  const tab = tabOf(search);
  const tableRef = useRef<HTMLDivElement>(null);
  // A tab or a view asks for its rows before the list renders its new state, as the table's own changes do.
  const pickTab = usePrefetchingSearchChange(listOf, onSearchChange);

  return (
    <>
      <PageHeader title={t.title} />
      <NewOrdersNotice search={search} onSearchChange={onSearchChange} tableRef={tableRef} />
      <div ref={tableRef}>
        <DataTable
          label={t.title}
          noun={t.noun}
          columns={columns}
          viewer={viewer}
          search={search}
          onSearchChange={onSearchChange}
          queryFor={listOf}
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
          tools={
            <ViewsMenu
              view={view}
              search={search}
              layout={kept.layout}
              role={viewer.role}
              onOpen={(opened) => pickTab({ ...asInUrl(opened).value, view: opened.view })}
            />
          }
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
              <LiveStatusTabs
                search={search}
                panelId={panelId}
                onPick={(picked) => pickTab(searchForTab(latestSearch(search), picked))}
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
