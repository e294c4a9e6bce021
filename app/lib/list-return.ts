import type { AnyRouter } from '@tanstack/react-router';

/*
 * Back to the list the user came from. Opening a record from a list (Enter, click, the Edit
 * link, anything) remembers that list's exact URL — filters, sort, page, search, snapshot —
 * under the record's path; Save, Cancel, Escape or the browser's Back return to it, and the
 * list puts its active row (and focus) on the record that was open. Kept per tab in session
 * storage so a reload of the record's page still knows its way back. The record screens'
 * hooks are in list-return-hooks.ts: this part runs on every page, /login included.
 */

const KEY = 'list-return';
const KEEP = 30;

/** Every list screen's path starts so (/listorders, /listitems, …). */
const isList = (pathname: string) => pathname.startsWith('/list');
/** The record a detail path names: its last numeric segment (/order/edit/42 → '42'). */
const recordIdOf = (pathname: string) => /\/(\d+)\/?$/.exec(pathname)?.[1] ?? null;

type Returns = [detailPath: string, listHref: string][];

function read(): Returns {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Returns) : [];
  } catch {
    return [];
  }
}

function write(returns: Returns) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(returns.slice(-KEEP)));
  } catch {
    // Storage full or off: the way back falls back to the plain list.
  }
}

/** The list a record's page was opened from, if this tab remembers it. */
export const listOf = (detailPath: string) => read().find(([path]) => path === detailPath)?.[1];

let focusOnArrival: { href: string; rowId: string } | null = null;

/** Watches navigations: list → record remembers the list; record → that same list focuses the record's row. */
export function trackListReturns(router: AnyRouter): () => void {
  return router.subscribe('onBeforeNavigate', ({ fromLocation, toLocation }) => {
    if (!fromLocation) return;
    if (isList(fromLocation.pathname) && !isList(toLocation.pathname)) {
      write([
        ...read().filter(([path]) => path !== toLocation.pathname),
        [toLocation.pathname, fromLocation.href],
      ]);
    }
    if (isList(toLocation.pathname) && !isList(fromLocation.pathname)) {
      const rowId = recordIdOf(fromLocation.pathname);
      focusOnArrival =
        rowId && listOf(fromLocation.pathname) === toLocation.href ? { href: toLocation.href, rowId } : null;
    }
  });
}

/** The row a list arriving at `href` should make active and focus (once), if it came back from it. */
export function takeArrivalFocus(href: string): string | null {
  const pending = focusOnArrival;
  if (!pending || pending.href !== href) return null;
  focusOnArrival = null;
  return pending.rowId;
}
