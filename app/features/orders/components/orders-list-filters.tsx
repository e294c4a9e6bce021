import { ORDER_STATUSES, PAYMENT_TYPE_LABELS, PAYMENT_TYPES, YES_NO } from '#contract/enums';
import type { OrderListQuery } from '#contract/lists';
import type { ListFilter } from '../../../components/data-table';
import { i18n, translateWords } from '../../../lib/i18n';
import { seesEveryStore } from '../columns';

export const filterMessages = i18n('orders/orders-list-filters', {
  status: 'Status',
  upcoming: 'Upcoming',
  upcomingText: 'Open, expected after today',
  overdue: 'Overdue',
  overdueText: 'Open, past the promised time',
  paymentType: 'Payment type',
  settled: 'Settled',
  from: 'Created from',
  to: 'Created to',
  store: 'Store',
  allStores: 'All stores',
});

/**
 * The orders list's filters (as data, rendered by the table) in the reader's language:
 * status (several), upcoming, overdue, payment type, settled, the created-date range and,
 * for the platform admin, the store. The dashboard's Upcoming card opens the list with
 * upcoming=Yes. Made again when the language changes (`t`, the messages of the moment);
 * the contract's statuses, payment types and Yes/No through the words table.
 */
export function orderFilters(
  stores: readonly { id: number; name: string }[],
  t: ReturnType<typeof filterMessages.get> = filterMessages.get(),
): ListFilter<OrderListQuery>[] {
  return [
    {
      key: 'status',
      label: t.status,
      kind: 'checks',
      options: ORDER_STATUSES.map((s) => ({ value: s.id, label: translateWords(s.label) })),
    },
    { key: 'upcoming', label: t.upcoming, kind: 'check', text: t.upcomingText },
    { key: 'overdue', label: t.overdue, kind: 'check', text: t.overdueText },
    {
      key: 'paymentType',
      label: t.paymentType,
      kind: 'select',
      options: PAYMENT_TYPES.map((type) => ({
        value: type,
        label: translateWords(PAYMENT_TYPE_LABELS[type]),
      })),
    },
    {
      key: 'isSettled',
      label: t.settled,
      kind: 'select',
      options: YES_NO.map((value) => ({ value, label: translateWords(value) })),
      className: 'w-24',
    },
    { key: 'from', label: t.from, kind: 'date', before: 'to' },
    { key: 'to', label: t.to, kind: 'date', after: 'from' },
    {
      key: 'store',
      label: t.store,
      // ~209 stores at 1,000,000 orders: typed to narrow rather than scrolled (issue 24).
      kind: 'combobox',
      all: t.allStores,
      options: stores.map((store) => ({ value: String(store.id), label: store.name })),
      parse: Number,
      className: 'w-48',
      visibleTo: seesEveryStore,
    },
  ];
}
