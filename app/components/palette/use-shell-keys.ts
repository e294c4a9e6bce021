import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { can } from '#contract/permissions';
import { GO_KEYS } from '../../lib/shortcuts';
import { isEditable } from '../../lib/typing';

/** How long after `g` its letter may follow. */
const GO_WINDOW_MS = 1500;

/**
 * The keys of every signed-in screen: Ctrl+K / ⌘K toggles the palette (even from a field: it
 * is a chord, not typing); `g` then a letter goes to a screen — never while typing, in a
 * dialog, or with a modifier held.
 */
export function useShellKeys(role: string, togglePalette: () => void) {
  const navigate = useNavigate();
  useEffect(() => {
    let goUntil = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        togglePalette();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target)) return;
      if (document.querySelector('dialog[open], [role="menu"]')) return;
      if (event.key === 'g') {
        goUntil = event.timeStamp + GO_WINDOW_MS;
        return;
      }
      const pending = goUntil > event.timeStamp;
      goUntil = 0;
      if (!pending || !Object.hasOwn(GO_KEYS, event.key)) return;
      const letter = event.key as keyof typeof GO_KEYS;
      if ((letter === 'u' || letter === 'r') && !can(role, 'users.manage')) return;
      event.preventDefault();
      void navigate({ to: GO_KEYS[letter] });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [role, togglePalette, navigate]);
}
