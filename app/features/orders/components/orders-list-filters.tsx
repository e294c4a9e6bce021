import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ORDER_STATUSES, PAYMENT_TYPES, YES_NO, type OrderStatus } from '#contract/enums';
import type { OrderListQuery } from '#contract/lists';
import { PAYMENT_TYPE_LABELS } from '../columns';
import { ordersQueries } from '../queries';

type Filters = Pick<
  OrderListQuery,
  'status' | 'paymentType' | 'isSettled' | 'from' | 'to' | 'upcoming' | 'store'
>;

/** Whether any orders filter (beyond the search box) is set. */
export function hasOrderFilters(search: Filters): boolean {
  return !!(
    search.status?.length ||
    search.paymentType ||
    search.isSettled ||
    search.from ||
    search.to ||
    search.upcoming ||
    search.store
  );
}

/** The filters cleared (spread over the URL state). */
export const NO_ORDER_FILTERS: Filters = {
  status: undefined,
  paymentType: undefined,
  isSettled: undefined,
  from: undefined,
  to: undefined,
  upcoming: undefined,
  store: undefined,
};

function Labelled({ label, children, id }: { label: string; id: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-zinc-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * Status (several), upcoming, payment type, settled, created-date range and, for the
 * platform admin, store. Every change goes to the URL and back to page 1.
 */
export function OrderFilters({
  search,
  onChange,
  showStore,
}: {
  search: Filters;
  onChange: (patch: Partial<Filters>) => void;
  showStore: boolean;
}) {
  const ids = {
    payment: useId(),
    settled: useId(),
    from: useId(),
    to: useId(),
    store: useId(),
    status: useId(),
    upcoming: useId(),
  };
  const stores = useQuery({ ...ordersQueries.stores(), enabled: showStore });
  const statuses = search.status ?? [];

  const toggleStatus = (code: OrderStatus, on: boolean) => {
    const next = on ? [...statuses, code] : statuses.filter((s) => s !== code);
    onChange({ status: next.length ? [...next].sort((a, b) => a - b) : undefined });
  };

  return (
    <>
      <fieldset className="min-w-0">
        <legend id={ids.status} className="mb-1 block text-sm font-medium text-zinc-800">
          Status
        </legend>
        <div className="flex h-9 flex-wrap items-center gap-x-3 gap-y-1">
          {ORDER_STATUSES.map((status) => (
            <label key={status.id} className="inline-flex items-center gap-1.5 text-sm text-zinc-800">
              <input
                type="checkbox"
                className="size-4 rounded border-zinc-300 accent-accent-600"
                checked={statuses.includes(status.id)}
                onChange={(event) => toggleStatus(status.id, event.target.checked)}
              />
              {status.label}
            </label>
          ))}
        </div>
      </fieldset>
      {/* The dashboard's Upcoming card opens the list with this ticked (upcoming=Yes). */}
      <fieldset className="min-w-0">
        <legend id={ids.upcoming} className="mb-1 block text-sm font-medium text-zinc-800">
          Upcoming
        </legend>
        <label className="inline-flex h-9 items-center gap-1.5 text-sm text-zinc-800">
          <input
            type="checkbox"
            className="size-4 rounded border-zinc-300 accent-accent-600"
            checked={search.upcoming === 'Yes'}
            onChange={(event) => onChange({ upcoming: event.target.checked ? 'Yes' : undefined })}
          />
          Open, expected after today
        </label>
      </fieldset>
      <Labelled label="Payment type" id={ids.payment}>
        <select
          id={ids.payment}
          className="input w-40"
          value={search.paymentType ?? ''}
          onChange={(event) =>
            onChange({ paymentType: (event.target.value || undefined) as Filters['paymentType'] })
          }
        >
          <option value="">All</option>
          {PAYMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {PAYMENT_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled label="Settled" id={ids.settled}>
        <select
          id={ids.settled}
          className="input w-24"
          value={search.isSettled ?? ''}
          onChange={(event) =>
            onChange({ isSettled: (event.target.value || undefined) as Filters['isSettled'] })
          }
        >
          <option value="">All</option>
          {YES_NO.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled label="Created from" id={ids.from}>
        <input
          id={ids.from}
          type="date"
          className="input w-40"
          value={search.from ?? ''}
          max={search.to}
          onChange={(event) => onChange({ from: event.target.value || undefined })}
        />
      </Labelled>
      <Labelled label="Created to" id={ids.to}>
        <input
          id={ids.to}
          type="date"
          className="input w-40"
          value={search.to ?? ''}
          min={search.from}
          onChange={(event) => onChange({ to: event.target.value || undefined })}
        />
      </Labelled>
      {showStore ? (
        <Labelled label="Store" id={ids.store}>
          <select
            id={ids.store}
            className="input w-48"
            value={search.store ?? ''}
            onChange={(event) =>
              onChange({ store: event.target.value ? Number(event.target.value) : undefined })
            }
          >
            <option value="">All stores</option>
            {/* A store chosen by link before the list arrives still shows as chosen. */}
            {search.store && !stores.data?.some((s) => s.id === search.store) ? (
              <option value={search.store}>Store {search.store}</option>
            ) : null}
            {(stores.data ?? []).map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
        </Labelled>
      ) : null}
    </>
  );
}
