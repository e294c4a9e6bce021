import { useEffect, useRef, type RefObject, type SyntheticEvent } from 'react';

/**
 * Opens and closes a native <dialog> as a real modal (showModal: the rest of the page is
 * inert, focus stays inside, Escape cancels) from React state, without a library that
 * injects <style> tags, which the CSP forbids. Spread the returned props on the <dialog>.
 */
export function useModalDialog(
  open: boolean,
  {
    onCancel,
    initialFocus,
  }: {
    /** Escape: the parent closes the dialog through its own state. */
    onCancel: () => void;
    /** Focused when the dialog opens. */
    initialFocus?: RefObject<HTMLElement | null>;
  },
) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom has no showModal; the open attribute is the closest it can do.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open, initialFocus]);

  return {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      // Cancel through React state so the parent stays the source of truth.
      event.preventDefault();
      onCancel();
    },
  };
}
