import { ORDER_SORT_COLUMNS, type OrderListQuery } from '#contract/lists';
import type { OrderListRow } from '#contract/orders';
import { DataTable, usePrefetchingSearchChange, type Viewer } from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { orderColumns, orderHref, seesEveryStore } from '../columns';
import { ordersQueries } from '../queries';
import { hasOrderFilters, NO_ORDER_FILTERS, OrderFilters } from './orders-list-filters';

const NEWEST_FIRST = { id: 'createdDate', desc: true };
const orderLabel = (order: OrderListRow) => `order ${order.orderNumber}`;

/** The Orders table (spec §2) with its filters. */
export function OrdersList({
  search,
  onSearchChange,
  viewer,
}: {
  search: OrderListQuery;
  onSearchChange: (next: OrderListQuery, options?: { replace?: boolean }) => void;
  viewer: Viewer;
}) {
  // The filters too ask for their rows before the URL changes (DataTable does so for sort, page, search).
  const changeSearch = usePrefetchingSearchChange(ordersQueries.list, onSearchChange);
  return (
    <>
      <PageHeader title="Orders" />
      <DataTable
        label="Orders"
        noun="order"
        columns={orderColumns}
        viewer={viewer}
        search={search}
        onSearchChange={onSearchChange}
        queryFor={ordersQueries.list}
        sortColumns={ORDER_SORT_COLUMNS}
        defaultSort={NEWEST_FIRST}
        rowHref={orderHref}
        rowLabel={orderLabel}
        remove={{ endpoint: 'removeOrder', invalidate: ordersQueries.all() }}
        searchLabel="Search orders"
        searchPlaceholder="Order no., name or phone"
        filters={
          <OrderFilters
            search={search}
            showStore={seesEveryStore(viewer)}
            onChange={(patch) => changeSearch({ ...search, ...patch, page: 1 })}
          />
        }
        filtersActive={hasOrderFilters(search)}
        onClearFilters={() => changeSearch({ ...search, ...NO_ORDER_FILTERS, q: '', page: 1 })}
      />
    </>
  );
}
