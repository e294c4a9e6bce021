import type { QueryClient } from '@tanstack/react-query';

/**
 * What every route's loader and beforeLoad receive. The QueryClient is loaded, not given:
 * the sign-in page never needs react-query (record 025 weighs it), so it loads with the signed-in
 * routes (`_authed`'s beforeLoad puts it in their context as `queryClient`).
 */
export interface RouterContext {
  /** The app's one QueryClient, loading react-query on the first call. */
  loadQueryClient: () => Promise<QueryClient>;
  /** The QueryClient if it has been loaded (signing out clears it; nothing to clear otherwise). */
  loadedQueryClient: () => QueryClient | undefined;
}
