import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { functionalUpdate, useTable, type RowData, type SortingState } from '@tanstack/react-table';
import type { Paged } from '#contract/lists';
import type { ListLayout } from '#contract/list-views';
import { CARD_GROUP, CARD_TABLE } from './card-layout';
import { DEFAULT_LAYOUT, setWidth, tableLayoutState } from './column-layout';
import { CELL_PADDING, GridBody, type RowHandlers } from './grid-body';
import { useWords } from '../../lib/i18n';
import { useLatestCallback } from '../../lib/latest-callback';
import { takeArrivalFocus } from '../../lib/list-return';
import { pressOnSpaceDown } from './space-press';
import { DeleteRowDialog, useDeleteRow } from './delete-row-dialog';
import { filtersActive, FoldedFilters, noFilters, type ListFilter } from './filters';
import { GridHeader } from './grid-header';
import { LoadFailed, LoadingStatus, StaleRowsAlert } from './load-states';
import { useRowActionWords, type RowLinkOptions } from './row-actions';
import { columnIdOf, dataTableFeatures, type DataColumn, type RowKit, type Viewer } from './table-features';
import type { RemoveCall } from './use-remove-row';
import { ColumnsMenu, Pagination, SearchBox, ShortcutSheet, ShortcutsButton } from './toolbar-parts';
import { useGridKeyboard } from './use-grid-keyboard';
import { useListQuery } from './use-list-query';
import { useRowOpen } from './row-open';
import { useScreenFirst } from './screen-first';
import {
  selectColumn,
  SelectionBar,
  selectionKey,
  SelectionProvider,
  useSelectionContext,
  useSelectionWords,
  type Selection,
} from './selection';
import type { ListSearch } from './url-state';

export interface DataTableProps<
  T extends { id: number } & RowData,
  S extends ListSearch,
  K extends QueryKey = QueryKey,
> {
  /** The grid's accessible name, e.g. 'Orders'. */
  label: string;
  /** One row, in words: 'order' (messages, 'Delete order 1001'); said through the words table. */
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
  /** Where Enter, a click or tap on the row (and the Edit link) takes it; undefined: the row opens nothing. */
  rowLink: (row: T) => RowLinkOptions | undefined;
  /** A row in words, e.g. 'order 1001'. */
  rowLabel: (row: T) => string;
  /** The remove call behind the Delete column, and what to refresh after it (none: rows aren't removed). */
  remove?: { endpoint: RemoveCall; invalidate: QueryKey };
  searchLabel: string;
  searchPlaceholder?: string;
  /** The list's filters, as data (filters.tsx): rendered beside the search box. */
  filters?: readonly ListFilter<S>[];
  /**
   * Refresh the shown page in the background this often (ms) while the tab is visible
   * (live data): rows keep their identity (keyed by id), no skeleton or dimming, and the
   * active row and focus follow the row, not its position.
   */
  refetchInterval?: number;
  /**
   * The list's own actions (its Add button), at the end of the toolbar: after the search in
   * the Tab order, so the first stop after the page's heading is the search (issue 20).
   */
  actions?: ReactNode | ((total: number) => ReactNode);
  /**
   * Tabs over the rows (the orders' status tabs): between the toolbar and the table, so the
   * search stays the first stop after the heading; `panel` names the table as their panel.
   */
  tabs?: { list: ReactNode; panel: { id: string; 'aria-label'?: string; 'aria-labelledby'?: string } };
  /**
   * Row selection (selection.tsx): a checkbox column first, Space and Shift+↑/↓ on the rows,
   * and the bar with the list's bulk `actions` above the rows while anything is selected.
   */
  selection?: { state: Selection; actions: (total: number) => ReactNode };
  /**
   * The list's layout (column-layout.ts): columns shown, their order, widths and pins, and
   * the density; given, the toolbar offers the Columns menu and headers can be resized.
   */
  layout?: { value: ListLayout; onChange: (next: ListLayout) => void };
  /** More of the list's own controls (its saved views), first in the toolbar's end group. */
  tools?: ReactNode;
}

const NO_FILTERS: never[] = [];

/**
 * The one table behind every list (ARCHITECTURE.md): TanStack Table for columns and
 * sort state, the server for paging, sorting and filtering (manual modes), the URL for
 * state, TanStack Query for data (the previous page stays on screen, dimmed, while the
 * next one loads; the page after is prefetched). A grid with one active row: arrows or
 * j/k move, Enter (or a click or tap on the row) opens, PageUp/PageDown or [ ] page,
 * / searches, ? lists the keys. On a phone the same grid shows its rows as cards
 * (card-layout.ts) and folds its filters behind a button.
 */
export function DataTable<T extends { id: number } & RowData, S extends ListSearch, K extends QueryKey>(
  props: DataTableProps<T, S, K>,
) {
  const w = useWords();
  const { search, viewer } = props;
  const noun = w(props.noun);
  const { query, data, rows, total, page, pageSize, pageCount, busy, update, goToPage } = useListQuery(props);
  const router = useRouter();
  // Back from one of this list's records: that row is the active one (read once, on arrival).
  const [arrivalRowId] = useState(() => takeArrivalFocus(router.state.location.href));

  // Role-aware columns: a column the viewer may not see doesn't exist for them (not merely hidden).
  const { role, isAddCategoryItems } = viewer;
  const { columns: allColumns, sortColumns } = props;
  const selectable = props.selection !== undefined;
  const columns = useMemo(
    () => [
      ...(selectable ? [selectColumn<T>()] : []),
      ...allColumns
        .filter((column) => column.meta?.visibleTo?.({ role, isAddCategoryItems }) ?? true)
        .map((column) => ({ ...column, enableSorting: sortColumns.includes(columnIdOf(column)) })),
    ],
    [allColumns, sortColumns, role, isAddCategoryItems, selectable],
  );
  const canDelete = columns.some((column) => columnIdOf(column) === 'delete');

  const { defaultSort } = props;
  const sorting = useMemo<SortingState>(
    () =>
      search.sort ? [{ id: search.sort, desc: search.order === 'desc' }] : defaultSort ? [defaultSort] : [],
    [search.sort, search.order, defaultSort],
  );

  const layout = props.layout?.value ?? DEFAULT_LAYOUT;
  const columnIds = useMemo(() => columns.map((column) => columnIdOf(column)), [columns]);
  const layoutState = useMemo(() => tableLayoutState(layout, columnIds), [layout, columnIds]);
  const compact = layout.density === 'compact';

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId: (row) => String(row.id),
    state: { sorting, pagination: { pageIndex: page - 1, pageSize }, ...layoutState },
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

  const { rowLabel, rowLink } = props;
  const open = useRowOpen(rowLink);
  const deletion = useDeleteRow<T>({ remove: props.remove, noun: props.noun });
  const grid = useGridKeyboard({
    rows,
    // Keys sorted: a change shown before the URL has it (shown-search.ts) and the router's
    // reading of the same state may list them in another order; the active row stays.
    stateKey: JSON.stringify(search, Object.keys(search).sort()),
    page,
    goToPage,
    onOpen: (row) => open.open(row),
    onDelete: canDelete ? deletion.request : undefined,
    closed: deletion.closed,
    arrivalRowId,
  });
  const { active, setActiveIndex, onRowKeyDown, searchRef, shortcutsOpen, setShortcutsOpen } = grid;
  const { request: requestDelete } = deletion;
  const selection = props.selection?.state;
  const { pageIds, context: selectionContext } = useSelectionContext(selection, rows);
  const onKeyDown = (event: React.KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    if (!selectionKey(selection, event, index, rows)) onRowKeyDown(event, index, row);
  };
  // The rows' controls: a box ticks through the selection of the moment, so the kit outlives it.
  const toggle = useLatestCallback((id: number) => selection?.toggle(id));
  const actionWords = useRowActionWords();
  const selectionWords = useSelectionWords();
  const kit = useMemo<RowKit>(
    () => ({
      router,
      requestDelete,
      rowLabel: (row) => rowLabel(row as T),
      toggle,
      words: { actions: actionWords, selection: selectionWords },
    }),
    [router, requestDelete, rowLabel, toggle, actionWords, selectionWords],
  );

  // ---- Rendering.
  const headerGroups = table.getHeaderGroups();
  const filters = props.filters ?? NO_FILTERS;
  const searching = search.q !== '' || filtersActive(filters, search);
  // The rows' handlers as of the last commit: a row that skipped a render still calls these.
  const rowHandlers: RowHandlers<T> = (index, row) => ({
    onFocus: () => setActiveIndex(index),
    onKeyDown: (event) => onKeyDown(event as React.KeyboardEvent<HTMLTableRowElement>, index, row),
    onClick: (event) => open.onClick(event, row),
    onAuxClick: (event) => open.onAuxClick(event, row),
  });
  const handlers = useLatestCallback(rowHandlers);
  const onSearch = useLatestCallback((q: string) => update({ q, page: 1 }, { replace: true }));
  const onPage = useLatestCallback(goToPage);
  const onPageSize = useLatestCallback((size: number) => update({ pageSize: size, page: 1 }));
  const onFilter = useLatestCallback((patch: Partial<S>) => update({ ...patch, page: 1 }));
  const onResize = useLatestCallback((id: string, width: number) =>
    props.layout?.onChange(setWidth(layout, id, width)),
  );
  const openShortcuts = useCallback(() => setShortcutsOpen(true), [setShortcutsOpen]);
  const closeShortcuts = useCallback(() => setShortcutsOpen(false), [setShortcutsOpen]);
  const onLayoutChange = useLatestCallback((next: ListLayout) => props.layout?.onChange(next));
  const screen = useScreenFirst(data, rows.length, active, grid.bodyProps.ref);
  const body = (
    <GridBody<T>
      from={screen.from}
      to={screen.to}
      bodyRef={grid.bodyProps.ref}
      watch={screen.watch}
      data={data}
      rows={table.getRowModel().rows}
      pageSize={pageSize}
      columnIds={columnIds}
      columnCount={table.getVisibleLeafColumns().length}
      noun={noun}
      searching={searching}
      onClear={() => update({ ...noFilters(filters), q: '', page: 1 })}
      compact={compact}
      active={active}
      firstRowNumber={(page - 1) * pageSize}
      selected={selection ? (id) => selection.has(id) : undefined}
      widths={layoutState.columnSizing}
      columns={columns}
      layout={layoutState}
      kit={kit}
      handlers={handlers}
    />
  );

  // A pinned column's offset is the widths of the pinned columns before it (they come first):
  // measured after each render into a CSS variable its cells read (pinStyle), so no render
  // waits on a measure.
  const tableRef = useRef<HTMLTableElement>(null);
  const measure = useCallback((id: string) => {
    const th = tableRef.current?.querySelector<HTMLElement>(`th[data-column-id="${id}"]`);
    return th ? th.getBoundingClientRect().width - CELL_PADDING : undefined;
  }, []);
  const pinnedIds = layoutState.columnPinning.start;
  useLayoutEffect(() => {
    const element = tableRef.current;
    if (!element || !pinnedIds.length) return;
    let left = 0;
    for (const id of pinnedIds) {
      element.style.setProperty(`--pin-${id}`, `${left}px`);
      const th = element.querySelector<HTMLElement>(`th[data-column-id="${id}"]`);
      left += th?.getBoundingClientRect().width ?? 0;
    }
  });

  const failedWithoutRows = query.isError && !data;

  return (
    <SelectionProvider value={selectionContext ?? null}>
      {/* The density reaches the toolbar, the tabs and the cells (Tailwind's in-data-[density=compact]).
          Space on the controls inside acts when pressed (space-press.ts): the div only catches
          their bubbled keys, hence role="presentation". */}
      <div
        data-density={layout.density}
        className="contents"
        role="presentation"
        onKeyDown={pressOnSpaceDown}
      >
        <div className="mb-4 flex flex-wrap items-end gap-x-4 gap-y-3 in-data-[density=compact]:mb-2">
          <SearchBox
            inputRef={searchRef}
            value={search.q}
            inFlight={query.isFetching}
            label={props.searchLabel}
            placeholder={props.searchPlaceholder}
            onSearch={onSearch}
          />
          <FoldedFilters
            filters={filters}
            search={search}
            viewer={viewer}
            onChange={onFilter}
            folded={compact}
          />
          <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
            <ShortcutsButton onOpen={openShortcuts} />
            {props.tools}
            {props.layout ? (
              <ColumnsMenu
                layout={layout}
                columns={table.getAllLeafColumns().filter((column) => column.id !== 'select')}
                onChange={onLayoutChange}
                measure={measure}
              />
            ) : null}
            {typeof props.actions === 'function' ? props.actions(total) : props.actions}
          </div>
        </div>

        {query.isError && data ? (
          <StaleRowsAlert error={query.error} onRetry={() => void query.refetch()} />
        ) : null}

        {props.tabs?.list}
        {selection ? (
          <SelectionBar selection={selection} pageIds={pageIds} total={total} noun={noun}>
            {props.selection?.actions(total)}
          </SelectionBar>
        ) : null}
        <div className="card overflow-hidden" {...(props.tabs && { role: 'tabpanel', ...props.tabs.panel })}>
          {failedWithoutRows ? (
            <LoadFailed noun={noun} error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <div className={`overflow-x-auto ${CARD_TABLE}`}>
              {!data ? <LoadingStatus noun={noun} /> : null}
              <table
                ref={tableRef}
                role="grid"
                aria-label={props.label}
                aria-rowcount={data ? total + 1 : -1}
                aria-busy={busy || !data || screen.filling}
                // Busy while the rows below the screen come (screen-first.ts); this tells that
                // from waiting for rows (bench:ui's harness counts the frame with the rows on screen).
                data-filling={screen.filling || undefined}
                className={`w-full border-collapse text-left text-[0.8125rem] leading-5 ${CARD_TABLE}`}
              >
                <GridHeader
                  headerGroups={headerGroups}
                  widths={layoutState.columnSizing}
                  compact={compact}
                  sorting={sorting}
                  onResize={props.layout ? onResize : undefined}
                />
                <tbody
                  {...grid.bodyProps}
                  className={`transition-opacity duration-150 ${CARD_GROUP} ${busy ? 'opacity-60' : ''}`}
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
            onPage={onPage}
            onPageSize={onPageSize}
          />
        </div>
      </div>
      <DeleteRowDialog deletion={deletion} rowLabel={rowLabel} noun={noun} />
      <ShortcutSheet open={shortcutsOpen} onClose={closeShortcuts} />
    </SelectionProvider>
  );
}
