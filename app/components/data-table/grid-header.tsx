import type { Header, RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { CARD_GROUP, CARD_HEAD_CELL, CARD_HEAD_CELL_UNSORTABLE, CARD_HEAD_ROW } from './card-layout';
import type { DataTableFeatures } from './table-features';

/** The sorted column's arrow. Unsorted columns show none: nine idle icons would cost a laptop its last two columns. */
function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  if (!sorted) return null;
  const Icon = sorted === 'asc' ? ArrowUp : ArrowDown;
  return <Icon aria-hidden="true" className="size-3.5 shrink-0 text-accent-700" />;
}

/**
 * The list grid's header row: a sort button in each column the server sorts by, and
 * aria-sort. On a phone (card-layout.ts) it is a bar of those sort buttons.
 */
export function GridHeader<T extends RowData>({
  headerGroups,
  FlexRender,
}: {
  headerGroups: { id: string; headers: Header<DataTableFeatures, T, unknown>[] }[];
  FlexRender: (props: { header: Header<DataTableFeatures, T, unknown> }) => React.ReactNode;
}) {
  return (
    <thead className={`bg-zinc-50 text-xs font-semibold text-zinc-700 ${CARD_GROUP}`}>
      {headerGroups.map((group) => (
        <tr key={group.id} role="row" aria-rowindex={1} className={CARD_HEAD_ROW}>
          {group.headers.map((header) => {
            const column = header.column;
            const sorted = column.getIsSorted();
            const canSort = column.getCanSort();
            const end = column.columnDef.meta?.align === 'end';
            return (
              <th
                key={header.id}
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
                className={`px-1.5 py-2 align-bottom ${end ? 'text-right' : ''} ${CARD_HEAD_CELL} ${canSort ? '' : CARD_HEAD_CELL_UNSORTABLE}`}
              >
                {canSort ? (
                  <button
                    type="button"
                    className={`-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 py-0.5 font-semibold underline-offset-2 hover:bg-zinc-200/60 hover:underline hover:text-zinc-900 ${end ? 'flex-row-reverse text-right' : 'text-left'}`}
                    onClick={column.getToggleSortingHandler()}
                  >
                    <FlexRender header={header} />
                    <SortIcon sorted={sorted} />
                  </button>
                ) : (
                  <FlexRender header={header} />
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
