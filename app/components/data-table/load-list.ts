import type { QueryClient, QueryKey, UseQueryOptions } from '@tanstack/react-query';

/**
 * A list route's loader. Entering the screen waits for the first page (so it opens with
 * rows, not a skeleton); a failure is left to the table's own error state with Try again.
 * A sort, filter or page change on the open screen doesn't wait: the table keeps the
 * previous rows on screen (dimmed) while the query it reads fetches the new ones.
 */
export async function loadList<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: UseQueryOptions<T, Error, T, K>,
  cause: 'enter' | 'stay' | 'preload',
): Promise<void> {
  if (cause === 'stay') {
    void queryClient.prefetchQuery(options);
    return;
  }
  await queryClient.ensureQueryData(options).catch(() => undefined);
}
