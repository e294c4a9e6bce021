import { useCallback, useState } from 'react';
import { useQueryClient, type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { can, type Action } from '#contract/permissions';
import { getRole } from '../../lib/auth/session';

/**
 * A list route's loader. Entering the screen waits for the first page (so it opens with
 * rows, not a skeleton); a failure is left to the table's own error state with Try again.
 * A sort, filter or page change on the open screen doesn't wait here: the change itself
 * waited for its rows, up to HOLD_MS (below); rows later than that come under the previous
 * rows, dimmed, while the query the table reads fetches them.
 * A list only some roles may read (`only`) isn't asked for by the others: the layout's
 * guard shows them "No access", and the server would refuse.
 */
export async function loadList<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: UseQueryOptions<T, Error, T, K>,
  cause: 'enter' | 'stay' | 'preload',
  only?: Action,
): Promise<void> {
  if (only && !can(getRole(), only)) return;
  if (cause === 'stay') {
    void queryClient.prefetchQuery(options);
    return;
  }
  await queryClient.ensureQueryData(options).catch(() => undefined);
}

/**
 * How long a list change waits for its rows before the screen shows it without them (the
 * previous rows dimmed). Rows that come within it are painted in one render and one frame.
 * Showing the change at once cost a render and a frame of the old rows, dimmed, and the
 * new rows' render waited behind them (issue 26; record 076).
 */
export const HOLD_MS = 100;

/** The list change waiting for its rows: one list is on screen at a time. */
let held: { next: unknown; path: string; land: () => void } | undefined;

/**
 * The list state a new change builds on: the change still waiting for its rows, if any,
 * else the state shown. A sort and then `]` within the wait must keep the sort.
 */
export function latestSearch<S>(shown: S): S {
  return held && held.path === window.location.pathname ? (held.next as S) : shown;
}

/**
 * The state a list's filters show: the change they made while it waits for its rows, then
 * the URL's. A check box or select reading the URL alone sprang back for up to HOLD_MS after
 * its key (React puts a controlled input back to its value), and a screen reader could
 * announce the old value, then the new one. `choose` is called with the whole new state as
 * the control sends it. A change waiting that another control made (the state it builds on)
 * shows too, once the URL has moved under this one's. The status tabs don't use it: a tab
 * is a button, nothing springs back, and its frame would come before the rows' (record 077).
 */
export function useChosenSearch<S>(search: S): [shown: S, choose: (next: S) => void] {
  const [chosen, setChosen] = useState<{ base: S; next: S } | null>(null);
  const shown = chosen?.base === search ? chosen.next : latestSearch(search);
  const choose = useCallback((next: S) => setChosen({ base: search, next }), [search]);
  return [shown, choose];
}

/**
 * A list screen's onSearchChange that asks for the new rows first, then changes the URL.
 * Rows already in the cache change it at once. Otherwise it waits for the answer, up to
 * HOLD_MS. Navigating renders the list, so navigating first rendered it twice: once with
 * the old rows dimmed and once with the new ones (record 076). Starting the call here also
 * lets the server work during that render (record 029). The loader and the table then find
 * the same query, so nothing is fetched twice. Changes land in the order they were made:
 * a new one lands the one still waiting first. A change still waiting when the user has
 * gone to another page is dropped.
 */
export function usePrefetchingSearchChange<S, T, K extends QueryKey, O>(
  queryFor: (search: S) => UseQueryOptions<T, Error, T, K>,
  onSearchChange: (next: S, options?: O) => void,
): (next: S, options?: O) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (next: S, options?: O) => {
      held?.land();
      const query = queryFor(next);
      const cached = queryClient.getQueryData(query.queryKey) !== undefined;
      const answered = queryClient.prefetchQuery(query);
      if (cached) return onSearchChange(next, options);
      const change = {
        next,
        path: window.location.pathname,
        land: () => {
          if (held !== change) return;
          held = undefined;
          clearTimeout(timer);
          if (window.location.pathname === change.path) onSearchChange(next, options);
        },
      };
      held = change;
      const timer = setTimeout(change.land, HOLD_MS);
      void answered.then(change.land);
    },
    [queryClient, queryFor, onSearchChange],
  );
}
