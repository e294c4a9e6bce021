import { useEffect, useLayoutEffect, useRef } from 'react';

/** Whether a key event's target takes typing (page-wide shortcuts never fire there). */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * A list's one-letter key (b: bulk actions, c: columns, v: views): plain, outside any text
 * field and any open dialog. `act` answers whether it acted (then the key is consumed).
 */
export function useLetterKey(key: string, act: () => boolean, enabled = true) {
  const actRef = useRef(act);
  useLayoutEffect(() => {
    actRef.current = act;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== key || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey)
        return;
      if (isEditable(event.target) || document.querySelector('dialog[open]')) return;
      if (actRef.current()) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [key, enabled]);
}
