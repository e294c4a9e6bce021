/*
 * The app's words and formats (issue 17, record 065). A screen declares its English
 * words once, beside its code, and reads them through useT:
 *
 *   const messages = i18n('orders/list', { title: 'Orders', shown: params('{from}–{to} of {total}') });
 *   const t = useT(messages); … t.title … t.shown({ from, to, total })
 *
 * Their Telugu and Hindi live in the folder's messages.te-IN.json / messages.hi-IN.json.
 */
export { useStore as useT } from '@nanostores/react';
export { params } from './params';
export { i18n, showLanguage, startLanguage } from './i18n';
export { plural } from './plural';
export { formats, useFormats, $formats, type Formats } from './format';
export {
  BASE_LANGUAGE,
  LANGUAGE_CODES,
  LANGUAGE_NAMES,
  TIME_ZONE,
  locale,
  isLanguageCode,
  storedLanguage,
  type LanguageCode,
} from './locale';
export { translateWords, useWords, wordChoices } from './words';
