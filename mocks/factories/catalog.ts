import type { Category, CategoryListRow } from '#contract/categories';
import { encodeCatalogItems, type CatalogItemEntry } from '#contract/codecs';
import { ROLES } from '#contract/enums';
import type { Item } from '#contract/items';
import type { RoleRecord } from '#contract/roles';

/*
 * The catalog's factories (items, categories) and the roles, shaped by the contract
 * types. Deterministic: record n always looks the same, so tests can name it.
 */

const GROCERIES: [string, string, number, number, string, string, string, string][] = [
  ['Basmati Rice', 'India Gate', 120, 150, '1 kg', 'Grocery', 'Rice', 'basmati-rice'],
  ['Toor Dal', 'Tata Sampann', 95.5, 110, '500 g', 'Grocery', 'Pulses', 'toor-dal'],
  ['Sunflower Oil', 'Fortune', 160, 185, '1 L', 'Grocery', 'Oils', 'sunflower-oil'],
  ['Green Tea', 'Lipton', 210, 240, '100 g', 'Beverages', 'Tea', ''],
  ['Milk Bread', 'Modern', 40, 45, '400 g', 'Bakery', 'Bread', 'milk-bread'],
];

/** Item `n`: 1–5 are the groceries the orders hold, later ones numbered ("Item 006"). */
export function makeItem(n: number, overrides: Partial<Item> = {}): Item {
  const grocery = GROCERIES[n - 1];
  const [name, brand, price, mrp, qty, category, subCategory, image] = grocery ?? [
    `Item ${String(n).padStart(3, '0')}`,
    `Brand ${n % 7}`,
    10 + n + 0.25,
    12 + n,
    `${(n % 5) + 1}00 g`,
    `Category ${String(n % 10).padStart(3, '0')}`,
    `Sub ${n % 4}`,
    `item-${n}`,
  ];
  return {
    id: n,
    name,
    description: `${name} by ${brand}`,
    brand,
    price,
    mrp,
    qty,
    category,
    subCategory,
    image,
    version: 1,
    ...overrides,
  };
}

/** A catalog item as the category lists encode it. */
export function toCatalogEntry(item: Item): CatalogItemEntry {
  return {
    id: item.id,
    name: item.name,
    brand: item.brand,
    price: item.price,
    qty: item.qty,
    image: item.image,
  };
}

/** A category as the store holds it: its fields and the ids of its items. */
export interface StoredCategory extends CategoryListRow {
  itemIds: number[];
  version: number;
}

/** Category `n`, holding items n and n + 1 of the first five. */
export function makeCategory(n: number, overrides: Partial<StoredCategory> = {}): StoredCategory {
  return {
    id: n,
    name: `Category ${String(n).padStart(3, '0')}`,
    subCategory: `Sub ${n % 4}`,
    description: `Everything in category ${n}`,
    image: `category-${n}`,
    itemIds: [((n - 1) % 5) + 1, (n % 5) + 1],
    version: 1,
    ...overrides,
  };
}

/** A category as getcategorybyid answers: its two lists from the stored items. */
export function categoryResult(stored: StoredCategory, items: readonly Item[]): Category {
  const { itemIds, ...fields } = stored;
  const inIt = new Set(itemIds);
  return {
    ...fields,
    availableItems: encodeCatalogItems(items.filter((i) => !inIt.has(i.id)).map(toCatalogEntry)),
    associatedItems: encodeCatalogItems(items.filter((i) => inIt.has(i.id)).map(toCatalogEntry)),
  };
}

/** Role `n` of the four role types (1 BlueTikAdmin … 4 MobileUser). */
export function makeRole(n: number, overrides: Partial<RoleRecord> = {}): RoleRecord {
  const name = ROLES[(n - 1) % ROLES.length]!;
  return { id: n, name, description: `${name} accounts`, version: 1, ...overrides };
}
