import { useT } from '../../lib/i18n';
import { uiMessages } from './messages';
import { useId, useRef, useState, type ReactNode } from 'react';
import { ImageOff, X } from 'lucide-react';
import { useModalDialog } from './use-modal-dialog';

/**
 * A picture in a modal (an item's image from the order tree, the category lists, the
 * Item Details button). Native <dialog> like ConfirmDialog: a real modal with Escape and
 * a focus trap, no injected styles (CSP). A picture that fails to load shows a note instead.
 */
export function ImageDialog({
  open,
  title,
  src,
  alt,
  children,
  onClose,
}: {
  open: boolean;
  title: string;
  src: string;
  alt: string;
  /** Details shown under the picture. */
  children?: ReactNode;
  onClose: () => void;
}) {
  const w = useT(uiMessages);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const dialogProps = useModalDialog(open, { onCancel: onClose, initialFocus: closeRef });

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40"
    >
      <div className="flex items-center justify-between gap-3 border-b border-zinc-200 px-5 py-3">
        <h2 id={titleId} className="truncate text-base font-semibold">
          {title}
        </h2>
        <button ref={closeRef} type="button" className="btn-ghost" aria-label={w.close} onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <div className="p-5">
        {open ? (
          failedSrc === src ? (
            <div className="flex aspect-square w-full flex-col items-center justify-center gap-2 rounded-md bg-zinc-100 text-zinc-600">
              <ImageOff aria-hidden="true" className="size-8" />
              <p>{w.noImage}</p>
            </div>
          ) : (
            <img
              src={src}
              alt={alt}
              onError={() => setFailedSrc(src)}
              className="mx-auto aspect-square w-full max-w-sm rounded-md bg-zinc-100 object-contain"
            />
          )
        ) : null}
        {children ? <div className="mt-4 text-sm text-zinc-700">{children}</div> : null}
      </div>
    </dialog>
  );
}
