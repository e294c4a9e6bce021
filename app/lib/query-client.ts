import { notifyManager, QueryClient } from '@tanstack/react-query';

/*
 * Query results reach the components in a microtask after the response is read, not in a
 * setTimeout(0) task (the library's default): a task waits behind whatever the browser has
 * queued, a frame included, so new rows could miss the next frame (issue 26). Notifications
 * made in one task are still batched into one render.
 */
notifyManager.setScheduler(queueMicrotask);

/** A fresh client per app (and per test), with the product's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
