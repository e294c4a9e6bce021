import { useSyncExternalStore } from 'react';
import { devicePrefsChanged, subscribeDevicePrefs } from './device-prefs';

/*
 * The new-order alert switches of the profile menu (issue 16): sound (on unless switched
 * off) and desktop notifications (off until asked for, since the browser must grant them).
 * Kept per device in local storage: the tab at the counter rings, the owner's phone need not.
 */

export type AlertPref = 'sound' | 'desktop';

const KEYS: Record<AlertPref, string> = { sound: 'alerts.sound', desktop: 'alerts.desktop' };
const DEFAULTS: Record<AlertPref, boolean> = { sound: true, desktop: false };

/** Whether `pref` is on on this device. */
export function alertPref(pref: AlertPref): boolean {
  const stored = localStorage.getItem(KEYS[pref]);
  return stored === null ? DEFAULTS[pref] : stored === 'on';
}

/** Switches `pref` on this device (every tab of the app follows through the storage event). */
export function setAlertPref(pref: AlertPref, on: boolean) {
  localStorage.setItem(KEYS[pref], on ? 'on' : 'off');
  devicePrefsChanged();
}

/** `pref`, re-rendering when it changes here or in another tab. */
export function useAlertPref(pref: AlertPref): boolean {
  return useSyncExternalStore(subscribeDevicePrefs, () => alertPref(pref));
}
