import {
  columnOrderingFeature,
  columnPinningFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import type { useRouter } from '@tanstack/react-router';
import type { RowActionWords } from './row-actions';
import type { SelectionWords } from './selection';
import { can, type Action } from '#contract/permissions';
import { translateWords } from '../../lib/i18n';

/** Who is looking: the role from the token, plus the one per-user flag the permission table needs. */
export interface Viewer {
  role: string;
  /** WebAdmin's `isAddCategoryItems` (DECISIONS §2); unknown means the cautious answer. */
  isAddCategoryItems?: boolean;
}

/**
 * What the table hands its rows' own controls (the Edit and Delete cells, the check box):
 * one object while the table's actions, router and words stay (data-table.tsx), so a row
 * that compares it unchanged skips its render.
 */
export interface RowKit {
  router: ReturnType<typeof useRouter>;
  /** Opens the delete confirmation for a row. */
  requestDelete: (row: unknown) => void;
  /** 'order 1001', for names such as 'Delete order 1001'. */
  rowLabel: (row: unknown) => string;
  /** Ticks or unticks a row (its box is drawn only where the list has a selection). */
  toggle: (id: number) => void;
  /** The row controls' words in the reader's language: a new kit when the language changes. */
  words: { actions: RowActionWords; selection: SelectionWords };
}

/**
 * What a cell's renderer gets beside TanStack's context: its row's state and the kit. The
 * row controls are elements made in the row's render, not components of their own: 75
 * fewer components on every new page (issue 26, record 088).
 */
export interface RowCell {
  /** The active row's controls are in the Tab order; the other rows' are not (the grid moves between rows). */
  active: boolean;
  /** Whether the row is selected (undefined: the list has no selection). */
  selected: boolean | undefined;
  /** The row in words ('order 1001'), said once for all its controls' names. */
  label: string;
  kit: RowKit;
}

/** What a column says about itself beyond TanStack's own options. */
export interface DataColumnMeta {
  /** Shown only to viewers this accepts (DECISIONS §2); absent means everyone. */
  visibleTo?: (viewer: Viewer) => boolean;
  /** Numbers line up on the right. */
  align?: 'end';
  /** Long free text (names) may wrap, so eleven columns fit a laptop screen. */
  wrap?: boolean;
  /** A row action (Edit, Clone, Delete): on a phone's card it sits in the card's last line, unlabelled. */
  action?: boolean;
}

/*
 * One feature set for every list: sorting and paging exist as state only (the server
 * sorts and pages, so no client row models are registered), columns carry meta, and a
 * list with a layout (column-layout.ts) shows, orders, sizes and pins its columns by it.
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnPinningFeature,
  columnSizingFeature,
  columnMeta: metaHelper<DataColumnMeta>(),
});
/** The feature set's type, for column definitions. */
export type DataTableFeatures = typeof dataTableFeatures;
/** A column of a DataTable over rows of `T`. */
export type DataColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The column helper a list's columns file starts from. */
export function columnHelperFor<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}

/** `visibleTo` for a column or action the permission table grants by `action`. */
export function allowedTo(action: Action): (viewer: Viewer) => boolean {
  return (viewer) => can(viewer.role, action, { isAddCategoryItems: viewer.isAddCategoryItems });
}

/** The column's id as TanStack derives it (explicit id, else the accessor key). */
export function columnIdOf<T extends RowData>(column: DataColumn<T>): string {
  return column.id ?? String((column as { accessorKey?: unknown }).accessorKey ?? '');
}

/** A cell showing a contract value (a role type, Yes or No) in the reader's language; the row keeps the value. */
export const wordCell = (cell: { getValue: () => string }) => translateWords(cell.getValue());

/** A cell showing a contract value by its label (`labels`, contract/audit.ts) in the reader's language. */
export const labelCell = (labels: Readonly<Record<string, string>>) => (cell: { getValue: () => string }) =>
  translateWords(labels[cell.getValue()] ?? cell.getValue());
