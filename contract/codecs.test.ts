import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  decodeAssociatedItems,
  decodeCatalogItems,
  decodeItemPrices,
  decodeOrderUserItems,
  decodeUnavailableItems,
  encodeAssociatedItems,
  encodeCatalogItems,
  encodedListSchema,
  encodeItemPrices,
  encodeOrderUserItems,
  encodeUnavailableItems,
  escapeField,
  unescapeField,
  type CatalogItemEntry,
  type OrderItemCategory,
} from './codecs';

// Text that stresses the escaping: separators, escape look-alikes, unicode, and plain.
const SPECIALS = [
  '|',
  ',',
  '$',
  '%',
  '||',
  '%25',
  '%7C',
  '%2c',
  '$$',
  'a',
  'Z',
  '9',
  ' ',
  'é',
  '😀',
  'ब',
  '\u0000',
];
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom(...SPECIALS), maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);
const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
// Rupees with at most two decimals, as the server writes them (fromPaise).
const amount = fc.integer({ min: 0, max: 10 ** 12 }).map((paise) => paise / 100);

const line = fc.record({
  itemId: id,
  isDeleted: fc.boolean(),
  name: text,
  itemsCount: fc.nat({ max: 999_999_999 }),
  qty: text,
  price: amount,
  totalPrice: amount,
  image: text,
});
const orderTree = fc.array(fc.record({ category: text, items: fc.array(line, { maxLength: 4 }) }), {
  maxLength: 4,
});
const catalogEntry = fc.record({ id, name: text, brand: text, price: amount, qty: text, image: text });

describe('field escaping (DECISIONS §6)', () => {
  it('escapes exactly % | , $ and round-trips any text', () => {
    expect(escapeField('50% off | A,B $5')).toBe('50%25 off %7C A%2CB %245');
    fc.assert(fc.property(text, (s) => unescapeField(escapeField(s)) === s));
  });

  it('leaves text without the four characters byte for byte', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }).filter((s) => !/[%|,$]/.test(s)),
        (s) => escapeField(s) === s,
      ),
    );
  });

  it('keeps a % that starts no known escape, as the original back end would send it', () => {
    expect(unescapeField('100% fresh')).toBe('100% fresh');
    expect(unescapeField('%7c%2C')).toBe('|,');
  });
});

describe('orderUserItems', () => {
  it('writes the spec format byte for byte for ordinary data', () => {
    const tree: OrderItemCategory[] = [
      {
        category: 'Fruits',
        items: [
          {
            itemId: 1,
            isDeleted: false,
            name: 'Apple',
            itemsCount: 2,
            qty: '1 kg',
            price: 120,
            totalPrice: 240,
            image: 'apple',
          },
          {
            itemId: 2,
            isDeleted: true,
            name: 'Mango',
            itemsCount: 1,
            qty: '500 g',
            price: 99.5,
            totalPrice: 99.5,
            image: 'mango',
          },
        ],
      },
      {
        category: 'Dairy',
        items: [
          {
            itemId: 3,
            isDeleted: false,
            name: 'Milk',
            itemsCount: 3,
            qty: '500 ml',
            price: 30,
            totalPrice: 90,
            image: 'milk',
          },
        ],
      },
    ];
    const wire =
      'Fruits||1|false|Apple|2|1 kg|120|240|apple$2|true|Mango|1|500 g|99.5|99.5|mango,Dairy||3|false|Milk|3|500 ml|30|90|milk';
    expect(encodeOrderUserItems(tree)).toBe(wire);
    expect(decodeOrderUserItems(wire)).toEqual({ success: true, output: tree });
  });

  it('round-trips any tree, whatever its names contain', () => {
    fc.assert(
      fc.property(orderTree, (tree) => {
        expect(decodeOrderUserItems(encodeOrderUserItems(tree))).toEqual({ success: true, output: tree });
      }),
    );
  });

  it('escapes separators inside names', () => {
    const tree = [
      {
        category: 'A|B, C',
        items: [
          {
            itemId: 9,
            isDeleted: false,
            name: '$5 | deal',
            itemsCount: 1,
            qty: '1',
            price: 5,
            totalPrice: 5,
            image: '',
          },
        ],
      },
    ];
    expect(encodeOrderUserItems(tree)).toBe('A%7CB%2C C||9|false|%245 %7C deal|1|1|5|5|');
  });

  it('reads an empty string, and a category with no items', () => {
    expect(decodeOrderUserItems('')).toEqual({ success: true, output: [] });
    expect(decodeOrderUserItems('Snacks||')).toEqual({
      success: true,
      output: [{ category: 'Snacks', items: [] }],
    });
  });

  it('reports what is wrong instead of throwing', () => {
    expect(decodeOrderUserItems('Fruits|1|false')).toEqual({
      success: false,
      issues: ["orderUserItems category 1 must separate its name from its items with '||'."],
    });
    expect(decodeOrderUserItems('Fruits||x|false|Apple|2|1 kg|120|240|apple')).toEqual({
      success: false,
      issues: ['orderUserItems category 1, item 1: item id must be a positive whole number.'],
    });
    expect(decodeOrderUserItems('Fruits||1|false|Apple|2|1 kg|120|240')).toEqual({
      success: false,
      issues: ["orderUserItems category 1, item 1 must have 8 fields separated by '|'."],
    });
    expect(decodeOrderUserItems(42)).toEqual({ success: false, issues: ['orderUserItems must be text.'] });
  });
});

describe('category item lists (id|name|brand|price|qty|image)', () => {
  it('writes the spec format byte for byte for ordinary data', () => {
    const entries: CatalogItemEntry[] = [
      { id: 1, name: 'Apple', brand: 'Farm Fresh', price: 120, qty: '1 kg', image: 'apple' },
      { id: 12, name: 'Milk', brand: 'Amul', price: 30.5, qty: '500 ml', image: 'milk' },
    ];
    const wire = '1|Apple|Farm Fresh|120|1 kg|apple,12|Milk|Amul|30.5|500 ml|milk';
    expect(encodeCatalogItems(entries)).toBe(wire);
    expect(decodeCatalogItems(wire)).toEqual({ success: true, output: entries });
  });

  it('round-trips any list', () => {
    fc.assert(
      fc.property(fc.array(catalogEntry, { maxLength: 6 }), (entries) => {
        expect(decodeCatalogItems(encodeCatalogItems(entries))).toEqual({ success: true, output: entries });
      }),
    );
  });

  it('rejects a wrong field count or a bad price', () => {
    expect(decodeCatalogItems('1|Apple|Brand|12|1 kg')).toEqual({
      success: false,
      issues: ["Item list entry 1 must have 6 fields separated by '|'."],
    });
    expect(decodeCatalogItems('1|Apple|Brand|12|1 kg|a,2|Pear|Brand|-3|1 kg|p')).toEqual({
      success: false,
      issues: ['Item list entry 2: price must be an amount in rupees.'],
    });
  });
});

describe('associatedItems (id|label)', () => {
  it('writes the spec format and round-trips any label', () => {
    expect(
      encodeAssociatedItems([
        { id: 3, label: 'Apple' },
        { id: 4, label: 'Milk 500 ml' },
      ]),
    ).toBe('3|Apple,4|Milk 500 ml');
    fc.assert(
      fc.property(fc.array(fc.record({ id, label: text }), { maxLength: 6 }), (entries) => {
        expect(decodeAssociatedItems(encodeAssociatedItems(entries))).toEqual({
          success: true,
          output: entries,
        });
      }),
    );
  });

  it('rejects an entry without a numeric id', () => {
    expect(decodeAssociatedItems('Apple|3')).toEqual({
      success: false,
      issues: ['associatedItems entry 1: id must be a positive whole number.'],
    });
  });
});

describe('order update lists', () => {
  it('orderUnAvailableUserItems: spec format, round trip, and bad flags', () => {
    expect(
      encodeUnavailableItems([
        { itemId: 5, checked: true },
        { itemId: 6, checked: false },
      ]),
    ).toBe('5|true,6|false');
    fc.assert(
      fc.property(fc.array(fc.record({ itemId: id, checked: fc.boolean() })), (entries) => {
        expect(decodeUnavailableItems(encodeUnavailableItems(entries))).toEqual({
          success: true,
          output: entries,
        });
      }),
    );
    expect(decodeUnavailableItems('5|yes')).toEqual({
      success: false,
      issues: ['orderUnAvailableUserItems entry 1: checked must be true or false.'],
    });
  });

  it('orderItemsPrice: spec format, round trip of any price text', () => {
    expect(
      encodeItemPrices([
        { itemId: 5, price: '12.50' },
        { itemId: 6, price: '' },
      ]),
    ).toBe('5|12.50,6|');
    fc.assert(
      fc.property(fc.array(fc.record({ itemId: id, price: text })), (entries) => {
        expect(decodeItemPrices(encodeItemPrices(entries))).toEqual({ success: true, output: entries });
      }),
    );
  });
});

describe('decoders on garbage', () => {
  const decoders = [
    decodeOrderUserItems,
    decodeCatalogItems,
    decodeAssociatedItems,
    decodeUnavailableItems,
    decodeItemPrices,
  ] as const;

  it('never throw, and answer either a list or messages', () => {
    const garbage = fc.oneof(
      fc.string({ unit: fc.constantFrom(...SPECIALS, '1', '0', 'true', '.') }),
      fc.string({ unit: 'binary' }),
      fc.anything(),
    );
    fc.assert(
      fc.property(garbage, (input) => {
        for (const decode of decoders) {
          const r = decode(input);
          if (r.success) expect(Array.isArray(r.output)).toBe(true);
          else {
            expect(r.issues.length).toBeGreaterThan(0);
            expect(r.issues.length).toBeLessThanOrEqual(10);
          }
        }
      }),
    );
  });

  it('skip empty entries left by a trailing separator', () => {
    expect(decodeAssociatedItems('1|A,')).toEqual({ success: true, output: [{ id: 1, label: 'A' }] });
  });
});

describe('encodedListSchema', () => {
  const Schema = v.object({
    items: encodedListSchema(decodeAssociatedItems, { max: 3, message: 'At most 3 items.' }),
  });

  it('turns the string into a typed list, and absent or null into []', () => {
    expect(v.parse(Schema, { items: '1|A%2CB' })).toEqual({ items: [{ id: 1, label: 'A,B' }] });
    expect(v.parse(Schema, {})).toEqual({ items: [] });
    expect(v.parse(Schema, { items: null })).toEqual({ items: [] });
  });

  it('gives the decoder messages as the field issues', () => {
    const r = v.safeParse(Schema, { items: 'x|A' });
    expect(r.success).toBe(false);
    expect(r.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([
      ['items', 'associatedItems entry 1: id must be a positive whole number.'],
    ]);
  });
});
