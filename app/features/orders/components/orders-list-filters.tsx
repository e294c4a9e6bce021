import { ORDER_STATUSES, PAYMENT_TYPE_LABELS, PAYMENT_TYPES, YES_NO } from '#contract/enums';
import type { OrderListQuery } from '#contract/lists';
import type { ListFilter } from '../../../components/data-table';
import { seesEveryStore } from '../columns';

/**
 * The orders list's filters (as data, rendered by the table): status (several), upcoming, overdue,
 * payment type, settled, the created-date range and, for the platform admin, the store.
 * The dashboard's Upcoming card opens the list with upcoming=Yes.
 */
export function orderFilters(stores: readonly { id: number; name: string }[]): ListFilter<OrderListQuery>[] {
  return [
    {
      key: 'status',
      label: 'Status',
      kind: 'checks',
      options: ORDER_STATUSES.map((s) => ({ value: s.id, label: s.label })),
    },
    { key: 'upcoming', label: 'Upcoming', kind: 'check', text: 'Open, expected after today' },
    { key: 'overdue', label: 'Overdue', kind: 'check', text: 'Open, past the promised time' },
    {
      key: 'paymentType',
      label: 'Payment type',
      kind: 'select',
      options: PAYMENT_TYPES.map((type) => ({ value: type, label: PAYMENT_TYPE_LABELS[type] })),
    },
    {
      key: 'isSettled',
      label: 'Settled',
      kind: 'select',
      options: YES_NO.map((value) => ({ value, label: value })),
      className: 'w-24',
    },
    { key: 'from', label: 'Created from', kind: 'date', before: 'to' },
    { key: 'to', label: 'Created to', kind: 'date', after: 'from' },
    {
      key: 'store',
      label: 'Store',
      // ~209 stores at 1,000,000 orders: typed to narrow rather than scrolled (issue 24).
      kind: 'combobox',
      all: 'All stores',
      options: stores.map((store) => ({ value: String(store.id), label: store.name })),
      parse: Number,
      className: 'w-48',
      visibleTo: seesEveryStore,
    },
  ];
}
