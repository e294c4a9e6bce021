import { createContext, use, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { DisplayColumnDef, RowData } from '@tanstack/react-table';
import type { DataTableFeatures, Viewer } from './table-features';

/** What action cells need from the table around them. */
export interface RowActionsContextValue {
  activeRowId: string | null;
  /** Opens the delete confirmation for a row. */
  requestDelete: (row: unknown) => void;
  /** 'order 1001', for names such as 'Delete order 1001'. */
  rowLabel: (row: unknown) => string;
}

export const RowActionsContext = createContext<RowActionsContextValue | null>(null);

function useRowActions() {
  const ctx = use(RowActionsContext);
  if (!ctx) throw new Error('Row actions render inside a DataTable');
  return ctx;
}

/** A plain click navigates in-app; modified clicks keep the browser's new-tab behaviour. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A link by path string: the edit and add screens are separate routes, linked by their
 * spec paths. Only the active row's actions are in the Tab order (the grid moves between
 * rows with the arrow keys), so a page of 250 rows isn't 500 Tab stops.
 */
export function PathLink({
  href,
  children,
  className = 'link',
  rowId,
  label,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  rowId?: string;
  label?: string;
}) {
  const navigate = useNavigate();
  const ctx = use(RowActionsContext);
  const inactive = rowId !== undefined && ctx !== null && ctx.activeRowId !== rowId;
  return (
    <a
      href={href}
      className={className}
      aria-label={label}
      tabIndex={inactive ? -1 : undefined}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        void navigate({ href });
      }}
    >
      {children}
    </a>
  );
}

function DeleteButton({ row, rowId }: { row: unknown; rowId: string }) {
  const ctx = useRowActions();
  return (
    <button
      type="button"
      className="link text-red-700"
      aria-label={`Delete ${ctx.rowLabel(row)}`}
      tabIndex={ctx.activeRowId === rowId ? undefined : -1}
      onClick={() => ctx.requestDelete(row)}
    >
      Delete
    </button>
  );
}

function LinkCell({
  row,
  rowId,
  header,
  href,
}: {
  row: unknown;
  rowId: string;
  header: string;
  href: string;
}) {
  const ctx = useRowActions();
  return (
    <PathLink href={href} rowId={rowId} label={`${header} ${ctx.rowLabel(row)}`}>
      {header}
    </PathLink>
  );
}

/** An action column that links each row somewhere (Edit, Clone). */
export function linkColumn<T extends RowData>(opts: {
  id: string;
  header: string;
  href: (row: T) => string;
  visibleTo?: (viewer: Viewer) => boolean;
}): DisplayColumnDef<DataTableFeatures, T> {
  return {
    id: opts.id,
    header: opts.header,
    enableSorting: false,
    meta: opts.visibleTo ? { visibleTo: opts.visibleTo } : {},
    cell: (ctx) => (
      <LinkCell
        row={ctx.row.original}
        rowId={ctx.row.id}
        header={opts.header}
        href={opts.href(ctx.row.original)}
      />
    ),
  };
}

/** The Delete column: asks first (ConfirmDialog), then calls the list's remove call. */
export function deleteColumn<T extends RowData>(opts: {
  visibleTo: (viewer: Viewer) => boolean;
}): DisplayColumnDef<DataTableFeatures, T> {
  return {
    id: 'delete',
    header: 'Delete',
    enableSorting: false,
    meta: { visibleTo: opts.visibleTo },
    cell: (ctx) => <DeleteButton row={ctx.row.original} rowId={ctx.row.id} />,
  };
}
