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

const SNOOZE_KEY = 'alerts.snoozeUntil';
/** How long Snooze silences the repeating ring (issue 28). */
export const SNOOZE_MS = 5 * 60_000;

/** Until when (epoch ms) the repeating ring is silenced on this device; 0 when it is not. */
export function snoozedUntil(now: number = Date.now()): number {
  const until = Number(localStorage.getItem(SNOOZE_KEY) ?? 0);
  return until > now ? until : 0;
}

/** Silences the repeating ring for SNOOZE_MS on this device (kept across reloads), or ends that. */
export function setSnooze(on: boolean, now: number = Date.now()) {
  if (on) localStorage.setItem(SNOOZE_KEY, String(now + SNOOZE_MS));
  else localStorage.removeItem(SNOOZE_KEY);
  devicePrefsChanged();
}

/** snoozedUntil(), re-rendering when it is set or ended here or in another tab. */
export function useSnoozedUntil(): number {
  return useSyncExternalStore(subscribeDevicePrefs, () => snoozedUntil());
}
