import { useSyncExternalStore } from 'react';
import { devicePrefsChanged, subscribeDevicePrefs } from './device-prefs';

/*
 * Light, dark or the system's choice (issue 17), per device. Dark is the class `dark`
 * on <html>; styles.css swaps the palette's variables under it (screen only: paper
 * stays light).
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
const STORAGE_KEY = 'theme';
const dark = () => window.matchMedia?.('(prefers-color-scheme: dark)');

function stored(): Theme {
  try {
    const x = localStorage.getItem(STORAGE_KEY);
    return (THEMES as readonly string[]).includes(x ?? '') ? (x as Theme) : 'system';
  } catch {
    return 'system';
  }
}

function apply() {
  const theme = stored();
  const on = theme === 'dark' || (theme === 'system' && dark()?.matches === true);
  document.documentElement.classList.toggle('dark', on);
}

/** Applies the stored theme before the first render and follows the system's changes. */
export function startTheme() {
  apply();
  dark()?.addEventListener('change', apply);
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEY) apply();
  });
}

export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Without storage the choice lasts this page.
  }
  apply();
  devicePrefsChanged();
}

export const useTheme = () => useSyncExternalStore(subscribeDevicePrefs, stored, () => 'system' as Theme);
