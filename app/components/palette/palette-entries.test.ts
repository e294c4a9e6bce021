import { afterEach, describe, expect, it } from 'vitest';
import { BASE_LANGUAGE, showLanguage } from '../../lib/i18n';
import { entryMatches, paletteEntries } from './palette-entries';

describe('the palette’s entries', () => {
  afterEach(() => showLanguage(BASE_LANGUAGE, { remember: false }));

  it('are named in the reader’s language and found by their English names too', async () => {
    await showLanguage('te-IN', { remember: false });
    const entries = paletteEntries('BlueTikAdmin');
    expect(entries.map((e) => e.label).slice(0, 4)).toEqual(['డాష్‌బోర్డ్', 'ఆర్డర్లు', 'వర్గాలు', 'ఐటమ్‌లు']);
    const items = entries.find((e) => e.href === '/listitems')!;
    expect(entryMatches(items, 'ఐటమ్')).toBe(true);
    expect(entryMatches(items, 'items')).toBe(true);
    expect(entryMatches(items, 'products')).toBe(true);
  });
});
