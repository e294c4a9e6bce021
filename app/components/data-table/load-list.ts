import { useCallback } from 'react';
import { useQueryClient, type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { can, type Action } from '#contract/permissions';
import { getRole } from '../../lib/auth/session';

/**
 * A list route's loader. Entering the screen waits for the first page (so it opens with
 * rows, not a skeleton); a failure is left to the table's own error state with Try again.
 * A sort, filter or page change on the open screen doesn't wait: the table keeps the
 * previous rows on screen (dimmed) while the query it reads fetches the new ones.
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
 * A list screen's onSearchChange that asks for the new rows first, then changes the URL.
 * Navigating re-renders the screen synchronously (sort arrow, dimmed rows) before the
 * route's loader starts the call; starting it here lets the server work during that
 * render instead of after it (a bench:ui trace showed the call leaving well after the
 * key; decision record 029). The loader and the table then find
 * the same query already in flight, so nothing is fetched twice.
 */
export function usePrefetchingSearchChange<S, T, K extends QueryKey, O>(
  queryFor: (search: S) => UseQueryOptions<T, Error, T, K>,
  onSearchChange: (next: S, options?: O) => void,
): (next: S, options?: O) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (next: S, options?: O) => {
      void queryClient.prefetchQuery(queryFor(next));
      onSearchChange(next, options);
    },
    [queryClient, queryFor, onSearchChange],
  );
}
