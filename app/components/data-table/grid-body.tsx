import { memo, type ReactNode } from 'react';
import type { Cell, Row, RowData } from '@tanstack/react-table';
import { i18n, params, useT } from '../../lib/i18n';
import { CARD_ACTION, CARD_CELL, CARD_FIRST_ACTION, CARD_PLAIN_ROW, CARD_ROW } from './card-layout';
import { shown, useKeptRows } from './screen-first';
import type { DataTableFeatures, RowCell, RowKit } from './table-features';

/*
 * The grid's rows: a skeleton while the first page loads, the empty state, or the page's
 * rows in the layout's column order, widths, pins and density (column-layout.ts).
 */

/**
 * The focused row's ring, drawn with inset shadows on its cells: Chromium doesn't paint an
 * outline on a <tr>, and a shadow takes no space, so focus never shifts the layout.
 */
// Written out whole: Tailwind finds classes by scanning for complete literal names. The accent is
// a variable, so the dark theme's lighter accent draws the ring there.
const ROW_FOCUS =
  '[&:focus-visible>td]:shadow-[inset_0_2px_0_var(--color-accent-600),inset_0_-2px_0_var(--color-accent-600)] ' +
  '[&:focus-visible>td:first-child]:shadow-[inset_2px_2px_0_var(--color-accent-600),inset_0_-2px_0_var(--color-accent-600)] ' +
  '[&:focus-visible>td:last-child]:shadow-[inset_-2px_2px_0_var(--color-accent-600),inset_0_-2px_0_var(--color-accent-600)]';
const SKELETON_ROWS = 8;

const messages = i18n('data-table/grid-body', {
  noMatch: params('No {noun} matches your search or filters.'),
  none: params('No {noun} has been added yet.'),
  clear: 'Clear search and filters',
});

/** No rows: none match (with a way back to all of them), or there are none yet. */
function EmptyRow(props: { columnCount: number; noun: string; searching: boolean; onClear: () => void }) {
  const t = useT(messages);
  const { noun, searching } = props;
  return (
    <tr className={CARD_PLAIN_ROW}>
      <td colSpan={props.columnCount} className={`px-4 py-12 text-center text-zinc-600 ${CARD_PLAIN_ROW}`}>
        <p className="font-medium text-zinc-800">{searching ? t.noMatch({ noun }) : t.none({ noun })}</p>
        {searching ? (
          <button type="button" className="btn-secondary mt-4" onClick={props.onClear}>
            {t.clear}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

/**
 * A pinned cell stays at the left edge while the table scrolls sideways (desktop only: a
 * phone's cards don't scroll). Its offset is the header cell's, measured (data-table.tsx).
 */
export const PINNED_CELL = 'md:sticky md:left-(--pin-left) md:z-[1] md:bg-inherit';

type AnyCell<T extends RowData> = Cell<DataTableFeatures, T, unknown>;

/** A cell's horizontal padding (px-1.5 on each side): a resized width is the content's. */
export const CELL_PADDING = 12;

/** A pinned cell's offset from the left edge (measured into a CSS variable by data-table.tsx). */
export function pinStyle(id: string, pinned: boolean): React.CSSProperties | undefined {
  return pinned ? ({ '--pin-left': `var(--pin-${id}, 0px)` } as React.CSSProperties) : undefined;
}

/**
 * A cell's content at the width set by resizing: a box of that width that clips (an auto
 * table sizes a column by its widest content, so the width must be the content's own).
 */
export function sized(width: number | undefined, content: ReactNode): ReactNode {
  if (width === undefined) return content;
  return (
    <div style={{ width }} className="overflow-hidden text-ellipsis">
      {content}
    </div>
  );
}

/**
 * A column's cell or header content: its definition called as a plain function. A renderer
 * calls no hook (it returns text or elements; one that needs a hook renders a component, as
 * Time Left does), so it needs no component of its own: two fewer fibres a cell than
 * TanStack's <FlexRender>, some 600 a page (issue 26). A cell's renderer also gets its row's
 * state and the table's kit (`RowCell`), which the row controls are drawn from.
 */
export function defContent<C>(render: unknown, context: () => C, row?: RowCell): ReactNode {
  return typeof render === 'function'
    ? ((render as (c: C, row?: RowCell) => ReactNode)(context(), row) ?? null)
    : ((render as ReactNode) ?? null);
}
const cellContent = <T extends RowData>(cell: AnyCell<T>, row: RowCell) =>
  defContent(cell.column.columnDef.cell, () => cell.getContext(), row);

/*
 * A row's and a cell's class attribute, each built once and then shared by every row and
 * cell drawn alike. Built per cell and render, each was a new string of some 300
 * characters: React compared it with the last one character by character, and every
 * kept fibre held its own copy (a heap snapshot after 200 flips at 100 rows a page held
 * 2,400 more of them than after the load, 0.7 MB; issue 26).
 */
const ROW_BASE = `cursor-pointer border-t border-zinc-100 outline-none ${ROW_FOCUS} ${CARD_ROW}`;
const ROW_ACTIVE = `${ROW_BASE} bg-accent-50`;
const ROW_IDLE = `${ROW_BASE} bg-white hover:bg-zinc-50 aria-selected:bg-accent-50/30`;

type CellKind = 'data' | 'action' | 'first-action';
const CELL_CARD: Record<CellKind, string> = {
  data: CARD_CELL,
  action: CARD_ACTION,
  'first-action': `${CARD_ACTION} ${CARD_FIRST_ACTION}`,
};
const KIND_BITS: Record<CellKind, number> = { data: 0, action: 16, 'first-action': 32 };
const cellClasses = new Map<number, string>();

/** A cell's classes: its density, whether its text wraps, its alignment, its pin and its kind. */
function cellClass(compact: boolean, wraps: boolean, end: boolean, pinned: boolean, kind: CellKind): string {
  const key = +compact | (+wraps << 1) | (+end << 2) | (+pinned << 3) | KIND_BITS[kind];
  let classes = cellClasses.get(key);
  if (classes === undefined) {
    classes = [
      compact ? 'px-1.5 py-0.5' : 'px-1.5 py-2',
      wraps ? 'min-w-24' : 'whitespace-nowrap',
      end ? 'text-right tabular-nums' : '',
      pinned ? PINNED_CELL : '',
      CELL_CARD[kind],
    ]
      .filter(Boolean)
      .join(' ');
    cellClasses.set(key, classes);
  }
  return classes;
}

/** What a row draws from; a row renders again only when one of these changed (GridRow). */
interface RowInputs<T extends { id: number } & RowData> {
  row: Row<DataTableFeatures, T>;
  original: T;
  index: number;
  active: boolean;
  selected: boolean | undefined;
  rowNumber: number;
  compact: boolean;
  widths: Record<string, number>;
  /** The columns and the layout state (order, visibility, pins): new objects when either changed. */
  columns: unknown;
  layout: unknown;
  /** What the row's controls call and say: one object while the table's actions and words stay. */
  kit: RowKit;
  /** The row handlers, one function for the table's life calling the last commit's (not compared). */
  handlers: RowHandlers<T>;
}
/** A row's event handlers (focus, keys, click, middle click). */
export type RowHandlers<T extends RowData> = (
  index: number,
  row: T,
) => React.HTMLAttributes<HTMLTableRowElement>;
const COMPARED = [
  'original',
  'index',
  'active',
  'selected',
  'rowNumber',
  'compact',
  'widths',
  'columns',
  'layout',
  'kit',
] as const;

/**
 * One row. Memoised: a render of the table that leaves a row's data, position, state and
 * the columns as they were (the dimmed rows while the next page loads, a new sort arrow, a
 * filter or toolbar change) skips its cells (issue 26: that render was as costly as the new
 * rows'). Its handlers go through `latest`, so they are never a stale render's.
 */
function GridRowOf<T extends { id: number } & RowData>(props: RowInputs<T>) {
  const { row, original, index, active, compact, widths, handlers } = props;
  const cells = row.getVisibleCells();
  const { kit } = props;
  const state: RowCell = { active, selected: props.selected, label: kit.rowLabel(original), kit };
  const firstAction = cells.findIndex((cell) => cell.column.columnDef.meta?.action);
  const handler =
    <E extends keyof React.HTMLAttributes<HTMLTableRowElement>>(name: E) =>
    (event: never) =>
      (handlers(index, original)[name] as ((event: never) => void) | undefined)?.(event);
  return (
    <tr
      // Roles said outright: on a phone the rows and cells are laid out as cards (CSS grid and
      // blocks), and Chromium drops a table element's implicit role when it isn't displayed as one.
      role="row"
      data-index={index}
      aria-rowindex={props.rowNumber}
      aria-selected={props.selected}
      tabIndex={active ? 0 : -1}
      // bg-white under the hover and active tints: a pinned cell inherits the row's background.
      className={active ? ROW_ACTIVE : ROW_IDLE}
      onFocus={handler('onFocus')}
      onKeyDown={handler('onKeyDown')}
      onClick={handler('onClick')}
      onAuxClick={handler('onAuxClick')}
    >
      {cells.map((cell, c) => {
        const meta = cell.column.columnDef.meta;
        const header = cell.column.columnDef.header;
        const pinned = cell.column.getIsPinned() === 'start';
        const width = widths[cell.column.id];
        return (
          <td
            key={cell.column.id}
            role="gridcell"
            data-label={meta?.action || typeof header !== 'string' ? undefined : header}
            style={pinStyle(cell.column.id, pinned)}
            className={cellClass(
              compact,
              !!meta?.wrap && width === undefined && !compact,
              meta?.align === 'end',
              pinned,
              meta?.action ? (c === firstAction ? 'first-action' : 'action') : 'data',
            )}
          >
            {sized(
              width,
              // Compact rows are one line: long text is cut short (the whole of it opens with the row).
              compact && meta?.wrap && width === undefined ? (
                <div className="max-w-32 truncate">{cellContent(cell, state)}</div>
              ) : (
                cellContent(cell, state)
              ),
            )}
          </td>
        );
      })}
    </tr>
  );
}
const GridRow = memo(GridRowOf, (a, b) => COMPARED.every((key) => a[key] === b[key])) as typeof GridRowOf;

/** The grid's <tbody> content. */
export function GridBody<T extends { id: number } & RowData>(opts: {
  data: unknown;
  rows: Row<DataTableFeatures, T>[];
  pageSize: number;
  columnIds: string[];
  columnCount: number;
  noun: string;
  searching: boolean;
  onClear: () => void;
  compact: boolean;
  active: number;
  firstRowNumber: number;
  selected: ((id: number) => boolean) | undefined;
  widths: Record<string, number>;
  columns: unknown;
  layout: unknown;
  kit: RowKit;
  handlers: RowHandlers<T>;
  /** The rows rendered now (and the active one); the rest are kept from the last commit (screen-first.ts). */
  from: number;
  to: number;
  bodyRef: React.RefObject<HTMLTableSectionElement | null>;
  watch: () => void;
}): ReactNode {
  const { data, rows, noun, searching, compact, active, widths } = opts;
  const range = { from: opts.from, to: opts.to, active };
  const keep = useKeptRows(range, opts.bodyRef, opts.watch);
  if (!data) {
    keep([]);
    return Array.from({ length: Math.min(opts.pageSize, SKELETON_ROWS) }, (_, i) => (
      <tr key={i} aria-hidden="true" className={`border-t border-zinc-100 ${CARD_PLAIN_ROW}`}>
        {opts.columnIds.map((id) => (
          <td key={id} className={`px-3 py-3 ${CARD_PLAIN_ROW}`}>
            <span className="block h-4 w-full max-w-32 animate-pulse rounded bg-zinc-200" />
          </td>
        ))}
      </tr>
    ));
  }
  if (!rows.length) {
    keep([]);
    return (
      <EmptyRow columnCount={opts.columnCount} noun={noun} searching={searching} onClear={opts.onClear} />
    );
  }
  // Keyed by position, not by row id: a new page, sort or filter then rewrites the text
  // of the same 25 <tr>/<td> elements instead of removing them and building 25 new ones
  // with every class attribute set again (bench:ui CPU profile: setAttribute, removeChild
  // and appendChild were the largest script costs of a sort). The active row is kept by id
  // and focus follows it (use-grid-keyboard.ts); cells hold no state of their own.
  return keep(
    rows.map((row, index) =>
      shown(range, index) ? (
        <GridRow<T>
          key={index}
          row={row}
          original={row.original}
          index={index}
          active={index === active}
          selected={opts.selected ? opts.selected(row.original.id) : undefined}
          rowNumber={opts.firstRowNumber + index + 2}
          compact={compact}
          widths={widths}
          columns={opts.columns}
          layout={opts.layout}
          kit={opts.kit}
          handlers={opts.handlers}
        />
      ) : null,
    ),
  );
}
