import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { WORDS } from './words-english';

/*
 * Every English message has its Telugu and Hindi text (issue 17, "a check fails when a
 * key lacks its Telugu or Hindi text"), with the same {placeholders} and plural forms,
 * and no catalog keeps a text whose English is gone.
 */

// Every module of the app, so every component's messages are declared.
import.meta.glob(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../main.tsx', '!../../test/**'], {
  eager: true,
});
const catalogs = {
  'te-IN': import.meta.glob<Record<string, Record<string, unknown>>>('../../**/messages.te-IN.json', {
    eager: true,
    import: 'default',
  }),
  'hi-IN': import.meta.glob<Record<string, Record<string, unknown>>>('../../**/messages.hi-IN.json', {
    eager: true,
    import: 'default',
  }),
};

const placeholders = (x: unknown): string =>
  [...JSON.stringify(x).matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
const shape = (x: unknown) => (typeof x === 'object' && x ? Object.keys(x).sort().join('|') : typeof x);

describe.each(Object.entries(catalogs))('the %s catalog', (_code, files) => {
  const catalog = Object.assign({}, ...Object.values(files)) as Record<string, Record<string, unknown>>;
  // The words table's English is its keys (words.ts declares no base, so English loads none).
  // Components named test/… are the tests' own (params.test.ts): files of the app project share
  // one module graph (vitest.config.ts, isolate: false), so one may have registered its own first.
  const english = Object.entries(i18n.cache['en-IN'] ?? {}).filter(
    ([component]) => !component.startsWith('test/'),
  );
  const base = { ...Object.fromEntries(english), words: WORDS } as unknown as Record<
    string,
    Record<string, unknown>
  >;

  it('has every component and key of the English, with the same placeholders and forms', () => {
    const missing: string[] = [];
    const different: string[] = [];
    for (const [component, texts] of Object.entries(base)) {
      for (const [key, english] of Object.entries(texts)) {
        const text = catalog[component]?.[key];
        if (text === undefined || text === '') missing.push(`${component}.${key}`);
        else if (placeholders(text) !== placeholders(english) || shape(text) !== shape(english))
          different.push(`${component}.${key}`);
      }
    }
    expect(missing, 'keys without a translation').toEqual([]);
    expect(different, 'placeholders or plural forms unlike the English').toEqual([]);
  });

  it('keeps no text whose English is gone', () => {
    const stale = Object.entries(catalog).flatMap(([component, texts]) =>
      Object.keys(texts)
        .filter((key) => base[component]?.[key] === undefined)
        .map((key) => `${component}.${key}`),
    );
    expect(stale).toEqual([]);
  });
});
