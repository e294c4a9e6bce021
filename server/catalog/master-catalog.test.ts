import { existsSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ItemUpsertSchema } from '#contract/items';

/*
 * The bundled master catalog (DECISIONS §1 bulkitemsinsert) must pass the same rules as
 * the item form (spec §5 Item), so an import never stores an item the screens would reject.
 */

interface CatalogEntry {
  name: string;
  description: string;
  brand: string;
  price: number;
  mrp: number;
  qty: string;
  category: string;
  subCategory: string;
  image: string;
}

const catalogUrl = new URL('./master-catalog.json', import.meta.url);
const catalog = JSON.parse(readFileSync(catalogUrl, 'utf8')) as CatalogEntry[];
const imageFile = (image: string) => new URL(`./images/${image}.jpg`, import.meta.url);

describe('master catalog', () => {
  it('holds at least 200 items', () => {
    expect(Array.isArray(catalog)).toBe(true);
    expect(catalog.length).toBeGreaterThanOrEqual(200);
  });

  it('passes the item rules entry by entry', () => {
    const failures = catalog.flatMap((entry, i) => {
      const result = v.safeParse(ItemUpsertSchema, entry);
      return result.success ? [] : [`#${i} ${entry.name}: ${result.issues.map((x) => x.message).join('; ')}`];
    });
    expect(failures).toEqual([]);
  });

  it('stores strings already trimmed and prices between 1 and the mrp', () => {
    for (const entry of catalog) {
      for (const key of [
        'name',
        'description',
        'brand',
        'qty',
        'category',
        'subCategory',
        'image',
      ] as const) {
        expect(entry[key], `${entry.name} ${key}`).toBe(entry[key].trim());
      }
      expect(typeof entry.price).toBe('number');
      expect(typeof entry.mrp).toBe('number');
      expect(entry.price, entry.name).toBeGreaterThanOrEqual(1);
      expect(entry.price, entry.name).toBeLessThanOrEqual(entry.mrp);
    }
  });

  it('has unique (name, brand) pairs, so the import skips nothing of its own', () => {
    const keys = catalog.map((e) => `${e.name.toLowerCase()}\u0000${e.brand.toLowerCase()}`);
    const dupes = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(dupes).toEqual([]);
  });

  it('includes names with the separators the pipe/comma codecs must escape', () => {
    for (const ch of ['|', ',', '$', '%']) {
      expect(
        catalog.some((e) => e.name.includes(ch)),
        ch,
      ).toBe(true);
    }
  });

  it('ships a placeholder and at least 12 referenced item images', () => {
    expect(existsSync(imageFile('placeholder'))).toBe(true);
    const withImage = catalog.filter((e) => e.image !== '' && existsSync(imageFile(e.image)));
    expect(withImage.length).toBeGreaterThanOrEqual(12);
  });
});
