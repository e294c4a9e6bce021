import { atom } from 'nanostores';
import { devicePrefsChanged } from '../device-prefs';

/*
 * The app's languages (issue 17): English as India writes it (the default, and the
 * API's own words), Telugu and Hindi. The codes are BCP 47 tags, so they go to Intl
 * as they are: numbers group in lakhs and crores, dates read day first.
 */
export const LANGUAGE_CODES = ['en-IN', 'te-IN', 'hi-IN'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const BASE_LANGUAGE: LanguageCode = 'en-IN';

/** Each language named in itself, as a language switch shows it (never translated). */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  'en-IN': 'English',
  'te-IN': 'తెలుగు',
  'hi-IN': 'हिन्दी',
};

/** Every date and time on screen is India time, whatever the device's zone (stated in the UI). */
export const TIME_ZONE = 'Asia/Kolkata';

const STORAGE_KEY = 'language';

export const isLanguageCode = (x: unknown): x is LanguageCode =>
  typeof x === 'string' && (LANGUAGE_CODES as readonly string[]).includes(x);

/** This device's choice, if it made one. */
export function storedLanguage(): LanguageCode | undefined {
  try {
    const x = localStorage.getItem(STORAGE_KEY);
    return isLanguageCode(x) ? x : undefined;
  } catch {
    return undefined;
  }
}

export function storeLanguage(code: LanguageCode) {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Private mode without storage: the choice lasts this visit (and the server keeps it).
  }
  devicePrefsChanged();
}

/**
 * The language on screen. A string, not only LanguageCode: tests put a pseudo-locale
 * here to find text that bypasses the catalogs. It starts in English; main.tsx shows the
 * device's language (startLanguage) once its messages are in, before the first render.
 */
export const locale = atom<string>(BASE_LANGUAGE);
