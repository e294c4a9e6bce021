import { createI18n, type ComponentsJSON } from '@nanostores/i18n';
import {
  BASE_LANGUAGE,
  isLanguageCode,
  locale,
  storedLanguage,
  storeLanguage,
  type LanguageCode,
} from './locale';

/*
 * Messages (issue 17, record 065): @nanostores/i18n. Each screen declares its English
 * words beside its code — `const messages = i18n('orders/list', { title: 'Orders' })`,
 * read with `useStore(messages)` — and each folder keeps their Telugu and Hindi in
 * `messages.te-IN.json` and `messages.hi-IN.json` ({ component: { key: text } }).
 * A language's files are loaded together, on demand, as one chunk each: the English
 * words are the code's own, so a Telugu reader downloads Telugu and nothing else.
 */

/** Each language's catalog: its folders' files merged into one chunk (one request). */
const CATALOGS: Record<Exclude<LanguageCode, 'en-IN'>, () => Promise<{ default: ComponentsJSON }>> = {
  'te-IN': () => import('./catalog-te-IN'),
  'hi-IN': () => import('./catalog-hi-IN'),
};

/**
 * Every folder's messages of one language, merged (component names are unique app-wide),
 * with an entry — empty if need be — for each component named: the library redraws after
 * a switch only once every component it asked for has come back.
 */
async function loadCatalog(code: string, components: string[] = []): Promise<ComponentsJSON> {
  const named = Object.fromEntries(components.map((name) => [name, {}]));
  if (!isLanguageCode(code) || code === 'en-IN') return named;
  return Object.assign(named, (await CATALOGS[code]()).default);
}

export const i18n = createI18n(locale, { baseLocale: BASE_LANGUAGE, get: loadCatalog });

/**
 * Shows the app in `code`: its messages are fetched first and only then the screen
 * switches, so it never flashes half English. Remembered on this device.
 */
export async function showLanguage(code: LanguageCode, opts: { remember?: boolean } = {}) {
  // The library's cache holds what it loaded itself in this same shape (component → texts).
  if (code !== BASE_LANGUAGE && !i18n.cache[code])
    i18n.cache[code] = (await loadCatalog(code, Object.keys(i18n.cache[BASE_LANGUAGE] ?? {}))) as never;
  locale.set(code);
  document.documentElement.lang = code;
  if (opts.remember !== false) storeLanguage(code);
}

/** Before the first render: this device's language, with its messages already in. */
export async function startLanguage() {
  const code = storedLanguage() ?? BASE_LANGUAGE;
  await showLanguage(code, { remember: false }).catch(() => showLanguage(BASE_LANGUAGE, { remember: false }));
}
