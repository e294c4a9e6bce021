import type { OrderStatusCountsQuery } from '#contract/lists';
import { DELIVERED_STATUS } from '#contract/enums';
import { ORDER_STATUS_CODES, type OrderStatusCounts } from '#contract/orders';
import { dialectOf } from '../../../db/dialect';
import type { Kdb, Scope } from '../scope';
import { spellUpcoming, type ListFilters } from './filters';
import { countMatching } from './totals';

/**
 * The status tabs' counts (issue 15 item 1): the list's total under its other filters,
 * search and snapshot, for every status, each status, and Upcoming — each the very count
 * the list shows as its total when that tab is picked (Delivered as All less the others) (countMatching: order_counts sums
 * without a search, the search's own counts with one, orders_upcoming for Upcoming).
 */
export async function statusCounts(
  db: Kdb,
  asked: OrderStatusCountsQuery,
  store: Scope,
  today: string,
): Promise<OrderStatusCounts> {
  const d = dialectOf(db);
  const base = { ...asked, status: undefined, upcoming: undefined } as ListFilters;
  const upcoming = spellUpcoming({ ...base, upcoming: 'Yes' as const }, today);
  // Every order has exactly one status: the largest (Delivered, ~80 % of orders, the dearest
  // to count inside a date range or a search) is All less the other four, not counted.
  const counted = ORDER_STATUS_CODES.filter((status) => status !== DELIVERED_STATUS);
  const tabs: (ListFilters | null)[] = [
    base,
    ...counted.map((status) => ({ ...base, status: [status] })),
    upcoming,
  ];
  const count = (q: ListFilters | null) => (q ? countMatching(db, q, store, d) : Promise.resolve(0));
  // SQLite answers one statement at a time whatever is asked; PostgreSQL runs them side by side.
  const counts =
    d.name === 'postgres'
      ? await Promise.all(tabs.map(count))
      : await tabs.reduce<Promise<number[]>>(
          async (done, q) => [...(await done), await count(q)],
          Promise.resolve([]),
        );
  const [all, s0, s1, s2, s4, up] = counts as [number, number, number, number, number, number];
  return { all, byStatus: [s0, s1, s2, all - s0 - s1 - s2 - s4, s4], upcoming: up };
}
