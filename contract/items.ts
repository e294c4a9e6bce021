import * as v from 'valibot';
import { optionalText, payloadObject, priceText, requiredText, rupees, UpsertIdSchema } from './rules';
import { ExpectedVersionField, VersionSchema } from './versions';

/*
 * Items (spec §3 Item, §5 Item). Results carry rupees; the validated payload carries
 * whole paise (rupees()), so price and mrp are stored exactly.
 */

/** An item as getitembyid and listitems return it. Amounts are rupees. */
export const ItemSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  brand: v.string(),
  price: v.number(),
  mrp: v.number(),
  /** Pack size as text, e.g. '500 g'. */
  qty: v.string(),
  category: v.string(),
  subCategory: v.string(),
  /** File name without extension: the screen shows `{image}.jpg` from the assets folder. */
  image: v.string(),
  version: VersionSchema,
});
/** An item. */
export type Item = v.InferOutput<typeof ItemSchema>;

/** upsertitem result: the saved item (a WebAdmin's edit shows the image kept as stored). */
export const ItemUpsertResultSchema = ItemSchema;

/** removeitem result: true once the item and its category associations are gone. */
export const ItemRemoveResultSchema = v.literal(true);

/** What the items calls answer when they refuse. */
export const ITEM_MESSAGES = {
  /** getitembyid, upsertitem (an id that names no item) and removeitem. */
  notFound: 'Item not found',
  /** The item image route, for a name outside [a-z0-9_-]. */
  badImageName: 'Invalid image name.',
} as const;

/** Where item images are served (outside /api): `${ITEM_IMAGES_PATH}/{image}.jpg`. */
export const ITEM_IMAGES_PATH = '/item-images';

/** Image names the image route serves: lowercase letters, digits, '-' and '_'. */
export const ITEM_IMAGE_NAME = /^[a-z0-9_-]{1,200}$/;

/**
 * The URL of an item's image; an empty or unservable name gets the placeholder, so an
 * `<img>` never points at a refused path.
 */
export function itemImageUrl(image: string): string {
  return `${ITEM_IMAGES_PATH}/${ITEM_IMAGE_NAME.test(image) ? image : 'placeholder'}.jpg`;
}

/** The item form's fields as labelled; the schema's messages start with these. */
export const ITEM_LABELS = {
  name: 'Name',
  description: 'Description',
  brand: 'Brand',
  category: 'Category',
  subCategory: 'Sub-Category',
  qty: 'Qty',
  image: 'Image Name',
  price: 'Price',
  mrp: 'MRP',
} as const;

/** The item form / upsertitem payload. An empty id creates (Add Item, Clone). */
export const ItemUpsertSchema = payloadObject({
  id: UpsertIdSchema,
  name: requiredText(ITEM_LABELS.name, 4, 100),
  description: requiredText(ITEM_LABELS.description, 4, 100),
  brand: requiredText(ITEM_LABELS.brand, 4, 100),
  category: requiredText(ITEM_LABELS.category, 4, 100),
  subCategory: requiredText(ITEM_LABELS.subCategory, 4, 100),
  qty: requiredText(ITEM_LABELS.qty, 2, 100),
  image: optionalText(ITEM_LABELS.image, 4, 200),
  price: rupees({
    max: 10000,
    maxMessage: 'Price must be less than or equal to 10000.',
    requiredMessage: 'Price is required',
  }),
  mrp: rupees({
    max: 10000,
    maxMessage: 'MRP must be less than or equal to 10000.',
    requiredMessage: 'MRP is required',
  }),
  version: ExpectedVersionField,
});
/** The item form's values. */
export type ItemUpsertInput = v.InferInput<typeof ItemUpsertSchema>;
/** A validated item payload (price and mrp in paise). */
export type ItemUpsertOutput = v.InferOutput<typeof ItemUpsertSchema>;

/** How the item form was opened (spec §2 `action` query). */
export type ItemFormAction = 'add' | 'edit' | 'clone';

/**
 * The item form's starting values. Clone clears the id so saving creates a new item
 * (spec §4); prices become text as the boxes hold them.
 */
export function itemFormValues(item: Item | undefined, action: ItemFormAction): ItemUpsertInput {
  if (!item || action === 'add') {
    return {
      id: '',
      name: '',
      description: '',
      brand: '',
      category: '',
      subCategory: '',
      qty: '',
      image: '',
      price: '',
      mrp: '',
    };
  }
  return {
    id: action === 'clone' ? '' : item.id,
    name: item.name,
    description: item.description,
    brand: item.brand,
    category: item.category,
    subCategory: item.subCategory,
    qty: item.qty,
    image: item.image,
    price: priceText(item.price),
    mrp: priceText(item.mrp),
    // A clone is a new item: it starts at version 1, whatever its source's was.
    version: action === 'clone' ? undefined : item.version,
  };
}
