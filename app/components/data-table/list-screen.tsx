import { useId, useMemo } from 'react';
import type { ReadableAtom } from 'nanostores';
import type { QueryKey } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { RowData } from '@tanstack/react-table';
import { useFormats, useT, useWords, type Formats } from '../../lib/i18n';
import { PageHeader } from '../ui/page-header';
import { DataTable, type DataTableProps } from './data-table';
import type { Action } from '#contract/permissions';
import { useListPage } from './list-route';
import { deleteColumn, editColumn, type RowLinkOptions, type RowLinkWord } from './row-actions';
import { allowedTo, type DataColumn, type Viewer } from './table-features';
import type { RemoveCall } from './use-remove-row';
import type { ListSearch } from './url-state';

/**
 * A list's Add button: where it goes, its words, who sees it (everyone when not said), and a
 * hook that names why nothing can be added now (the button stays, disabled, with the reason).
 */
export type ListAdd = {
  link: RowLinkOptions;
  label: string;
  visibleTo?: (viewer: Viewer) => boolean;
  useUnavailable?: () => string | undefined;
};

/** What a list is (title, its Add action, columns, query, links, remove, search, filters), written once beside its columns. */
export type ListDefinition<
  T extends { id: number } & RowData,
  S extends ListSearch,
  K extends QueryKey = QueryKey,
> = Omit<
  DataTableProps<T, S, K>,
  'viewer' | 'search' | 'onSearchChange' | 'label' | 'rowLabel' | 'actions'
> & {
  /** The page's heading, and the grid's name unless `label` says otherwise. */
  title: string;
  label?: string;
  /** A row in words; by default the noun (in the reader's language) and the row's name ('role WebUser'). */
  rowLabel?: (row: T) => string;
  add?: ListAdd;
};

const available = () => undefined;

/** The Add link, or while nothing can be added a disabled button that says why (focusable, described). */
function AddAction({ link, label, useUnavailable = available }: ListAdd) {
  const reason = useUnavailable();
  const reasonId = useId();
  if (!reason)
    return (
      <Link {...link} className="btn-primary">
        {label}
      </Link>
    );
  return (
    <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
      <p id={reasonId} className="text-sm text-zinc-600">
        {reason}
      </p>
      <button type="button" className="btn-primary" aria-disabled="true" aria-describedby={reasonId}>
        {label}
      </button>
    </div>
  );
}

/** The words every list has, by these keys in its messages: heading, Add label, row noun and search. */
export interface ListWords {
  title: string;
  add?: string;
  noun?: string;
  search: string;
  searchPlaceholder?: string;
}

/** What a list says beyond its words (`listOf` takes the title, Add label, noun and search from them). */
type ListBuild<T extends { id: number } & RowData, S extends ListSearch, K extends QueryKey> = Omit<
  ListDefinition<T, S, K>,
  'title' | 'noun' | 'searchLabel' | 'searchPlaceholder' | 'add' | 'remove'
> & {
  noun?: string;
  add?: Omit<ListAdd, 'label'>;
  /** The row link's word: Edit (the default), or Open on a list whose rows are read, not edited. */
  rowLinkWord?: RowLinkWord;
  /** The row's remove call, what it refreshes, and the action that shows its Delete column (none: no Delete). */
  remove?: { endpoint: RemoveCall; invalidate: QueryKey; allowed: Action };
};

/** The list's columns with the row actions every list has: Edit or Open (to the row's link) before its others, Delete last. */
function withRowActions<T extends { id: number } & RowData>(
  columns: DataColumn<T>[],
  rowLink: (row: T) => RowLinkOptions | undefined,
  allowed: Action | undefined,
  word: RowLinkWord | undefined,
): DataColumn<T>[] {
  const at = columns.findIndex((column) => column.meta?.action);
  const end = at < 0 ? columns.length : at;
  return [
    ...columns.slice(0, end),
    editColumn<T>(rowLink, word),
    ...columns.slice(end),
    ...(allowed ? [deleteColumn<T>({ visibleTo: allowedTo(allowed) })] : []),
  ];
}

/**
 * A list, written once beside its columns: its messages (ListWords' keys) and what `build`
 * makes of them — its data columns and any extra row actions (Edit and Delete are added).
 * Returns the hook its route renders with: the definition in the reader's language, made
 * again when the language changes.
 */
export function listOf<
  W extends ListWords,
  T extends { id: number } & RowData,
  S extends ListSearch,
  K extends QueryKey,
>(messages: ReadableAtom<W>, build: (t: W, f: Formats) => ListBuild<T, S, K>) {
  return function useList(): ListDefinition<T, S, K> {
    const t = useT(messages);
    const f = useFormats();
    return useMemo(() => {
      const { add, remove, columns, rowLinkWord, ...list } = build(t, f);
      return {
        title: t.title,
        noun: t.noun ?? '',
        searchLabel: t.search,
        searchPlaceholder: t.searchPlaceholder,
        ...list,
        columns: withRowActions(columns, list.rowLink, remove?.allowed, rowLinkWord),
        remove,
        add: add && { label: t.add ?? '', ...add },
      };
    }, [t, f]);
  };
}

/**
 * A list screen: its title, and the table with the Add button (for the viewers who may add;
 * `canAdd`, when the route knows better than the role) at the end of its toolbar, after the
 * search. A list page is its messages and columns (`listOf`) and its route (`listRoute`).
 */
export function ListScreen<T extends { id: number } & RowData, S extends ListSearch, K extends QueryKey>({
  list: { title, add, label = title, rowLabel, ...table },
  search,
  canAdd,
}: {
  list: ListDefinition<T, S, K>;
  search: S;
  canAdd?: boolean;
}) {
  const w = useWords();
  const page = useListPage(search);
  const showAdd = add && (canAdd ?? add.visibleTo?.(page.viewer) ?? true);
  return (
    <>
      <PageHeader title={title} />
      <DataTable
        {...table}
        {...page}
        actions={showAdd ? <AddAction {...add} /> : null}
        label={label}
        rowLabel={rowLabel ?? ((row) => `${w(table.noun)} ${(row as { name?: unknown }).name ?? row.id}`)}
      />
    </>
  );
}
