import { queryOptions } from '@tanstack/react-query';
import type { ListName, PageResult, ValidInput } from '#contract/call';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { listApiQuery, type ListSearch } from './url-state';

/** A list call's query as its route's URL holds it (after the contract's schema). */
export type ListQueryOf<N extends ListName> = ValidInput<N>['query'];

/**
 * A list's page query, from its call and its domain's keys: one page as the URL describes
 * it, under `queryKeys(domain).list(search)` (the route's loader, the table and its
 * prefetch share these options). Quiet: the table shows its own failure, with Try again.
 */
export function pageQuery<N extends ListName, const D extends string>(name: N, domain: D) {
  const keys = queryKeys(domain);
  // One call for every list: the generic name hides its input and page types from `api.call`.
  const call = api.call as (n: N, input: object, options: object) => Promise<PageResult<N>>;
  return (search: ListQueryOf<N>) =>
    // The domain's list key stands for the call (one list call per domain).
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    queryOptions({
      queryKey: keys.list(search),
      queryFn: ({ signal }) =>
        call(
          name,
          { query: listApiQuery(search as ListSearch & Record<string, unknown>) },
          { quiet: true, signal },
        ),
    });
}
