import { createContext, use, useRef } from 'react';
import { useRouter, type LinkOptions } from '@tanstack/react-router';
import type { DisplayColumnDef, RowData } from '@tanstack/react-table';
import { i18n, params, useT } from '../../lib/i18n';
import { KEPT_LIST_PAGES } from '../../lib/query-client';
import type { DataTableFeatures, Viewer } from './table-features';

const messages = i18n('data-table/row-actions', {
  delete: 'Delete',
  edit: 'Edit',
  // A row's link on a list whose rows are read, not edited, there (the audit trail's).
  open: 'Open',
  deleteRow: params('Delete {row}'),
  // A link's name: its header (Edit, Clone) and the row.
  linkRow: params('{action} {row}'),
});

/** What action cells need from the table around them. */
export interface RowActionsContextValue {
  /** Opens the delete confirmation for a row. */
  requestDelete: (row: unknown) => void;
  /** 'order 1001', for names such as 'Delete order 1001'. */
  rowLabel: (row: unknown) => string;
}

export const RowActionsContext = createContext<RowActionsContextValue | null>(null);

/**
 * Whether the row around a cell is the active one (null outside a row). Its own context, set
 * by each row: a new active row re-renders the two rows concerned, not every action cell.
 */
export const RowActiveContext = createContext<boolean | null>(null);

function useRowActions() {
  const ctx = use(RowActionsContext);
  if (!ctx) throw new Error('Row actions render inside a DataTable');
  return ctx;
}

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

function DeleteButton({ row }: { row: unknown }) {
  const t = useT(messages);
  const ctx = useRowActions();
  return (
    <button
      type="button"
      className={`link text-red-700 ${ACTION_TAP}`}
      aria-label={t.deleteRow({ row: ctx.rowLabel(row) })}
      tabIndex={use(RowActiveContext) === false ? -1 : undefined}
      onClick={() => ctx.requestDelete(row)}
    >
      {t.delete}
    </button>
  );
}

/**
 * A row's link cell: the row's typed link (`linkOptions({ to, params, search })`) as a real
 * anchor (open in a new tab works), named by its header and the row ("Edit order 1001"). A
 * plain click navigates in the app naming the row it came from (history state `listRow`, so
 * coming back focuses it: list-return.ts), and hovering or focusing it loads the record
 * ahead (the router's preload, after the same 50 ms as its links). Not the router's <Link>:
 * each of those rebuilds its location on every navigation, 25 rows a page, even when its
 * row doesn't render again (issue 26; record 072). One component, not a cell around an
 * anchor: 25 fewer to render on every new page. It leaves the Tab order unless its row is
 * the active one (the grid moves between rows with the arrow keys).
 */
function LinkCell({
  row,
  rowId,
  header,
  link,
}: {
  row: unknown;
  rowId: string;
  header: string;
  link: RowLinkOptions | undefined;
}) {
  const t = useT(messages);
  const ctx = useRowActions();
  const router = useRouter();
  const inactive = use(RowActiveContext) === false;
  const preload = useRef<ReturnType<typeof setTimeout>>(undefined);
  if (!link) return null;
  const intent = () => {
    preload.current ??= setTimeout(() => void router.preloadRoute(link).catch(() => undefined), 50);
  };
  const cancel = () => {
    clearTimeout(preload.current);
    preload.current = undefined;
  };
  return (
    <a
      href={hrefOf(router, link)}
      className={`link ${ACTION_TAP}`}
      aria-label={t.linkRow({ action: header, row: ctx.rowLabel(row) })}
      tabIndex={inactive ? -1 : undefined}
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
    cell: (ctx) => (
      <LinkCell
        row={ctx.row.original}
        rowId={ctx.row.id}
        header={opts.header}
        link={opts.link(ctx.row.original)}
      />
    ),
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
    cell: (ctx) => <DeleteButton row={ctx.row.original} />,
  };
}
