import { useCallback } from 'react';
import { showLanguage, type LanguageCode } from '../../lib/i18n';
import { notify } from '../../lib/events';
import { preferenceMessages } from './messages';

/**
 * Switches the screen's language and remembers it on this device; signed in, also on
 * the server (issue 17), so the same account opens in it on a fresh device.
 */
export function useChooseLanguage() {
  return useCallback(async (code: LanguageCode) => {
    try {
      await showLanguage(code);
    } catch {
      notify({ tone: 'error', message: preferenceMessages.get().loadFailed });
    }
  }, []);
}
