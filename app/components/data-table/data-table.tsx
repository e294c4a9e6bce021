import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { functionalUpdate, useTable, type RowData, type SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, Keyboard, RotateCw } from 'lucide-react';
import { DEFAULT_PAGE_SIZE, type Paged } from '#contract/lists';
import { notify } from '../../lib/events';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { usePrefetchingSearchChange } from './load-list';
import { Pagination } from './pagination';
import { RowActionsContext, type RowActionsContextValue, type RowLinkOptions } from './row-actions';
import { SearchBox } from './search-box';
import { ShortcutSheet } from './shortcut-sheet';
import { columnIdOf, dataTableFeatures, type DataColumn, type Viewer } from './table-features';
import { useRemoveRow, type RemoveCall } from './use-remove-row';
import type { ListSearch } from './url-state';

/** Spec §2: the question every list's Delete asks. */
export const DELETE_QUESTION = 'Are you sure you want to delete this row?';

export interface DataTableProps<
  T extends { id: number } & RowData,
  S extends ListSearch,
  K extends QueryKey = QueryKey,
> {
  /** The grid's accessible name, e.g. 'Orders'. */
  label: string;
  /** One row, in words: 'order' (messages, 'Delete order 1001'). */
  noun: string;
  columns: DataColumn<T>[];
  viewer: Viewer;
  /** The URL state (validated by the route). */
  search: S;
  /** Writes the URL state; `replace` for changes that shouldn't each make a history entry. */
  onSearchChange: (next: S, options?: { replace?: boolean }) => void;
  /** The list's query factory (xQueries.list), also used to prefetch the next page. */
  queryFor: (search: S) => UseQueryOptions<Paged<T>, Error, Paged<T>, K>;
  /** Columns the server sorts by (contract/lists.ts); other columns get no sort button. */
  sortColumns: readonly string[];
  /** The order the server uses when the URL names none (shown in aria-sort). */
  defaultSort?: { id: string; desc: boolean };
  /** Where Enter (and the Edit link) takes a row. */
  rowLink: (row: T) => RowLinkOptions;
  /** A row in words, e.g. 'order 1001'. */
  rowLabel: (row: T) => string;
  /** The remove call behind the Delete column, and what to refresh after it. */
  remove: { endpoint: RemoveCall; invalidate: QueryKey };
  searchLabel: string;
  searchPlaceholder?: string;
  /** Extra filter controls beside the search box. */
  filters?: ReactNode;
  /**
   * Refresh the shown page in the background this often (ms) while the tab is visible
   * (live data): rows keep their identity (keyed by id), no skeleton or dimming, and the
   * active row and focus follow the row, not its position.
   */
  refetchInterval?: number;
  /** Whether any filter beyond the search is set (the empty state offers to clear them). */
  filtersActive?: boolean;
  onClearFilters?: () => void;
}

const NO_ROWS: never[] = [];

/*
 * The focused row's ring, drawn with inset shadows on its cells: Chromium doesn't paint an
 * outline on a <tr>, and a shadow takes no space, so focus never shifts the layout.
 */
// Written out whole: Tailwind finds classes by scanning for complete literal names. #4f46e5 is
// accent-600 (the JS theme's colours aren't CSS variables, so var(--color-accent-600) is empty).
const ROW_FOCUS =
  '[&:focus-visible>td]:shadow-[inset_0_2px_0_#4f46e5,inset_0_-2px_0_#4f46e5] ' +
  '[&:focus-visible>td:first-child]:shadow-[inset_2px_2px_0_#4f46e5,inset_0_-2px_0_#4f46e5] ' +
  '[&:focus-visible>td:last-child]:shadow-[inset_-2px_2px_0_#4f46e5,inset_0_-2px_0_#4f46e5]';
const SKELETON_ROWS = 8;

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** The sorted column's arrow. Unsorted columns show none: nine idle icons would cost a laptop its last two columns. */
function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  if (!sorted) return null;
  const Icon = sorted === 'asc' ? ArrowUp : ArrowDown;
  return <Icon aria-hidden="true" className="size-3.5 shrink-0 text-accent-700" />;
}

/**
 * The one table behind every list (ARCHITECTURE.md): TanStack Table for columns and
 * sort state, the server for paging, sorting and filtering (manual modes), the URL for
 * state, TanStack Query for data (the previous page stays on screen, dimmed, while the
 * next one loads; the page after is prefetched). A grid with one active row: arrows or
 * j/k move, Enter opens, PageUp/PageDown or [ ] page, / searches, ? lists the keys.
 */
export function DataTable<T extends { id: number } & RowData, S extends ListSearch, K extends QueryKey>(
  props: DataTableProps<T, S, K>,
) {
  const { search, onSearchChange, queryFor, viewer, noun } = props;
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...queryFor(search),
    placeholderData: keepPreviousData,
    refetchInterval: props.refetchInterval ?? false,
    // A hidden tab stops asking (react-query pauses the interval while document.hidden).
    refetchIntervalInBackground: false,
  });
  const data = query.data;
  const rows = data?.rows ?? (NO_ROWS as T[]);
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // Dimmed only while the rows shown are another query's (a new page, sort or filter on its
  // way) or a retry after an error: a background refresh of the same page shows nothing,
  // so a list that refreshes every few seconds never flickers.
  const busy = query.isPlaceholderData || (query.isFetching && query.isError);

  // Role-aware columns: a column the viewer may not see doesn't exist for them (not merely hidden).
  const { role, isAddCategoryItems } = viewer;
  const { columns: allColumns, sortColumns } = props;
  const columns = useMemo(
    () =>
      allColumns
        .filter((column) => column.meta?.visibleTo?.({ role, isAddCategoryItems }) ?? true)
        .map((column) => ({ ...column, enableSorting: sortColumns.includes(columnIdOf(column)) })),
    [allColumns, sortColumns, role, isAddCategoryItems],
  );
  const canDelete = columns.some((column) => columnIdOf(column) === 'delete');

  const { defaultSort } = props;
  const sorting = useMemo<SortingState>(
    () =>
      search.sort ? [{ id: search.sort, desc: search.order === 'desc' }] : defaultSort ? [defaultSort] : [],
    [search.sort, search.order, defaultSort],
  );

  // Sort, page and search changes start their call before the navigation (load-list.ts).
  const changeSearch = usePrefetchingSearchChange(queryFor, onSearchChange);
  const update = useCallback(
    (patch: Partial<ListSearch>, options?: { replace?: boolean }) =>
      changeSearch({ ...search, ...patch }, options),
    [changeSearch, search],
  );
  const goToPage = useCallback(
    (target: number) => {
      const next = Math.min(Math.max(1, target), pageCount);
      if (next !== page) update({ page: next });
    },
    [pageCount, page, update],
  );

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId: (row) => String(row.id),
    state: { sorting, pagination: { pageIndex: page - 1, pageSize } },
    onSortingChange: (updater) => {
      const first = functionalUpdate(updater, sorting)[0];
      update({ sort: first?.id, order: first?.desc ? 'desc' : 'asc', page: 1 });
    },
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, { pageIndex: page - 1, pageSize });
      update({ page: next.pageIndex + 1, pageSize: next.pageSize });
    },
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    enableMultiSort: false,
    sortDescFirst: false,
    // With a default order there is always a sort: the cycle is asc ⇄ desc, never "none".
    enableSortingRemoval: !defaultSort,
  });

  // ---- The next page, before it is asked for.
  useEffect(() => {
    if (!data || query.isPlaceholderData || page >= pageCount) return;
    void queryClient.prefetchQuery(queryFor({ ...search, page: page + 1 }));
  }, [data, query.isPlaceholderData, search, page, pageCount, queryClient, queryFor]);

  // ---- A page past the end (last row deleted, an old link): go to the last page there is.
  useEffect(() => {
    if (!data || query.isPlaceholderData) return;
    if (data.rows.length === 0 && data.total > 0 && page > 1)
      onSearchChange({ ...search, page: Math.ceil(data.total / pageSize) }, { replace: true });
  }, [data, query.isPlaceholderData, search, page, pageSize, onSearchChange]);

  // ---- The active row, and keeping focus on it across reloads.
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const gridHasFocus = useRef(false);
  // The active row is kept by id, so a background refresh that reorders or drops rows
  // keeps it on the same order (by position only if that row is gone).
  const [activeRow, setActiveRow] = useState<{ id: string | null; index: number }>({ id: null, index: 0 });
  const setActiveIndex = useCallback(
    (index: number) => setActiveRow({ id: rows[index] ? String(rows[index].id) : null, index }),
    [rows],
  );
  const stateKey = JSON.stringify(search);
  const [shownStateKey, setShownStateKey] = useState(stateKey);
  if (shownStateKey !== stateKey) {
    // New page, sort or filter: start from the top (adjusting state during render).
    setShownStateKey(stateKey);
    setActiveRow({ id: null, index: 0 });
  }
  const byId = activeRow.id === null ? -1 : rows.findIndex((row) => String(row.id) === activeRow.id);
  const active = rows.length ? (byId >= 0 ? byId : Math.min(activeRow.index, rows.length - 1)) : -1;
  const activeRowId = active >= 0 ? String(rows[active]!.id) : null;

  const focusRow = useCallback((index: number) => {
    bodyRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`)?.focus();
  }, []);

  // Focus follows the active row across reloads. Rows are keyed by position, so when a
  // refresh moves the active order to another position, focus moves with it; a new page,
  // sort or filter starts again at row 0. Focus elsewhere on the page is left alone.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!gridHasFocus.current || !body || active < 0) return;
    const current = document.activeElement;
    const inBody = !!current && body.contains(current);
    if (current && current !== document.body && !inBody) return;
    if (inBody && body.querySelector(`tr[data-index="${active}"]`)?.contains(current)) return;
    focusRow(active);
  }, [rows, active, focusRow]);

  const move = (index: number) => {
    if (!rows.length) return;
    const next = Math.min(Math.max(0, index), rows.length - 1);
    setActiveIndex(next);
    focusRow(next);
  };

  // ---- Delete.
  const [toDelete, setToDelete] = useState<T | null>(null);
  const refocusAfterDialog = useRef(false);
  const removal = useRemoveRow({
    endpoint: props.remove.endpoint,
    invalidate: props.remove.invalidate,
    onSuccess: () => {
      notify({ tone: 'success', message: `The ${noun} was deleted.` });
      refocusAfterDialog.current = true;
      setToDelete(null);
    },
  });
  const requestDelete = useCallback(
    (row: unknown) => {
      removal.reset();
      setToDelete(row as T);
    },
    [removal],
  );
  useEffect(() => {
    if (toDelete || !refocusAfterDialog.current) return;
    refocusAfterDialog.current = false;
    gridHasFocus.current = true;
    if (active >= 0) focusRow(active);
  }, [toDelete, active, focusRow]);

  const { rowLabel, rowLink } = props;
  const actions = useMemo<RowActionsContextValue>(
    () => ({ activeRowId, requestDelete, rowLabel: (row) => rowLabel(row as T) }),
    [activeRowId, requestDelete, rowLabel],
  );

  // ---- Page-wide keys: / search, ? shortcuts, [ ] pages (never while typing or in a dialog).
  const searchRef = useRef<HTMLInputElement>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isEditable(event.target) || document.querySelector('dialog[open]')) return;
      if (event.key === '/') searchRef.current?.focus();
      else if (event.key === '?') setShortcutsOpen(true);
      else if (event.key === '[') goToPage(page - 1);
      else if (event.key === ']') goToPage(page + 1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [goToPage, page]);

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // On a link or button inside the row only the row-to-row moves apply; Enter is theirs.
    const onRow = event.target === event.currentTarget;
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'j':
      case 'k':
      case 'Home':
      case 'End':
      case 'Enter':
      case 'Delete':
        if (!onRow) return;
        if (event.key === 'j') move(index + 1);
        else if (event.key === 'k') move(index - 1);
        else if (event.key === 'Home') move(0);
        else if (event.key === 'End') move(rows.length - 1);
        else if (event.key === 'Enter') void navigate(rowLink(row));
        else if (canDelete) requestDelete(row);
        else return;
        break;
      case 'PageDown':
        goToPage(page + 1);
        break;
      case 'PageUp':
        goToPage(page - 1);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  // ---- Rendering.
  const headerGroups = table.getHeaderGroups();
  const columnCount = columns.length;
  const searching = search.q !== '' || !!props.filtersActive;
  const firstRowNumber = (page - 1) * pageSize;

  let body: ReactNode;
  if (!data) {
    body = Array.from({ length: Math.min(pageSize, SKELETON_ROWS) }, (_, i) => (
      <tr key={i} aria-hidden="true" className="border-t border-zinc-100">
        {columns.map((column) => (
          <td key={columnIdOf(column)} className="px-3 py-3">
            <span className="block h-4 w-full max-w-32 animate-pulse rounded bg-zinc-200" />
          </td>
        ))}
      </tr>
    ));
  } else if (!rows.length) {
    body = (
      <tr>
        <td colSpan={columnCount} className="px-4 py-12 text-center text-zinc-600">
          <p className="font-medium text-zinc-800">
            {searching ? `No ${noun}s match your search or filters.` : `There are no ${noun}s yet.`}
          </p>
          {searching ? (
            <button
              type="button"
              className="btn-secondary mt-4"
              onClick={() => {
                props.onClearFilters?.();
                if (!props.onClearFilters) update({ q: '', page: 1 });
              }}
            >
              Clear search and filters
            </button>
          ) : null}
        </td>
      </tr>
    );
  } else {
    // Keyed by position, not by row id: a new page, sort or filter then rewrites the text
    // of the same 25 <tr>/<td> elements instead of removing them and building 25 new ones
    // with every class attribute set again (bench:ui CPU profile: setAttribute, removeChild
    // and appendChild were the largest script costs of a sort). The active row is kept by id
    // above and focus follows it (the layout effect); cells hold no state of their own.
    body = table.getRowModel().rows.map((row, index) => (
      <tr
        key={index}
        data-index={index}
        aria-rowindex={firstRowNumber + index + 2}
        tabIndex={index === active ? 0 : -1}
        className={`border-t border-zinc-100 outline-none ${ROW_FOCUS} ${index === active ? 'bg-accent-50/60' : 'hover:bg-zinc-50'}`}
        onFocus={() => setActiveIndex(index)}
        onKeyDown={(event) => onRowKeyDown(event, index, row.original)}
      >
        {row.getAllCells().map((cell) => (
          <td
            key={cell.column.id}
            className={`px-2 py-2 ${cell.column.columnDef.meta?.wrap ? 'min-w-24' : 'whitespace-nowrap'} ${cell.column.columnDef.meta?.align === 'end' ? 'text-right tabular-nums' : ''}`}
          >
            <table.FlexRender cell={cell} />
          </td>
        ))}
      </tr>
    ));
  }

  const failedWithoutRows = query.isError && !data;

  return (
    <RowActionsContext value={actions}>
      <div className="mb-4 flex flex-wrap items-end gap-x-4 gap-y-3">
        <SearchBox
          inputRef={searchRef}
          value={search.q}
          label={props.searchLabel}
          placeholder={props.searchPlaceholder}
          onSearch={(q) => update({ q, page: 1 }, { replace: true })}
        />
        {props.filters}
        <button
          type="button"
          className="btn-ghost ml-auto"
          aria-keyshortcuts="?"
          onClick={() => setShortcutsOpen(true)}
        >
          <Keyboard aria-hidden="true" className="size-4" />
          Shortcuts
        </button>
      </div>

      {query.isError && data ? (
        <div
          role="alert"
          className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <span>Showing the previous rows: the latest could not be loaded. {query.error.message}</span>
          <button type="button" className="btn-secondary h-8" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden="true" className="size-4" />
            Try again
          </button>
        </div>
      ) : null}

      <div className="card overflow-hidden">
        {failedWithoutRows ? (
          <div role="alert" className="px-4 py-12 text-center">
            <p className="font-medium text-zinc-900">The {noun}s could not be loaded.</p>
            <p className="mt-1 text-zinc-600">{query.error.message}</p>
            <button type="button" className="btn-primary mt-4" onClick={() => void query.refetch()}>
              <RotateCw aria-hidden="true" className="size-4" />
              Try again
            </button>
          </div>
        ) : (
          <div className="overflow-x-auto">
            {!data ? (
              <p role="status" className="sr-only">
                Loading {noun}s…
              </p>
            ) : null}
            <table
              role="grid"
              aria-label={props.label}
              aria-rowcount={data ? total + 1 : -1}
              aria-busy={busy || !data}
              className="w-full border-collapse text-left text-[0.8125rem] leading-5"
            >
              <thead className="bg-zinc-50 text-xs font-semibold text-zinc-700">
                {headerGroups.map((group) => (
                  <tr key={group.id} aria-rowindex={1}>
                    {group.headers.map((header) => {
                      const column = header.column;
                      const sorted = column.getIsSorted();
                      const canSort = column.getCanSort();
                      const end = column.columnDef.meta?.align === 'end';
                      return (
                        <th
                          key={header.id}
                          scope="col"
                          aria-sort={
                            sorted === 'asc'
                              ? 'ascending'
                              : sorted === 'desc'
                                ? 'descending'
                                : canSort
                                  ? 'none'
                                  : undefined
                          }
                          className={`px-2 py-2 align-bottom ${end ? 'text-right' : ''}`}
                        >
                          {canSort ? (
                            <button
                              type="button"
                              className={`-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 py-0.5 font-semibold underline-offset-2 hover:bg-zinc-200/60 hover:underline hover:text-zinc-900 ${end ? 'flex-row-reverse text-right' : 'text-left'}`}
                              onClick={column.getToggleSortingHandler()}
                            >
                              <table.FlexRender header={header} />
                              <SortIcon sorted={sorted} />
                            </button>
                          ) : (
                            <table.FlexRender header={header} />
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody
                ref={bodyRef}
                className={`transition-opacity duration-150 ${busy ? 'opacity-60' : ''}`}
                onFocus={() => {
                  gridHasFocus.current = true;
                }}
                onBlur={(event) => {
                  // Focus moving elsewhere on purpose releases the grid; a row vanishing (relatedTarget null) doesn't.
                  if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node))
                    gridHasFocus.current = false;
                }}
              >
                {body}
              </tbody>
            </table>
          </div>
        )}
        <Pagination
          page={page}
          pageSize={pageSize}
          total={total}
          pageCount={pageCount}
          noun={props.label}
          busy={busy}
          onPage={goToPage}
          onPageSize={(size) => update({ pageSize: size, page: 1 })}
        />
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete ${toDelete ? rowLabel(toDelete) : noun}`}
        confirmLabel="Delete"
        destructive
        busy={removal.isPending}
        error={removal.error?.message ?? null}
        onConfirm={() => {
          if (toDelete && !removal.isPending) removal.mutate(toDelete.id);
        }}
        onCancel={() => {
          refocusAfterDialog.current = true;
          setToDelete(null);
        }}
      >
        {DELETE_QUESTION}
      </ConfirmDialog>
      <ShortcutSheet open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </RowActionsContext>
  );
}
