import { useCallback } from 'react';
import type { Language } from '#contract/enums';
import { api } from '../../lib/api-client';
import { isSignedIn } from '../../lib/auth/session';
import { notify } from '../../lib/events';
import { BASE_LANGUAGE, locale, showLanguage, storedLanguage, type LanguageCode } from '../../lib/i18n';
import { preferenceMessages } from './messages';

/** Keeps `code` on the signed-in account, so every device of the user opens in it. */
async function keepOnAccount(code: LanguageCode) {
  await api.call('setLanguage', { body: { language: code } });
}

/**
 * Switches the screen's language and remembers it on this device; signed in, also on
 * the account (issue 17), so the same user opens in it on a fresh device.
 */
export function useChooseLanguage() {
  return useCallback(async (code: LanguageCode) => {
    try {
      await showLanguage(code);
    } catch {
      notify({ tone: 'error', message: preferenceMessages.get().loadFailed });
      return;
    }
    if (isSignedIn()) await keepOnAccount(code).catch(() => undefined);
  }, []);
}

/**
 * After sign-in: a device that chose a language (here, or on the sign-in screen) keeps it
 * and tells the account; a fresh device takes the account's.
 */
export async function adoptLanguage(account: Language | null) {
  const device = storedLanguage();
  if (device) {
    if (device !== account && (device !== BASE_LANGUAGE || account))
      await keepOnAccount(device).catch(() => undefined);
  } else if (account && account !== locale.get()) await showLanguage(account).catch(() => undefined);
}
