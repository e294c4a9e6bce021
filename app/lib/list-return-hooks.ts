import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { listOf } from './list-return';
import { isEditable } from './typing';

/* The record screens' side of list-return.ts: Save, Cancel and Escape go back to the list. */

/** Leaves the current record for the list it was opened from (`fallback` when opened directly). */
export function useBackToList(fallback: string): () => void {
  const navigate = useNavigate();
  const router = useRouter();
  return useCallback(() => {
    const href = listOf(router.state.location.pathname);
    void navigate({ href: href ?? fallback });
  }, [navigate, router, fallback]);
}

/** Escape leaves the record (as Cancel does), unless typing, in a dialog, or already handled. */
export function useEscapeLeaves(leave: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || isEditable(event.target)) return;
      if (document.querySelector('dialog[open], [role="dialog"], [role="menu"]')) return;
      event.preventDefault();
      leave();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [leave]);
}
