import { useSyncExternalStore } from 'react';
import { afterPaint } from '../../lib/after-paint';

/*
 * A list change is shown first and written to the URL after its frame (issue 26, record 090).
 *
 * The URL is the list's state, and the router's navigation was the way a change reached the
 * screen: a navigation runs the router's whole load (location, matches, the loader, renders
 * of its own state) and the history entry before the list renders its new rows. Timed in
 * the page, the rows' render began 3–8 ms after the response. Here the list renders the
 * change at once from this store; the navigation follows after the frame, and once the
 * router holds the new state, the list reads the router's again, which is then the same.
 */

/** The router a list is on: where it is now (its history moves as a navigation starts). */
export interface ListRouter {
  history: { location: { pathname: string } };
}

interface Shown {
  router: ListRouter;
  /** The page the change was made on: another page ignores it, and it isn't written there. */
  path: string;
  search: unknown;
  /** Writes it to the URL now (once), answering when the router holds it; a later change writes this one first, in order. */
  write: () => Promise<void>;
}

let shown: Shown | undefined;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => shown;

/**
 * Shows `search` on the list of the router's page now and calls `navigate` after the frame
 * that shows it. The change stays shown until its navigation has ended (the router then
 * holds it).
 */
export function showSearch(router: ListRouter, search: unknown, navigate: () => Promise<void>): void {
  void shown?.write();
  const path = router.history.location.pathname;
  let written: Promise<void> | undefined;
  const entry: Shown = {
    router,
    path,
    search,
    write: () => {
      if (written) return written;
      cancel();
      // Left for another page in the meantime: this page's change isn't written there.
      written =
        router.history.location.pathname === path ? navigate().finally(drop) : Promise.resolve(drop());
      return written;
    },
  };
  const drop = () => {
    if (shown !== entry) return;
    shown = undefined;
    changed();
  };
  shown = entry;
  const cancel = afterPaint(() => void entry.write(), { latestMs: 100 });
  changed();
}

/**
 * Writes the change on its way to the URL now, answering once the router holds it: a row
 * opened right after a change must leave from the list's new URL, which the way back to
 * the list remembers (lib/list-return.ts).
 */
export function writeShownSearch(): Promise<void> {
  return shown?.write() ?? Promise.resolve();
}

/** The list state to show: a change on its way to the URL on the router's page, else the URL's (`routed`). */
export function useShownSearch<S>(router: ListRouter, routed: S): S {
  const entry = useSyncExternalStore(subscribe, current, current);
  return entry?.router === router && entry.path === router.history.location.pathname
    ? (entry.search as S)
    : routed;
}
