import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's md breakpoint (48rem = 768 px): below it a screen is laid out for a phone. */
export const WIDE_SCREEN = '(min-width: 48rem)';

/**
 * Whether `query` matches now, following changes (a rotated phone, a resized window). For
 * the few screens whose markup, not only their styling, differs on a phone. Where the
 * browser can't tell (no matchMedia, as in jsdom) the answer is `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback,
  );
}
