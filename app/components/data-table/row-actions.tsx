import type { LinkOptions, useRouter } from '@tanstack/react-router';
import type { DisplayColumnDef, RowData } from '@tanstack/react-table';
import { i18n, params, useT } from '../../lib/i18n';
import { KEPT_LIST_PAGES } from '../../lib/query-client';
import type { DataTableFeatures, RowCell, Viewer } from './table-features';

const messages = i18n('data-table/row-actions', {
  delete: 'Delete',
  edit: 'Edit',
  // A row's link on a list whose rows are read, not edited, there (the audit trail's).
  open: 'Open',
  deleteRow: params('Delete {row}'),
  // A link's name: its header (Edit, Clone) and the row.
  linkRow: params('{action} {row}'),
});

/** The row actions' words (the table's RowKit carries them, read with `useRowActionWords`). */
export type RowActionWords = ReturnType<(typeof messages)['get']>;
export const useRowActionWords = () => useT(messages);

/** Where a row's link goes: typed options from `linkOptions({ to, params, search })`. */
export type RowLinkOptions = LinkOptions;

/** The word of a list's row link (the column's header): Edit, or Open where rows are only read. */
export type RowLinkWord = 'edit' | 'open';

/**
 * A row link's href, built once per destination: it never depends on the page it is on.
 * Kept for as many rows as the pages a list keeps hold (KEPT_LIST_PAGES of up to 100 rows),
 * then started again. Kept up to 5,000, they were some 0.2–0.4 MB of the list's heap after
 * a day of paging, for rows no page kept any more (issue 26's heap goal; record 084).
 */
const MOST_HREFS = KEPT_LIST_PAGES * 100;
const hrefs = new Map<string, string>();
function hrefOf(router: ReturnType<typeof useRouter>, link: RowLinkOptions): string {
  const key = JSON.stringify([link.to, link.params, link.search]);
  let href = hrefs.get(key);
  if (href === undefined) {
    if (hrefs.size >= MOST_HREFS) hrefs.clear();
    hrefs.set(key, (href = router.buildLocation(link).publicHref));
  }
  return href;
}

// On a phone's card an action is a finger's width tall (the desktop grid keeps its compact rows).
const ACTION_TAP = 'max-md:inline-flex max-md:min-h-10 max-md:items-center max-md:px-1';

/** A row's Delete button: asks first (the table's confirmation), named by the row. */
function deleteButton({ active, label, kit }: RowCell, row: unknown) {
  const t = kit.words.actions;
  return (
    <button
      type="button"
      className={`link text-red-700 ${ACTION_TAP}`}
      aria-label={t.deleteRow({ row: label })}
      tabIndex={active ? undefined : -1}
      onClick={() => kit.requestDelete(row)}
    >
      {t.delete}
    </button>
  );
}

/** A link's preload waiting out its 50 ms, by anchor (hover, focus or touch). */
const preloads = new WeakMap<Element, ReturnType<typeof setTimeout>>();

/**
 * A row's link cell: the row's typed link (`linkOptions({ to, params, search })`) as a real
 * anchor (open in a new tab works), named by its header and the row ("Edit order 1001"). A
 * plain click navigates in the app naming the row it came from (history state `listRow`, so
 * coming back focuses it: list-return.ts), and hovering or focusing it loads the record
 * ahead (the router's preload, after the same 50 ms as its links). Not the router's <Link>:
 * each of those rebuilds its location on every navigation, 25 rows a page, even when its
 * row doesn't render again (issue 26; record 072). An element of the row's render, not a
 * component (record 088). It leaves the Tab order unless its row is the active one (the
 * grid moves between rows with the arrow keys).
 */
function linkCell(
  { active, label, kit }: RowCell,
  rowId: string,
  header: string,
  link: RowLinkOptions | undefined,
) {
  if (!link) return null;
  const { router } = kit;
  const intent = (event: React.SyntheticEvent) => {
    const anchor = event.currentTarget;
    if (preloads.has(anchor)) return;
    preloads.set(
      anchor,
      setTimeout(() => void router.preloadRoute(link).catch(() => undefined), 50),
    );
  };
  const cancel = (event: React.SyntheticEvent) => {
    clearTimeout(preloads.get(event.currentTarget));
    preloads.delete(event.currentTarget);
  };
  return (
    <a
      href={hrefOf(router, link)}
      className={`link ${ACTION_TAP}`}
      aria-label={kit.words.actions.linkRow({ action: header, row: label })}
      tabIndex={active ? undefined : -1}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void router.navigate({ ...link, state: { listRow: rowId } });
      }}
      onMouseEnter={intent}
      onFocus={intent}
      onTouchStart={intent}
      onMouseLeave={cancel}
      onBlur={cancel}
    >
      {header}
    </a>
  );
}

/** An action column that links each row somewhere (Edit, Clone); a row without a link has an empty cell. */
export function linkColumn<T extends RowData>(opts: {
  id: string;
  header: string;
  link: (row: T) => RowLinkOptions | undefined;
  visibleTo?: (viewer: Viewer) => boolean;
}): DisplayColumnDef<DataTableFeatures, T> {
  return {
    id: opts.id,
    header: opts.header,
    enableSorting: false,
    meta: opts.visibleTo ? { visibleTo: opts.visibleTo, action: true } : { action: true },
    cell: (ctx, row?: RowCell) =>
      row ? linkCell(row, ctx.row.id, opts.header, opts.link(ctx.row.original)) : null,
  };
}

/**
 * The Edit (or Open) column: each row's link, named in the reader's language when the list
 * is made (as Delete); a row without one has none.
 */
export function editColumn<T extends RowData>(
  link: (row: T) => RowLinkOptions | undefined,
  word: RowLinkWord = 'edit',
) {
  return linkColumn<T>({ id: word, header: messages.get()[word], link });
}

/**
 * The Delete column: asks first (ConfirmDialog), then calls the list's remove call. Its
 * header is the language's at the call: a list makes its columns in a hook keyed on its
 * own words, so they are made again when the language changes.
 */
export function deleteColumn<T extends RowData>(opts: {
  visibleTo: (viewer: Viewer) => boolean;
}): DisplayColumnDef<DataTableFeatures, T> {
  return {
    id: 'delete',
    header: messages.get().delete,
    enableSorting: false,
    meta: { visibleTo: opts.visibleTo, action: true },
    cell: (ctx, row?: RowCell) => (row ? deleteButton(row, ctx.row.original) : null),
  };
}
