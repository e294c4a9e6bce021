import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import type { ListView } from '#contract/list-views';
import { OrderViewFilterSchema, type OrderListQuery } from '#contract/lists';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/*
 * Saved views of the orders list (issue 15, item 3; contract/list-views.ts): the calls,
 * and what a view's filter is in the list's URL terms.
 */

/** The keys of every views query. */
export const viewsKeys = queryKeys('views');

export const viewsQueries = {
  /** The views the caller may open (own first, then shared). */
  list: () =>
    queryOptions({
      queryKey: viewsKeys.lists(),
      queryFn: ({ signal }) => api.call('listViews', { query: { list: 'orders' } }, { quiet: true, signal }),
    }),
  /** One view (opening its link). */
  one: (id: number) =>
    queryOptions({
      queryKey: viewsKeys.detail(id),
      queryFn: ({ signal }) => api.call('getView', { params: { id } }, { quiet: true, signal }),
    }),
};

/** The list's URL state a view stands for: everything but the page and the snapshot. */
export function viewFilterOf(search: OrderListQuery) {
  const { page: _page, upto: _upto, ...filter } = search;
  return filter;
}

/** A filter in one canonical form (defaults filled, keys sorted), to compare two. */
function canonical(filter: Record<string, unknown>): string {
  const parsed = v.safeParse(OrderViewFilterSchema, filter);
  if (!parsed.success) return '';
  const entries = Object.entries(parsed.output).filter(([, value]) => value !== undefined);
  return JSON.stringify(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/** Whether the list shows a view's filter as saved (else the view is "changed"). */
export function sameFilter(view: ListView, search: OrderListQuery): boolean {
  return canonical(view.filter) === canonical(viewFilterOf(search));
}
