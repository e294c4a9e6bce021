import { useId, useRef } from 'react';
import { i18n, useT } from '../../lib/i18n';
import { useGlobalShortcuts } from '../../lib/shortcuts';
import { useModalDialog } from '../ui/use-modal-dialog';

const messages = i18n('data-table/shortcut-sheet', {
  title: 'Keyboard shortcuts',
  inLists: 'In lists',
  everywhere: 'Everywhere',
  close: 'Close',
  nextRow: 'Next row',
  previousRow: 'Previous row',
  firstOrLast: 'First or last row of the page',
  open: 'Open the row',
  delete: 'Delete the row (when you may)',
  nextPage: 'Next page',
  previousPage: 'Previous page',
  select: 'Select the row (lists with bulk actions)',
  selectToo: 'Select the next or previous row too',
  bulk: 'To the bulk actions of the selection',
  search: 'Search',
  columns: 'Columns: show, hide, move, pin, resize; density',
  views: 'Saved views: open, save, share (the orders list)',
  sort: 'On a column header: sort by it',
  sheet: 'Show these shortcuts',
});
type SheetWords = ReturnType<typeof messages.get>;

/** The keys the lists answer to (key names stay as the keyboard says them), and what each does. */
export const TABLE_SHORTCUTS: ReadonlyArray<{ keys: string[]; what: keyof SheetWords }> = [
  { keys: ['↓', 'j'], what: 'nextRow' },
  { keys: ['↑', 'k'], what: 'previousRow' },
  { keys: ['Home', 'End'], what: 'firstOrLast' },
  { keys: ['Enter'], what: 'open' },
  { keys: ['Delete'], what: 'delete' },
  { keys: ['PageDown', ']'], what: 'nextPage' },
  { keys: ['PageUp', '['], what: 'previousPage' },
  { keys: ['Space'], what: 'select' },
  { keys: ['Shift+↓', 'Shift+↑'], what: 'selectToo' },
  { keys: ['b'], what: 'bulk' },
  { keys: ['/'], what: 'search' },
  { keys: ['c'], what: 'columns' },
  { keys: ['v'], what: 'views' },
  { keys: ['Enter', 'Space'], what: 'sort' },
  { keys: ['?'], what: 'sheet' },
];

type Shortcut = { keys: string[]; what: string };

function ShortcutList({ title, shortcuts }: { title: string; shortcuts: readonly Shortcut[] }) {
  const id = useId();
  return (
    <>
      <h3 id={id} className="mt-4 text-xs font-semibold tracking-wide text-zinc-600 uppercase">
        {title}
      </h3>
      <dl aria-labelledby={id} className="mt-1 divide-y divide-zinc-100 text-sm">
        {shortcuts.map(({ keys, what }) => (
          <div key={what} className="flex items-center justify-between gap-4 py-1.5">
            <dt className="text-zinc-700">{what}</dt>
            <dd className="flex shrink-0 gap-1">
              {keys.map((key) => (
                <kbd
                  key={key}
                  className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs text-zinc-800"
                >
                  {key}
                </kbd>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The shortcut sheet, on the native modal <dialog> like ConfirmDialog (CSP-safe, Escape closes). */
export function ShortcutSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT(messages);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const dialogProps = useModalDialog(open, { onCancel: onClose, initialFocus: closeRef });
  const globalShortcuts = useGlobalShortcuts();
  const tableShortcuts = TABLE_SHORTCUTS.map(({ keys, what }) => ({ keys, what: t[what] }));

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40"
    >
      <div className="max-h-[75dvh] overflow-y-auto p-5">
        <h2 id={titleId} className="text-base font-semibold">
          {t.title}
        </h2>
        <ShortcutList title={t.inLists} shortcuts={tableShortcuts} />
        <ShortcutList title={t.everywhere} shortcuts={globalShortcuts} />
      </div>
      <div className="flex justify-end border-t border-zinc-200 bg-zinc-50 px-5 py-3">
        <button ref={closeRef} type="button" className="btn-secondary" onClick={onClose}>
          {t.close}
        </button>
      </div>
    </dialog>
  );
}
