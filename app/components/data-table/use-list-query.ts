import { useCallback, useEffect } from 'react';
import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type Paged } from '#contract/lists';
import { afterPaint } from '../../lib/after-paint';
import { latestSearch, usePrefetchingSearchChange } from './load-list';
import type { ListSearch } from './url-state';

const NO_ROWS: never[] = [];

/**
 * A list's page from its URL state: the query (the previous rows stay while the next ones
 * load), the next page fetched before it is asked for, a page past the end replaced by the
 * last page there is, and the search changes (sort, page, search start their call before
 * the navigation: load-list.ts).
 */
export function useListQuery<T, S extends ListSearch, K extends QueryKey>(options: {
  search: S;
  onSearchChange: (next: S, options?: { replace?: boolean }) => void;
  queryFor: (search: S) => UseQueryOptions<Paged<T>, Error, Paged<T>, K>;
  refetchInterval?: number | undefined;
}) {
  const { search, onSearchChange, queryFor } = options;
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const queryClient = useQueryClient();
  const query = useQuery({
    ...queryFor(search),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval ?? false,
    // A hidden tab stops asking (react-query pauses the interval while document.hidden).
    refetchIntervalInBackground: false,
  });
  const data = query.data;
  const rows = data?.rows ?? (NO_ROWS as T[]);
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // Dimmed only while the rows shown are another query's (a new page, sort or filter on its
  // way) or a retry after an error: a background refresh of the same page shows nothing,
  // so a list that refreshes every few seconds never flickers.
  const busy = query.isPlaceholderData || (query.isFetching && query.isError);

  const changeSearch = usePrefetchingSearchChange(queryFor, onSearchChange);
  const update = useCallback(
    (patch: Partial<ListSearch> | Partial<S>, changeOptions?: { replace?: boolean }) =>
      changeSearch({ ...latestSearch(search), ...patch }, changeOptions),
    [changeSearch, search],
  );
  const goToPage = useCallback(
    (target: number) => {
      const next = Math.min(Math.max(1, target), pageCount);
      if (next !== page) update({ page: next });
    },
    [pageCount, page, update],
  );

  // The next page, before it is asked for, once this page's rows are painted: asking sooner
  // put the call's own work (query, client, fetch) before the frame that shows them.
  useEffect(() => {
    if (!data || query.isPlaceholderData || page >= pageCount) return;
    return afterPaint(() => void queryClient.prefetchQuery(queryFor({ ...search, page: page + 1 })));
  }, [data, query.isPlaceholderData, search, page, pageCount, queryClient, queryFor]);

  // A page past the end (last row deleted, an old link): go to the last page there is.
  useEffect(() => {
    if (!data || query.isPlaceholderData) return;
    if (data.rows.length === 0 && data.total > 0 && page > 1)
      onSearchChange({ ...search, page: Math.ceil(data.total / pageSize) }, { replace: true });
  }, [data, query.isPlaceholderData, search, page, pageSize, onSearchChange]);

  return { query, data, rows, total, page, pageSize, pageCount, busy, update, goToPage };
}
