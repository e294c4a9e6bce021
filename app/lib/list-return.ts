import type { AnyRouter } from '@tanstack/react-router';

/*
 * Back to the list the user came from. Opening a record from a list (Enter, click, the Edit
 * link, anything) remembers that list's exact URL — filters, sort, page, search, snapshot —
 * under the record's path; Save, Cancel, Escape or the browser's Back return to it, and the
 * list puts its active row (and focus) on the row that was opened: the one the navigation
 * named (history state `listRow`, which the list kit's row links set), else the row whose id
 * is the record's (a list of records, opened another way). A row is not always its record:
 * an audit trail's entry opens the record it names. Kept per tab in session storage so a
 * reload of the record's page still knows its way back. The record screens' hooks are in
 * list-return-hooks.ts: this part runs on every page, /login included.
 */

declare module '@tanstack/history' {
  interface HistoryState {
    /** The id of the list row a record was opened from (list-return.ts). */
    listRow?: string;
  }
}

const KEY = 'list-return';
const KEEP = 30;

/** Every list screen's path starts so (/listorders, /listitems, …). */
const isList = (pathname: string) => pathname.startsWith('/list');
/** The record a detail path names: its last numeric segment (/order/edit/42 → '42'). */
const recordIdOf = (pathname: string) => /\/(\d+)\/?$/.exec(pathname)?.[1] ?? null;

type Returns = [detailPath: string, listHref: string, rowId?: string][];

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

const returnOf = (detailPath: string) => read().find(([path]) => path === detailPath);

/** The list a record's page was opened from, if this tab remembers it. */
export const listOf = (detailPath: string) => returnOf(detailPath)?.[1];

let focusOnArrival: { href: string; rowId: string } | null = null;

/** Watches navigations: list → record remembers the list; record → that same list focuses the record's row. */
export function trackListReturns(router: AnyRouter): () => void {
  return router.subscribe('onBeforeNavigate', ({ fromLocation, toLocation }) => {
    if (!fromLocation) return;
    if (isList(fromLocation.pathname) && !isList(toLocation.pathname)) {
      const { listRow } = toLocation.state;
      const opened: Returns[number] = [toLocation.pathname, fromLocation.href];
      if (listRow) opened.push(listRow);
      write([...read().filter(([path]) => path !== toLocation.pathname), opened]);
    }
    if (isList(toLocation.pathname) && !isList(fromLocation.pathname)) {
      const [, listHref, listRow] = returnOf(fromLocation.pathname) ?? [];
      const rowId = listRow ?? recordIdOf(fromLocation.pathname);
      focusOnArrival = rowId && listHref === toLocation.href ? { href: toLocation.href, rowId } : null;
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
