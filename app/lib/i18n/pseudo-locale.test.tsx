import { act, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { store } from '#mocks/store';
import { renderApp, signInAs } from '../../test/render-app';
import { i18n } from './i18n';
import { WORDS } from './words-english';
import { BASE_LANGUAGE, locale } from './locale';

/*
 * No string left behind (issue 17, item 3): every screen rendered in a pseudo-locale
 * whose every catalog text has its Latin letters swapped for look-alikes ("Orders" →
 * "Óŕďéŕš"). Any English word still on screen — text, label, placeholder, title — did not
 * come from a catalog. Data (names, addresses, order numbers) is the mock store's own
 * words and stays as it is; elements that declare another language (the language
 * switch's "English"), data marked translate="no" (a name's initials) and key caps (<kbd>)
 * are what they say.
 */

const PSEUDO = 'en-XA';
const LOOK_ALIKE: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    'áƀçďéƒĝĥíĵķĺɱńóƥʠŕšţúʋŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹḾŃÓƤɊŔŠŢÚƲŴẊÝŽ'[i]!,
  ]),
);
/** Letters swapped, {placeholders} kept. */
const pseudo = (s: string) =>
  s.replace(/\{\w+\}|[A-Za-z]/g, (m) => (m.length > 1 ? m : (LOOK_ALIKE[m] ?? m)));
const pseudoAll = (x: unknown): unknown =>
  typeof x === 'string'
    ? pseudo(x)
    : x && typeof x === 'object'
      ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, pseudoAll(v)]))
      : x;

// Every module, so every component's messages are declared before the catalog is made.
import.meta.glob(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../main.tsx', '!../../test/**'], {
  eager: true,
});

/** Words that are the same in every language. */
const UNIVERSAL = new Set([
  'Rs',
  'CSV',
  'PDF',
  'GSTIN',
  'FSSAI',
  'CGST',
  'SGST',
  'IGST',
  'OTP',
  'DD',
  'MM',
  'YYYY',
]);

/** Words Intl writes itself for a locale it has no data for (month and day names, am/pm, "ago"). */
function intlWords(): string[] {
  const day = (i: number) => new Date(Date.UTC(2026, i, 1 + i));
  const parts = [
    ...Array.from({ length: 12 }, (_, i) =>
      ['long', 'short'].map((month) =>
        new Intl.DateTimeFormat(PSEUDO, { month } as Intl.DateTimeFormatOptions).format(day(i)),
      ),
    ).flat(),
    ...Array.from({ length: 7 }, (_, i) =>
      new Intl.DateTimeFormat(PSEUDO, { weekday: 'long' }).format(day(i)),
    ),
    new Intl.DateTimeFormat(PSEUDO, { timeStyle: 'short' }).format(new Date(0)),
    new Intl.DateTimeFormat(PSEUDO, { timeStyle: 'short' }).format(new Date(12 * 3600e3)),
    ...(['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const).flatMap((u) =>
      [-2, -1, 1, 2].map((n) => new Intl.RelativeTimeFormat(PSEUDO, { numeric: 'auto' }).format(n, u)),
    ),
  ];
  return parts.flatMap((p) => p.match(/[A-Za-z]{2,}/g) ?? []);
}

/** Every word of the mock store's data (names, addresses, items, order numbers…). */
function dataWords(): Set<string> {
  const out = new Set<string>();
  const walk = (x: unknown) => {
    if (typeof x === 'string') for (const w of x.match(/[A-Za-z]{2,}/g) ?? []) out.add(w);
    else if (x instanceof Map) for (const v of x.values()) walk(v);
    else if (x && typeof x === 'object') for (const v of Object.values(x)) walk(v);
  };
  walk(store);
  return out;
}

/** English words on screen that no catalog produced. */
function leaks(): string[] {
  const data = dataWords();
  for (const w of intlWords()) data.add(w);
  const found = new Set<string>();
  const check = (text: string | null | undefined, where: string) => {
    for (const w of text?.match(/[A-Za-z]{2,}/g) ?? [])
      if (!UNIVERSAL.has(w) && !data.has(w)) found.add(`${w} (${where.slice(0, 60)})`);
  };
  const skip = (el: Element | null) =>
    !!el?.closest('[lang]:not(html), [translate="no"], kbd, script, style');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if (!skip(n.parentElement)) check(n.textContent, n.textContent ?? '');
  for (const el of document.body.querySelectorAll(
    '[aria-label], [placeholder], [title], [alt], [aria-description]',
  ))
    if (!skip(el))
      for (const a of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description'])
        check(el.getAttribute(a), `${el.tagName.toLowerCase()}[${a}]`);
  return [...found].sort();
}

const SCREENS = [
  '/',
  '/listorders',
  '/order/edit/1',
  '/listcategories',
  '/addcategory',
  '/category/edit/1',
  '/listitems',
  '/additem',
  '/items/edit/1',
  '/listusers',
  '/adduser',
  '/users/edit/5',
  '/listroles',
  '/addrole',
  '/roles/edit/1',
  '/listaudit',
  '/editprofile',
  '/changepassword',
  '/reports/day',
  '/no-such-page',
];

describe('pseudo-locale: no English text outside the catalogs', () => {
  beforeAll(() => {
    // The words table's English is its keys (words.ts declares no base: see there).
    i18n.cache[PSEUDO] = pseudoAll({ ...i18n.cache[BASE_LANGUAGE], words: WORDS }) as never;
    locale.set(PSEUDO);
  });
  afterAll(() => locale.set(BASE_LANGUAGE));

  it('on the sign-in screen', async () => {
    await renderApp('/login');
    await screen.findByRole('button', { name: pseudo('Sign in') });
    expect(leaks()).toEqual([]);
  });

  it.each(SCREENS)('on %s', async (path) => {
    signInAs('BlueTikAdmin');
    await renderApp(path);
    // Settled: the main landmark is there and no "Loading" placeholder is left.
    await screen.findByRole('main');
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(leaks()).toEqual([]);
  });
});
