/** The one list table: a list page is a columns file, a query and <DataTable> (ARCHITECTURE.md). */
export { DataTable, type DataTableProps } from './data-table';
export { DELETE_QUESTION, DeleteRowDialog, useDeleteRow } from './delete-row-dialog';
export { useGridKeyboard } from './use-grid-keyboard';
export { useListQuery } from './use-list-query';
export { deleteColumn, editColumn, linkColumn, type RowLinkOptions } from './row-actions';
export {
  allowedTo,
  columnHelperFor,
  columnIdOf,
  labelCell,
  wordCell,
  type DataColumn,
  type Viewer,
} from './table-features';
export { latestSearch, loadList, usePrefetchingSearchChange } from './load-list';
export { pageQuery, type ListQueryOf } from './page-query';
export { lenientSearch, listApiQuery, LIST_SEARCH_DEFAULTS, PAGE_SIZES, type ListSearch } from './url-state';
export { FilterBar, filtersActive, noFilters, type ListFilter } from './filters';
export { listRoute, useListPage } from './list-route';
export { listOf, ListScreen, type ListDefinition, type ListWords } from './list-screen';
export { useSelection, type Selection } from './selection';
export { DEFAULT_LAYOUT, sameLayout, useKeptLayout, type KeptLayout } from './column-layout';
