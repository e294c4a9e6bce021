import {
  createContext,
  use,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { i18n, params, plural, useFormats, useT } from '../../lib/i18n';
import { useLetterKey } from '../../lib/typing';
import type { DataColumn, RowCell } from './table-features';

const messages = i18n('data-table/selection', {
  pageBox: 'Select every row on this page',
  rowBox: params('Select {row}'),
  region: 'Selection',
  // {noun} is the list's (one row in words), filled in after the count.
  selected: plural({ one: '{count} {noun} selected', other: '{count} {noun}s selected' }),
  allMatching: ' (all matching the filter)',
  selectAll: params('Select all {count} matching'),
  clear: 'Clear selection',
});

/*
 * Row selection (issue 15, item 2): a checkbox column, Space on the active row, Shift+↑/↓
 * extending, the page's box for every row shown, then "all N matching" for the filter as a
 * whole. Selected ids outlive paging and sorting (select 30 across two pages); a new
 * filter, tab or search starts afresh. The list's bulk actions read it.
 */

export interface Selection {
  /** Rows picked one by one (or by page), by id. */
  ids: ReadonlySet<number>;
  /** Every row the filter matches (up to the list's snapshot), not `ids`. */
  allMatching: boolean;
  /** How many rows are selected: `ids.size`, or the filter's total when all match. */
  count: (total: number) => number;
  has: (id: number) => boolean;
  set: (ids: readonly number[], on: boolean) => void;
  toggle: (id: number) => void;
  selectAllMatching: () => void;
  clear: () => void;
  /** Keep exactly these (after a bulk run: the refused ones). */
  replace: (ids: readonly number[]) => void;
}

/** No row selected, for the list state `key` names. */
const nothingSelected = (key: string) => ({
  key,
  ids: new Set<number>() as ReadonlySet<number>,
  allMatching: false,
});

/** A selection that starts afresh whenever `resetKey` (the filters and search as text) changes. */
export function useSelection(resetKey: string): Selection {
  const [state, setState] = useState(() => nothingSelected(resetKey));
  // A new key starts afresh in this render: React renders the list again at once, before
  // anything below it or the screen. An effect did it a commit later: the new filter's rows
  // first showed the old selection, then the whole list rendered again (issue 26).
  if (state.key !== resetKey) setState(nothingSelected(resetKey));
  return useMemo(() => {
    const { ids, allMatching } = state;
    return {
      ids,
      allMatching,
      count: (total) => (allMatching ? total : ids.size),
      has: (id) => allMatching || ids.has(id),
      set: (list, on) =>
        setState((s) => {
          const next = new Set(s.allMatching ? [] : s.ids);
          for (const id of list) {
            if (on) next.add(id);
            else next.delete(id);
          }
          return { key: s.key, ids: next, allMatching: false };
        }),
      toggle: (id) =>
        setState((s) => {
          const next = new Set(s.ids);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return { key: s.key, ids: next, allMatching: false };
        }),
      selectAllMatching: () => setState((s) => ({ key: s.key, ids: new Set(), allMatching: true })),
      clear: () => setState((s) => nothingSelected(s.key)),
      replace: (list) => setState((s) => ({ key: s.key, ids: new Set(list), allMatching: false })),
    };
  }, [state]);
}

interface SelectionContextValue {
  selection: Selection;
  pageIds: readonly number[];
}
const SelectionContext = createContext<SelectionContextValue | null>(null);

/** The page's ids and what the page's box reads (null without a selection). */
export function useSelectionContext<T extends { id: number }>(
  selection: Selection | undefined,
  rows: readonly T[],
) {
  const pageIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const context = useMemo(() => (selection ? { selection, pageIds } : null), [selection, pageIds]);
  return { pageIds, context };
}

/**
 * The selection's keys on a row: Space toggles it (handled: true); Shift+↑/↓ takes the row
 * it moves to into the selection and lets the grid move (false).
 */
export function selectionKey<T extends { id: number }>(
  selection: Selection | undefined,
  event: KeyboardEvent<HTMLElement>,
  index: number,
  rows: readonly T[],
): boolean {
  if (!selection || event.target !== event.currentTarget || event.ctrlKey || event.metaKey) return false;
  if (event.key === ' ') {
    event.preventDefault();
    selection.toggle(rows[index]!.id);
    return true;
  }
  const to = event.key === 'ArrowDown' ? index + 1 : event.key === 'ArrowUp' ? index - 1 : -1;
  if (event.shiftKey && rows[to]) selection.set([rows[index]!.id, rows[to].id], true);
  return false;
}

/** What the page's box in the header reads: the selection and the page's rows. */
export function SelectionProvider({
  value,
  children,
}: {
  value: SelectionContextValue | null;
  children: ReactNode;
}) {
  return <SelectionContext value={value}>{children}</SelectionContext>;
}

const BOX = 'size-4 cursor-pointer rounded border-zinc-400 text-accent-600 accent-accent-600';

function PageBox() {
  const t = useT(messages);
  const context = use(SelectionContext);
  const ref = useRef<HTMLInputElement>(null);
  const picked = context ? context.pageIds.filter((id) => context.selection.has(id)).length : 0;
  const all = !!context && context.pageIds.length > 0 && picked === context.pageIds.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = picked > 0 && !all;
  }, [picked, all]);
  if (!context) return null;
  return (
    <input
      ref={ref}
      type="checkbox"
      className={BOX}
      aria-label={t.pageBox}
      checked={all}
      onChange={() => context.selection.set(context.pageIds, !all)}
    />
  );
}

/** The selection's words (the table's RowKit carries them, read with `useSelectionWords`). */
export type SelectionWords = ReturnType<(typeof messages)['get']>;
export const useSelectionWords = () => useT(messages);

/** A row's box: an element of the row's render (record 088); none where the list has no selection. */
function rowBox({ selected, label, kit }: RowCell, id: number) {
  if (selected === undefined) return null;
  return (
    <input
      type="checkbox"
      // Space on the row toggles it; the box itself is a click target, not a Tab stop.
      tabIndex={-1}
      className={BOX}
      aria-label={kit.words.selection.rowBox({ row: label })}
      checked={selected}
      onChange={() => kit.toggle(id)}
    />
  );
}

/** The checkbox column a selectable list starts with. */
export function selectColumn<T extends { id: number }>(): DataColumn<T> {
  return {
    id: 'select',
    header: () => <PageBox />,
    cell: ({ row }, cell?: RowCell) => (cell ? rowBox(cell, row.original.id) : null),
    // Placed with the row's actions on a phone's card.
    meta: { action: true },
  } as DataColumn<T>;
}

/**
 * Above the rows while anything is selected: how many, "select all N matching" once the
 * whole page is, clearing, and the list's bulk actions.
 */
export function SelectionBar({
  selection,
  pageIds,
  total,
  noun,
  children,
}: {
  selection: Selection;
  pageIds: readonly number[];
  total: number;
  noun: string;
  children?: ReactNode;
}) {
  const t = useT(messages);
  const f = useFormats();
  const count = selection.count(total);
  const wholePage = pageIds.length > 0 && pageIds.every((id) => selection.has(id));
  // b: from the rows to the first bulk action (past the column headers' sort buttons).
  const actionsRef = useRef<HTMLDivElement>(null);
  useLetterKey(
    'b',
    () => {
      const first = actionsRef.current?.querySelector<HTMLElement>('button:not([disabled])');
      first?.focus();
      return !!first;
    },
    count > 0,
  );
  // Only while something is selected: each box says its own state as it is ticked.
  if (!count) return null;
  return (
    <div
      role="region"
      aria-label={t.region}
      className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-accent-200 bg-accent-50 px-3 py-2 text-sm text-accent-900"
    >
      <p role="status" className="font-medium">
        {t.selected(count).replaceAll('{noun}', () => noun)}
        {selection.allMatching ? t.allMatching : ''}
      </p>
      {wholePage && !selection.allMatching && total > count ? (
        <button type="button" className="link" onClick={selection.selectAllMatching}>
          {t.selectAll({ count: f.count(total) })}
        </button>
      ) : null}
      <button type="button" className="link" onClick={selection.clear}>
        {t.clear}
      </button>
      <div ref={actionsRef} aria-keyshortcuts="b" className="ml-auto flex flex-wrap gap-2">
        {children}
      </div>
    </div>
  );
}
