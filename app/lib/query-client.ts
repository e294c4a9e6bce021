import { QueryClient } from '@tanstack/react-query';

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
