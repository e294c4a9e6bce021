import { notifyManager, QueryClient, type Query } from '@tanstack/react-query';

/*
 * Query results reach the components in a microtask after the response is read, not in a
 * setTimeout(0) task (the library's default): a task waits behind whatever the browser has
 * queued, a frame included, so new rows could miss the next frame (issue 26). Notifications
 * made in one task are still batched into one render.
 */
notifyManager.setScheduler(queueMicrotask);

/**
 * Pages of one list kept once nothing shows them: coming back to a page just left (an order
 * opened from it, a page flipped back to) is instant, and the rest are dropped at once. With
 * only the library's five-minute gcTime, 500 page flips left 10.7 MB of old pages on the
 * heap (bench:ui --flips, issue 26); a day of paging would keep growing within any five minutes.
 */
export const KEPT_LIST_PAGES = 10;

/** Drops a list's oldest unshown pages beyond KEPT_LIST_PAGES whenever a page is added. */
function keepFewListPages(client: QueryClient) {
  const cache = client.getQueryCache();
  cache.subscribe((event) => {
    // Keys are [domain, 'list', search] (query-keys.ts).
    if (event.type !== 'added' || event.query.queryKey[1] !== 'list') return;
    const unshown = cache
      .findAll({ queryKey: event.query.queryKey.slice(0, 2), type: 'inactive' })
      // A page on its way (the next page's prefetch) is kept: it is about to be asked for.
      .filter((q) => q.state.fetchStatus === 'idle' && q !== event.query)
      .sort(byLastAnswer);
    for (const query of unshown.slice(0, Math.max(0, unshown.length - KEPT_LIST_PAGES))) cache.remove(query);
  });
}
const byLastAnswer = (a: Query, b: Query) => a.state.dataUpdatedAt - b.state.dataUpdatedAt;

/** A fresh client per app (and per test), with the product's defaults. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Every failure is already shown to the user; a silent retry would show it twice.
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  keepFewListPages(client);
  return client;
}
