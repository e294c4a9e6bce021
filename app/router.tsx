import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ErrorContent, NotFoundContent } from './components/shell/status-screens';
import { clearSession, sessionEndReason } from './lib/auth/session';
import { on } from './lib/events';
import { trackListReturns } from './lib/list-return';
import { routeTree } from './route-tree.gen';

// Only the newest router reacts to a lost session and tracks list returns (tests build one per case).
let unbindSessionEnd: (() => void) | undefined;
let unbindListReturns: (() => void) | undefined;

/** Builds the app's router; tests pass a memory history and their own QueryClient. */
export function createAppRouter({
  queryClient,
  history,
}: {
  queryClient?: QueryClient;
  history?: RouterHistory;
} = {}) {
  // react-query stays off the sign-in page: the client (and query-core) loads with the first
  // signed-in route, once; the provider is the `_authed` layout's.
  let loaded = queryClient;
  let loading = queryClient && Promise.resolve(queryClient);
  const loadQueryClient = () =>
    (loading ??= import('./lib/query-client').then(
      ({ createQueryClient }) => (loaded = createQueryClient()),
      (error: unknown) => {
        // A failed chunk load (offline, a deploy in between) must not stick: the next navigation retries.
        loading = undefined;
        throw error;
      },
    ));

  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { loadQueryClient, loadedQueryClient: () => loaded },
    defaultPreload: 'intent',
    // TanStack Query owns freshness: the router always asks it, and it answers from cache when fresh.
    defaultPreloadStaleTime: 0,
    // Nor does the router keep the matches it left: a loader returns nothing of its own (the data
    // is in Query's cache), and each kept match held its aborted loader's controller and error
    // with a stack for 30 minutes — heap that grew with every page flipped (issue 26).
    defaultGcTime: 0,
    scrollRestoration: true,
    // A route's own failure shows where its screen would, inside the shell's main region
    // (the root's, outside any shell, are full pages: routes/__root.tsx).
    defaultErrorComponent: ErrorContent,
    defaultNotFoundComponent: NotFoundContent,
  });

  // lib/api-client announces a 401 on a call that carried a token: the session is over, sign in again.
  // Bound here rather than in a component so a 401 from the very first loader is caught too.
  unbindSessionEnd?.();
  unbindSessionEnd = on('unauthorized', () => {
    const { pathname, href } = router.state.location;
    const reason = sessionEndReason();
    clearSession();
    if (pathname === '/login') return;
    void router
      .navigate({ to: '/login', search: { redirect: href, reason }, replace: true })
      .then(() => loaded?.clear());
  });

  unbindListReturns?.();
  unbindListReturns = trackListReturns(router);

  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
