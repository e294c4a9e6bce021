import { useId, useRef } from 'react';
import { useGlobalShortcuts } from '../../lib/shortcuts';
import { useModalDialog } from '../ui/use-modal-dialog';

/** The keys the lists answer to, as the sheet lists them. */
export const TABLE_SHORTCUTS: ReadonlyArray<{ keys: string[]; what: string }> = [
  { keys: ['↓', 'j'], what: 'Next row' },
  { keys: ['↑', 'k'], what: 'Previous row' },
  { keys: ['Home', 'End'], what: 'First or last row of the page' },
  { keys: ['Enter'], what: 'Open the row' },
  { keys: ['Delete'], what: 'Delete the row (when you may)' },
  { keys: ['PageDown', ']'], what: 'Next page' },
  { keys: ['PageUp', '['], what: 'Previous page' },
  { keys: ['Space'], what: 'Select the row (lists with bulk actions)' },
  { keys: ['Shift+↓', 'Shift+↑'], what: 'Select the next or previous row too' },
  { keys: ['b'], what: 'To the bulk actions of the selection' },
  { keys: ['/'], what: 'Search' },
  { keys: ['c'], what: 'Columns: show, hide, move, pin, resize; density' },
  { keys: ['v'], what: 'Saved views: open, save, share (the orders list)' },
  { keys: ['Enter', 'Space'], what: 'On a column header: sort by it' },
  { keys: ['?'], what: 'Show these shortcuts' },
];

function ShortcutList({ title, shortcuts }: { title: string; shortcuts: typeof TABLE_SHORTCUTS }) {
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
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const dialogProps = useModalDialog(open, { onCancel: onClose, initialFocus: closeRef });
  const globalShortcuts = useGlobalShortcuts();

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40"
    >
      <div className="max-h-[75dvh] overflow-y-auto p-5">
        <h2 id={titleId} className="text-base font-semibold">
          Keyboard shortcuts
        </h2>
        <ShortcutList title="In lists" shortcuts={TABLE_SHORTCUTS} />
        <ShortcutList title="Everywhere" shortcuts={globalShortcuts} />
      </div>
      <div className="flex justify-end border-t border-zinc-200 bg-zinc-50 px-5 py-3">
        <button ref={closeRef} type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
