import { useMemo, type MouseEvent } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import type { RowLinkOptions } from './row-actions';
import { writeShownSearch } from './shown-search';

/** What inside a row keeps its own meaning under a click: links, buttons, form controls. */
const OWN_CLICK =
  'a[href], button, input, select, textarea, label, summary, [role="button"], [role="checkbox"]';

function ownedByControl(event: MouseEvent<HTMLElement>): boolean {
  const control = (event.target as Element).closest(OWN_CLICK);
  return control !== null && event.currentTarget.contains(control);
}

/**
 * A click or tap anywhere on a row opens it, as Enter does (issue 24): a plain click goes
 * there in the app; Ctrl/⌘/Shift-click and a middle click open it in a new tab, as they
 * would on a link (the row's href is the one its Edit link has). Clicks on the row's own
 * links, buttons and check boxes are theirs, and a drag that selected text is a selection.
 * A row without a link opens nothing. The navigation names the row (history state
 * `listRow`), so coming back focuses it (list-return.ts).
 */
export function useRowOpen<T extends { id: number }>(rowLink: (row: T) => RowLinkOptions | undefined) {
  const router = useRouter();
  const navigate = useNavigate();
  return useMemo(() => {
    const newTab = (row: T) => {
      const link = rowLink(row);
      if (link) window.open(router.buildLocation(link).publicHref, '_blank', 'noopener');
    };
    const go = (row: T) => {
      const link = rowLink(row);
      // A list change still on its way to the URL goes first: the way back is the list's URL.
      if (link) void writeShownSearch().then(() => navigate({ ...link, state: { listRow: String(row.id) } }));
    };
    return {
      /** Enter on the row: where a plain click goes. */
      open: go,
      onClick(event: MouseEvent<HTMLElement>, row: T) {
        if (event.defaultPrevented || event.button !== 0 || ownedByControl(event)) return;
        if (window.getSelection()?.toString()) return;
        if (event.ctrlKey || event.metaKey || event.shiftKey) newTab(row);
        else go(row);
      },
      onAuxClick(event: MouseEvent<HTMLElement>, row: T) {
        if (event.button !== 1 || ownedByControl(event)) return;
        event.preventDefault();
        newTab(row);
      },
    };
  }, [router, navigate, rowLink]);
}
