import { memo } from 'react';
import type { Header, RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { i18n, useT } from '../../lib/i18n';
import { CARD_GROUP, CARD_HEAD_CELL, CARD_HEAD_CELL_UNSORTABLE, CARD_HEAD_ROW } from './card-layout';
import { CELL_PADDING, defContent, PINNED_CELL, pinStyle, sized } from './grid-body';
import type { DataTableFeatures } from './table-features';

const messages = i18n('data-table/grid-header', {
  // Before the sort buttons when the header row is a bar above a phone's cards.
  sortBy: 'Sort by',
});

/**
 * Resizing by dragging a header's right edge (mouse, pen or touch). The keyboard resizes
 * from the Columns menu (Wider, Narrower), so the handle is no Tab stop of its own.
 * Memoised (its `onResize` is one function for the table's life): a sort renders no handle.
 */
const ResizeHandle = memo(function ResizeHandle({
  id,
  onResize,
}: {
  id: string;
  onResize: (id: string, width: number) => void;
}) {
  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    const th = event.currentTarget.closest('th');
    if (!th) return;
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const startWidth = th.getBoundingClientRect().width - CELL_PADDING;
    let frame = 0;
    const move = (e: PointerEvent) => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => onResize(id, startWidth + e.clientX - startX));
    };
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };
  return (
    <div
      aria-hidden="true"
      data-resize-handle=""
      onPointerDown={onPointerDown}
      onClick={(event) => event.stopPropagation()}
      className="absolute inset-y-0 -right-1 z-[2] w-2 cursor-col-resize touch-none select-none hover:bg-accent-300/60 max-md:hidden"
    />
  );
});

/*
 * The sorted column's arrow. Unsorted columns show none: nine idle icons would cost a laptop
 * its last two columns. The two arrows are made once: a header rendered again for a new sort
 * reuses the element, so React doesn't render the icon again.
 */
const ARROW_UP = <ArrowUp aria-hidden="true" className="size-3.5 shrink-0 text-accent-700" />;
const ARROW_DOWN = <ArrowDown aria-hidden="true" className="size-3.5 shrink-0 text-accent-700" />;
const sortIcon = (sorted: false | 'asc' | 'desc') =>
  sorted === 'asc' ? ARROW_UP : sorted === 'desc' ? ARROW_DOWN : null;

/**
 * The list grid's header row: a sort button in each column the server sorts by, and
 * aria-sort. On a phone (card-layout.ts) it is a bar of those sort buttons.
 */
function GridHeaderOf<T extends RowData>({
  headerGroups,
  widths = {},
  compact = false,
  onResize,
}: {
  headerGroups: { id: string; headers: Header<DataTableFeatures, T, unknown>[] }[];
  /** The sort shown: the headers read it from their columns, so a new one must render them. */
  sorting: unknown;
  /** Widths set by resizing (column-layout.ts). */
  widths?: Record<string, number>;
  compact?: boolean;
  /** Given, each column but the checkboxes gets a resize handle. */
  onResize?: (id: string, width: number) => void;
}) {
  const t = useT(messages);
  return (
    <thead className={`bg-zinc-50 text-xs font-semibold text-zinc-700 ${CARD_GROUP}`}>
      {headerGroups.map((group) => (
        <tr key={group.id} role="row" aria-rowindex={1} data-label={t.sortBy} className={CARD_HEAD_ROW}>
          {group.headers.map((header) => {
            const column = header.column;
            const sorted = column.getIsSorted();
            const canSort = column.getCanSort();
            const end = column.columnDef.meta?.align === 'end';
            const pinned = column.getIsPinned() === 'start';
            return (
              <th
                key={header.id}
                data-column-id={column.id}
                style={pinStyle(column.id, pinned)}
                role="columnheader"
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
                className={`relative px-1.5 ${compact ? 'py-1' : 'py-2'} align-bottom ${end ? 'text-right' : ''} ${pinned ? `${PINNED_CELL} md:bg-zinc-50` : ''} ${CARD_HEAD_CELL} ${canSort ? '' : CARD_HEAD_CELL_UNSORTABLE}`}
              >
                {sized(
                  widths[column.id],
                  canSort ? (
                    <button
                      type="button"
                      className={`-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 py-0.5 font-semibold underline-offset-2 hover:bg-zinc-200/60 hover:underline hover:text-zinc-900 ${end ? 'flex-row-reverse text-right' : 'text-left'}`}
                      onClick={column.getToggleSortingHandler()}
                    >
                      {defContent(column.columnDef.header, () => header.getContext())}
                      {sortIcon(sorted)}
                    </button>
                  ) : (
                    defContent(column.columnDef.header, () => header.getContext())
                  ),
                )}
                {onResize && column.id !== 'select' ? (
                  <ResizeHandle id={column.id} onResize={onResize} />
                ) : null}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}

/**
 * Memoised: a filter or a page change left every header cell as it was yet rendered them all
 * (issue 26). The header groups are new when the columns, their order, pins or visibility
 * change; `sorting` when the sort does; `onResize` is one function for the table's life.
 */
export const GridHeader = memo(GridHeaderOf) as typeof GridHeaderOf;
