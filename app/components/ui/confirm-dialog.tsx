import { useT } from '../../lib/i18n';
import { uiMessages } from './messages';
import { memo, useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

/*
 * The one confirmation dialog (delete a row, leave a changed form). Built on the native
 * <dialog> element: showModal() gives a real modal (the rest of the page is inert, focus
 * stays inside, Escape cancels) without a library that injects <style> tags, which the
 * CSP forbids.
 */

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this row?' */
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  destructive?: boolean;
  /** Shows a busy confirm button and keeps the dialog open while work runs. */
  busy?: boolean;
  /** A message shown inside the dialog (e.g. the server's refusal). */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

function ConfirmDialogOf({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  destructive = false,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const w = useT(uiMessages);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  // The safe choice gets focus first, so Enter doesn't destroy anything by accident.
  const dialogProps = useModalDialog(open, {
    onCancel: () => {
      if (!busy) onCancel();
    },
    initialFocus: cancelRef,
  });

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40"
    >
      <div className="p-5">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-sm text-zinc-700">
          {children}
        </div>
        {error ? (
          <p
            role="alert"
            className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
          >
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end gap-2 border-t border-zinc-200 bg-zinc-50 px-5 py-3">
        <button ref={cancelRef} type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel ?? w.cancel}
        </button>
        <button
          type="button"
          className={destructive ? 'btn-danger' : 'btn-primary'}
          onClick={onConfirm}
          aria-disabled={busy || undefined}
        >
          {busy ? w.working : (confirmLabel ?? w.confirm)}
        </button>
      </div>
    </dialog>
  );
}

/**
 * A closed dialog doesn't render again: the lists hold one each (delete, the views menu's)
 * and re-rendered it, some dozen elements, on every change of the list (issue 26). Nothing
 * of a closed dialog can be seen or used, and opening it renders it with what it is given then.
 */
export const ConfirmDialog = memo(ConfirmDialogOf, (before, after) => !before.open && !after.open);
