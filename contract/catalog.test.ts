import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { categoryFormValues, CategorySchema, CategoryUpsertSchema, type Category } from './categories';
import { decodeCatalogItems } from './codecs';
import { itemFormValues, ItemSchema, ItemUpsertSchema, type Item } from './items';

/** What a caller sees: each field's messages, by dot path. */
function errors(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const r = v.safeParse(schema, input);
  const out: Record<string, string[]> = {};
  for (const issue of r.issues ?? []) (out[v.getDotPath(issue) ?? ''] ??= []).push(issue.message);
  return out;
}

const goodCategory = {
  id: '',
  name: 'Fruits',
  subcategory: 'Fresh fruit',
  description: 'Seasonal fruit',
  image: 'fruits',
  associatedItems: '3|Apple,4|Milk%2C 500 ml',
};

describe('CategoryUpsertSchema', () => {
  it('accepts a good category: empty id creates, associated items decoded', () => {
    expect(v.parse(CategoryUpsertSchema, goodCategory)).toEqual({
      ...goodCategory,
      id: 0,
      associatedItems: [
        { id: 3, label: 'Apple' },
        { id: 4, label: 'Milk, 500 ml' },
      ],
    });
  });

  it('says "is required" once for blank and missing fields', () => {
    const expected = {
      name: ['Name is required'],
      subcategory: ['Sub-Category is required'],
      description: ['Description is required'],
      image: ['Image is required'],
    };
    expect(errors(CategoryUpsertSchema, { name: ' ', subcategory: '', description: '', image: '' })).toEqual(
      expected,
    );
    expect(errors(CategoryUpsertSchema, {})).toEqual(expected);
  });

  it('gives the spec length messages (4 to 100, image 4 to 200)', () => {
    expect(
      errors(CategoryUpsertSchema, {
        ...goodCategory,
        name: 'abc',
        subcategory: 'abc',
        description: 'abc',
        image: 'abc',
      }),
    ).toEqual({
      name: ['Name must be at least 4 characters long.'],
      subcategory: ['Sub-Category must be at least 4 characters long.'],
      description: ['Description must be at least 4 characters long.'],
      image: ['Image must be at least 4 characters long.'],
    });
    const long = 'x'.repeat(101);
    expect(
      errors(CategoryUpsertSchema, {
        ...goodCategory,
        name: long,
        subcategory: long,
        description: long,
        image: 'x'.repeat(201),
      }),
    ).toEqual({
      name: ['Name cannot be more than 100 characters long.'],
      subcategory: ['Sub-Category cannot be more than 100 characters long.'],
      description: ['Description cannot be more than 100 characters long.'],
      image: ['Image cannot be more than 200 characters long.'],
    });
    expect(v.safeParse(CategoryUpsertSchema, { ...goodCategory, image: 'x'.repeat(200) }).success).toBe(true);
  });

  it('refuses associated items without ids', () => {
    expect(errors(CategoryUpsertSchema, { ...goodCategory, associatedItems: 'Apple' })).toEqual({
      associatedItems: ["associatedItems entry 1 must have 2 fields separated by '|'."],
    });
  });

  it('starts the form from a loaded category, and the result lists decode', () => {
    const category: Category = {
      id: 9,
      version: 3,
      name: 'Dairy',
      subCategory: 'Milk',
      description: 'Milk and curd',
      image: 'dairy',
      availableItems: '1|Apple|Farm|120|1 kg|apple',
      associatedItems: '2|Milk|Amul|30|500 ml|milk',
    };
    expect(v.parse(CategorySchema, category)).toEqual(category);
    expect(categoryFormValues(category)).toMatchObject({ id: 9, subcategory: 'Milk' });
    expect(decodeCatalogItems(category.associatedItems).output?.[0]?.name).toBe('Milk');
  });
});

const goodItem = {
  id: '',
  name: 'Apple',
  description: 'Red apples',
  brand: 'Farm Fresh',
  category: 'Fruits',
  subCategory: 'Fresh fruit',
  qty: '1 kg',
  image: '',
  price: '120.5',
  mrp: '150',
};

describe('ItemUpsertSchema', () => {
  it('accepts a good item, image optional, prices in paise', () => {
    expect(v.parse(ItemUpsertSchema, goodItem)).toEqual({ ...goodItem, id: 0, price: 12050, mrp: 15000 });
    expect(v.parse(ItemUpsertSchema, { ...goodItem, id: '12', price: 10000, mrp: '0.5' })).toMatchObject({
      id: 12,
      price: 1000000,
      mrp: 50,
    });
  });

  it('gives the spec messages for required and length rules', () => {
    expect(errors(ItemUpsertSchema, {})).toEqual({
      name: ['Name is required'],
      description: ['Description is required'],
      brand: ['Brand is required'],
      category: ['Category is required'],
      subCategory: ['Sub-Category is required'],
      qty: ['Qty is required'],
      price: ['Price is required'],
      mrp: ['MRP is required'],
    });
    expect(errors(ItemUpsertSchema, { ...goodItem, qty: '1', brand: 'abc', image: 'abc' })).toEqual({
      brand: ['Brand must be at least 4 characters long.'],
      qty: ['Qty must be at least 2 characters long.'],
      image: ['Image Name must be at least 4 characters long.'],
    });
    expect(errors(ItemUpsertSchema, { ...goodItem, qty: 'x'.repeat(101), image: 'x'.repeat(201) })).toEqual({
      qty: ['Qty cannot be more than 100 characters long.'],
      image: ['Image Name cannot be more than 200 characters long.'],
    });
  });

  it('gives the spec messages for price and MRP', () => {
    expect(errors(ItemUpsertSchema, { ...goodItem, price: '12.345', mrp: 'abc' })).toEqual({
      price: ['Only numbers or decimals with two digits are allowed.'],
      mrp: ['Only numbers or decimals with two digits are allowed.'],
    });
    expect(errors(ItemUpsertSchema, { ...goodItem, price: '10000.01', mrp: 10001 })).toEqual({
      price: ['Price must be less than or equal to 10000.'],
      mrp: ['MRP must be less than or equal to 10000.'],
    });
    expect(errors(ItemUpsertSchema, { ...goodItem, price: '', mrp: null })).toEqual({
      price: ['Price is required'],
      mrp: ['MRP is required'],
    });
  });

  it('item form values: clone clears the id, edit keeps it', () => {
    const item: Item = { ...goodItem, id: 4, image: 'apple', price: 120.5, mrp: 150, version: 2 };
    expect(v.parse(ItemSchema, item)).toEqual(item);
    // Prices show two decimals, as the list shows them ('Rs 120.50').
    expect(itemFormValues(item, 'edit')).toMatchObject({ id: 4, price: '120.50', mrp: '150.00' });
    const clone = itemFormValues(item, 'clone');
    expect(clone.id).toBe('');
    expect(v.parse(ItemUpsertSchema, clone).id).toBe(0);
    expect(itemFormValues(undefined, 'add').name).toBe('');
  });
});
