import { queryOptions } from '@tanstack/react-query';
import type { DayReportSearch } from '#contract/reports';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The keys of every report query. */
export const reportsKeys = queryKeys('reports');

/** Query factory for the reports (the route's loader and the screen share these options). */
export const reportsQueries = {
  /** The day-end report of the URL's days and store. */
  day: (query: DayReportSearch) =>
    queryOptions({
      queryKey: reportsKeys.other('day', query),
      // quiet: the screen shows its own error state with Try again.
      queryFn: ({ signal }) => api.call('getDayReport', { query }, { quiet: true, signal }),
    }),
};
