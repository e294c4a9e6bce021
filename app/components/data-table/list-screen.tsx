import { useId } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { RowData } from '@tanstack/react-table';
import { useWords } from '../../lib/i18n';
import { PageHeader } from '../ui/page-header';
import { DataTable, type DataTableProps } from './data-table';
import type { RowLinkOptions } from './row-actions';
import type { Viewer } from './table-features';
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

/** A list's definition, its row, URL state and query key inferred from its columns and query. */
export function defineList<T extends { id: number } & RowData, S extends ListSearch, K extends QueryKey>(
  list: ListDefinition<T, S, K>,
): ListDefinition<T, S, K> {
  return list;
}

/**
 * A list screen: its title, and the table with the Add button (for the viewers who may add)
 * at the end of its toolbar, after the search. A list route renders it with `useListPage`'s
 * props: a list page is its columns, its definition and its route.
 */
export function ListScreen<T extends { id: number } & RowData, S extends ListSearch, K extends QueryKey>({
  list: { title, add, label = title, rowLabel, ...table },
  ...page
}: {
  list: ListDefinition<T, S, K>;
  viewer: Viewer;
  search: S;
  onSearchChange: (next: S, options?: { replace?: boolean }) => void;
}) {
  const w = useWords();
  const showAdd = add && (add.visibleTo?.(page.viewer) ?? true);
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
