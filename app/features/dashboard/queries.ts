import { queryOptions } from '@tanstack/react-query';
import { indiaYear } from '#contract/india-time';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * How often the dashboard refreshes while its tab is visible. A poll of two small calls
 * (each answered from counters, see server/routes/orders/orders.service.ts) rather than
 * a server-sent stream: no connection held per open tab, nothing new on the server,
 * and react-query already pauses the poll in a hidden tab.
 */
export const DASHBOARD_REFRESH_MS = 15_000;

/** The years the sales chart offers: this year back to `SALES_YEARS - 1` years ago. */
export const SALES_YEARS = 7;

/** This year and the previous ones the chart offers, newest first (India's year, as the server counts). */
export function salesYears(now = new Date()): number[] {
  const year = indiaYear(now.getTime());
  return Array.from({ length: SALES_YEARS }, (_, i) => year - i);
}

const live = { refetchInterval: DASHBOARD_REFRESH_MS, refetchIntervalInBackground: false } as const;

/** The keys of every dashboard query. */
export const dashboardKeys = queryKeys('dashboard');

/** Query factory for the dashboard (the route's loader and the screen share these options). */
export const dashboardQueries = {
  /** The six status cards, scoped by the server to the caller's store(s). */
  cards: () =>
    queryOptions({
      queryKey: dashboardKeys.other('cards'),
      // quiet: the cards show their own error state with Try again.
      queryFn: ({ signal }) => api.call('getDashboardOrder', {}, { quiet: true, signal }),
      ...live,
    }),
  /** The twelve monthly delivered totals of `year`. */
  sales: (year: number) =>
    queryOptions({
      queryKey: dashboardKeys.other('sales', year),
      queryFn: ({ signal }) => api.call('getYearlySales', { query: { year } }, { quiet: true, signal }),
      ...live,
    }),
};
