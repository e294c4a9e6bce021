/*
 * Preferences kept per device in local storage (the alert switches, a list's layout):
 * one set of listeners, told of this tab's writes and, through the storage event, of
 * other tabs', so every tab of the app follows a change at once.
 */

const listeners = new Set<() => void>();

/** useSyncExternalStore's subscribe for anything read from local storage. */
export function subscribeDevicePrefs(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Tells this tab's readers that a stored preference changed (other tabs hear the storage event). */
export function devicePrefsChanged() {
  for (const listener of listeners) listener();
}
