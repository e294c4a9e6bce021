import { useMemo, useRef, type KeyboardEvent } from 'react';
import { hashKey, keepPreviousData, useQuery } from '@tanstack/react-query';
import { ORDER_STATUSES, type OrderStatus } from '#contract/enums';
import type { OrderListQuery } from '#contract/lists';
import type { OrderStatusCounts } from '#contract/orders';
import { usePainted } from '../../../lib/after-paint';
import { i18n, translateWords, useFormats, useT } from '../../../lib/i18n';
import { LIVE_POLL_MS, ordersQueries } from '../queries';

/** A tab: every status, one status by its code, Upcoming or Overdue. */
export type StatusTab = 'all' | OrderStatus | 'upcoming' | 'overdue';

const messages = i18n('orders/status-tabs', {
  all: 'All',
  upcoming: 'Upcoming',
  overdue: 'Overdue',
  label: 'Orders by status',
});

/** The tabs in order, named in the reader's language (the statuses through the words table). */
const tabsOf = (t: ReturnType<typeof messages.get>): { tab: StatusTab; label: string }[] => [
  { tab: 'all', label: t.all },
  ...ORDER_STATUSES.map((s) => ({ tab: s.id as OrderStatus, label: translateWords(s.label) })),
  { tab: 'upcoming', label: t.upcoming },
  { tab: 'overdue', label: t.overdue },
];
const TAB_COUNT = ORDER_STATUSES.length + 3;

/** The tab the URL's filters are (none when several statuses are checked). */
export function tabOf(search: Pick<OrderListQuery, 'status' | 'upcoming' | 'overdue'>): StatusTab | null {
  const status = search.status ?? [];
  if (search.upcoming === 'Yes' && search.overdue === 'Yes') return null;
  if (search.upcoming === 'Yes') return status.length ? null : 'upcoming';
  if (search.overdue === 'Yes') return status.length ? null : 'overdue';
  if (!status.length) return 'all';
  return status.length === 1 ? status[0]! : null;
}

/** The URL's filters for a tab: its status, Upcoming or Overdue, page 1; the other filters kept. */
export function searchForTab(search: OrderListQuery, tab: StatusTab): OrderListQuery {
  return {
    ...search,
    status: typeof tab === 'number' ? [tab] : undefined,
    upcoming: tab === 'upcoming' ? 'Yes' : undefined,
    overdue: tab === 'overdue' ? 'Yes' : undefined,
    page: 1,
  };
}

const countOf = (counts: OrderStatusCounts, tab: StatusTab) =>
  tab === 'all'
    ? counts.all
    : tab === 'upcoming' || tab === 'overdue'
      ? counts[tab]
      : (counts.byStatus[tab] ?? 0);

/**
 * The orders list's status tabs (issue 15 item 1): All, each status, Upcoming and Overdue, with
 * how many orders each holds under the list's other filters and search. An ARIA tablist
 * with manual activation — arrows, Home and End move between tabs, Enter or Space picks
 * one (each pick loads a page, so moving alone asks the server nothing); only the
 * picked tab is in the Tab order. The table below is the tabs' panel.
 */
export function StatusTabs({
  search,
  counts,
  panelId,
  onPick,
}: {
  search: OrderListQuery;
  counts: OrderStatusCounts | undefined;
  panelId: string;
  onPick: (tab: StatusTab) => void;
}) {
  const t = useT(messages);
  const f = useFormats();
  const tabs = useMemo(() => tabsOf(t), [t]);
  const picked = tabOf(search);
  const listRef = useRef<HTMLDivElement>(null);
  const focusable = picked ?? 'all';

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TAB_COUNT - 1;
    const to =
      event.key === 'ArrowRight'
        ? (index + 1) % TAB_COUNT
        : event.key === 'ArrowLeft'
          ? (index + last) % TAB_COUNT
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={t.label}
      // Underlined tabs on a desktop; on a phone they wrap as pills (nothing scrolls sideways).
      className="mb-4 flex flex-wrap gap-1 md:border-b md:border-zinc-200 in-data-[density=compact]:mb-2"
    >
      {tabs.map(({ tab, label }, index) => {
        const selected = tab === picked;
        return (
          <button
            key={String(tab)}
            id={`${panelId}-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={tab === focusable ? 0 : -1}
            onClick={() => onPick(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm in-data-[density=compact]:gap-1.5 in-data-[density=compact]:px-2 in-data-[density=compact]:py-1.5 font-medium whitespace-nowrap outline-offset-[-2px] md:-mb-px md:rounded-none md:border-b-2 ${
              selected
                ? 'bg-accent-50 text-accent-800 md:border-accent-600 md:bg-transparent'
                : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 md:border-transparent md:hover:border-zinc-300 md:hover:bg-transparent'
            }`}
          >
            {label}
            <span
              className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${selected ? 'bg-accent-100 text-accent-900' : 'bg-zinc-100 text-zinc-700'}`}
            >
              {counts ? f.count(countOf(counts, tab)) : '…'}
            </span>
          </button>
        );
      })}
    </div>
  );
}

const countsKey = (search: OrderListQuery) => hashKey(ordersQueries.statusCounts(search).queryKey);

/**
 * The tabs with their counts, asked for here and refreshed with the list's poll (the last
 * counts stay while new ones load): their answer renders the tabs alone, not the whole
 * list screen around them (issue 26: that render came before the rows' own).
 */
export function LiveStatusTabs(props: Omit<Parameters<typeof StatusTabs>[0], 'counts'>) {
  // The counts for a new filter or search are asked once its rows are painted (record 084).
  const asked = usePainted(props.search, countsKey);
  const counts = useQuery({
    ...ordersQueries.statusCounts(asked),
    refetchInterval: LIVE_POLL_MS,
    refetchIntervalInBackground: false,
    // Entering the list, the route's loader has just asked: with their staleTime of 0 the
    // tabs' mount asked a second time. Counts a save invalidated, or older than a second
    // (back on the list from an order), are asked again on mount as before.
    refetchOnMount: (query) => query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > 1000,
    placeholderData: keepPreviousData,
  });
  return <StatusTabs {...props} counts={counts.data} />;
}
