import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { isEditable } from '../../lib/typing';

/**
 * The list grid's keyboard: one active row (kept by id, so a background refresh that
 * reorders or drops rows keeps it on the same record), focus that follows it across
 * reloads, the row keys (↑ ↓ j k Home End, Enter opens, Delete asks, PageUp/PageDown pages)
 * and the page-wide keys (/ search, ? shortcuts, [ ] pages; never while typing or in a
 * dialog). `closed` grows when the delete dialog closes: the grid takes the focus back.
 */
export function useGridKeyboard<T extends { id: number }>(options: {
  rows: readonly T[];
  /** The URL state as text: a new page, sort or filter starts again at the first row. */
  stateKey: string;
  page: number;
  goToPage: (page: number) => void;
  onOpen: (row: T) => void;
  onDelete?: ((row: T) => void) | undefined;
  closed: number;
  /** Back from a record opened here (lib/list-return): its row starts active, with the focus. */
  arrivalRowId?: string | null;
}) {
  const { rows, stateKey, page, goToPage, onOpen, onDelete, closed, arrivalRowId = null } = options;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const gridHasFocus = useRef(false);
  // The active row as set under one URL state: a new page, sort or filter starts from the
  // top. Derived, not reset by a state update during render, which would run the table's
  // render twice on every change (issue 26).
  const [chosen, setChosen] = useState<{ id: string | null; index: number; stateKey: string }>({
    id: arrivalRowId,
    index: 0,
    stateKey,
  });
  const activeRow = chosen.stateKey === stateKey ? chosen : { id: null, index: 0 };
  const setActiveIndex = useCallback(
    (index: number) => setChosen({ id: rows[index] ? String(rows[index].id) : null, index, stateKey }),
    [rows, stateKey],
  );
  const byId = activeRow.id === null ? -1 : rows.findIndex((row) => String(row.id) === activeRow.id);
  const active = rows.length ? (byId >= 0 ? byId : Math.min(activeRow.index, rows.length - 1)) : -1;
  const activeRowId = active >= 0 ? String(rows[active]!.id) : null;

  const focusRow = useCallback((index: number) => {
    bodyRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`)?.focus();
  }, []);

  // Focus follows the active row across reloads. Rows are keyed by position, so when a
  // refresh moves the active order to another position, focus moves with it; a new page,
  // sort or filter starts again at row 0. Focus elsewhere on the page is left alone.
  // Opening a list puts the focus on its active row (issue 20): the work is in the rows.
  const arriving = useRef(true);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (arriving.current && body && active >= 0) {
      // On arrival (and back from a record, its row) the grid takes the focus, once.
      arriving.current = false;
      focusRow(active);
      return;
    }
    if (!gridHasFocus.current || !body || active < 0) return;
    const current = document.activeElement;
    const inBody = !!current && body.contains(current);
    if (current && current !== document.body && !inBody) return;
    if (inBody && body.querySelector(`tr[data-index="${active}"]`)?.contains(current)) return;
    focusRow(active);
  }, [rows, active, focusRow]);

  // The delete dialog closed (deleted or cancelled): back to the grid.
  useEffect(() => {
    if (closed === 0) return;
    gridHasFocus.current = true;
    if (active >= 0) focusRow(active);
    // Only a close moves the focus; later moves of the active row are the layout effect's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [closed]);

  const move = (index: number) => {
    if (!rows.length) return;
    const next = Math.min(Math.max(0, index), rows.length - 1);
    setActiveIndex(next);
    focusRow(next);
  };

  const searchRef = useRef<HTMLInputElement>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isEditable(event.target) || document.querySelector('dialog[open]')) return;
      if (event.key === '/') searchRef.current?.focus();
      else if (event.key === '?') setShortcutsOpen(true);
      else if (event.key === '[') goToPage(page - 1);
      else if (event.key === ']') goToPage(page + 1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [goToPage, page]);

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // On a link or button inside the row only the row-to-row moves apply; Enter is theirs.
    const onRow = event.target === event.currentTarget;
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'j':
      case 'k':
      case 'Home':
      case 'End':
      case 'Enter':
      case 'Delete':
        if (!onRow) return;
        if (event.key === 'j') move(index + 1);
        else if (event.key === 'k') move(index - 1);
        else if (event.key === 'Home') move(0);
        else if (event.key === 'End') move(rows.length - 1);
        else if (event.key === 'Enter') onOpen(row);
        else if (onDelete) onDelete(row);
        else return;
        break;
      case 'PageDown':
        goToPage(page + 1);
        break;
      case 'PageUp':
        goToPage(page - 1);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  /** The grid body's focus bookkeeping: focus moving elsewhere on purpose releases the grid. */
  const bodyProps = {
    ref: bodyRef,
    onFocus: () => {
      gridHasFocus.current = true;
    },
    onBlur: (event: React.FocusEvent<HTMLTableSectionElement>) => {
      // A row vanishing (relatedTarget null) doesn't release it.
      if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node))
        gridHasFocus.current = false;
    },
  };

  return {
    active,
    activeRowId,
    setActiveIndex,
    onRowKeyDown,
    bodyProps,
    searchRef,
    shortcutsOpen,
    setShortcutsOpen,
  };
}
