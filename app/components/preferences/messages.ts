import { i18n } from '../../lib/i18n';

/** The words of the language and theme choices (profile menu, sign-in screen). */
export const preferenceMessages = i18n('preferences/menu', {
  language: 'Language',
  theme: 'Theme',
  system: 'System',
  light: 'Light',
  dark: 'Dark',
  loadFailed: 'The language could not be loaded. Check the connection and try again.',
});
