import * as v from 'valibot';
import { decodeAssociatedItems, encodedListSchema } from './codecs';
import { payloadObject, requiredText, UpsertIdSchema } from './rules';
import { ExpectedVersionField, VersionSchema } from './versions';

/*
 * Categories (spec §3 Category, §5 Category). Results keep the item lists encoded
 * (decodeCatalogItems reads them); the posted form sends `subcategory` in lowercase
 * and its associated items as 'id|label' entries.
 */

/** A category as getcategorybyid returns it. */
export const CategorySchema = v.object({
  id: v.number(),
  name: v.string(),
  subCategory: v.string(),
  description: v.string(),
  image: v.string(),
  /** Catalog items not in this category, encoded 'id|name|brand|price|qty|image,…'. */
  availableItems: v.string(),
  /** Items in this category, same encoding. */
  associatedItems: v.string(),
  version: VersionSchema,
});
/** A category. */
export type Category = v.InferOutput<typeof CategorySchema>;

/** A row of the categories list (no item lists). */
export const CategoryListRowSchema = v.object({
  id: v.number(),
  name: v.string(),
  subCategory: v.string(),
  description: v.string(),
  image: v.string(),
});
/** A row of the categories list. */
export type CategoryListRow = v.InferOutput<typeof CategoryListRowSchema>;

/** getavailableitems result: every catalog item, encoded like availableItems. */
export const AvailableItemsSchema = v.string();

/** upsertcategory result: the saved category, as getcategorybyid answers it. */
export const CategoryUpsertResultSchema = CategorySchema;

/** removecategory result: true once the category (and its item associations) is gone. */
export const CategoryRemoveResultSchema = v.literal(true);

/** What the categories calls answer when they refuse. */
export const CATEGORY_MESSAGES = {
  /** getcategorybyid, upsertcategory (an id that names no category) and removecategory. */
  notFound: 'Category not found',
  /** upsertcategory: associatedItems names items that do not exist (nothing is saved). */
  unknownItems: (ids: readonly number[]) => `associatedItems: no item with id ${ids.join(', ')} exists.`,
} as const;

/**
 * Most items one category may list: far more than a shop shelf holds, and few enough
 * that checking them all against the catalog stays a handful of queries.
 */
export const CATEGORY_MAX_ITEMS = 5000;

/** The category form's fields as labelled; the schema's messages start with these. */
export const CATEGORY_LABELS = {
  name: 'Name',
  subcategory: 'Sub-Category',
  description: 'Description',
  image: 'Image',
} as const;

/** The category form / upsertcategory payload. An empty id creates. */
export const CategoryUpsertSchema = payloadObject({
  id: UpsertIdSchema,
  name: requiredText(CATEGORY_LABELS.name, 4, 100),
  subcategory: requiredText(CATEGORY_LABELS.subcategory, 4, 100),
  description: requiredText(CATEGORY_LABELS.description, 4, 100),
  image: requiredText(CATEGORY_LABELS.image, 4, 200),
  /** 'id|label' entries joined by commas (encodeAssociatedItems); the server uses the ids. */
  associatedItems: encodedListSchema(decodeAssociatedItems, {
    max: CATEGORY_MAX_ITEMS,
    message: `A category cannot list more than ${CATEGORY_MAX_ITEMS} items.`,
  }),
  version: ExpectedVersionField,
});
/** The category form's values. */
export type CategoryUpsertInput = v.InferInput<typeof CategoryUpsertSchema>;
/** A validated category payload (associated items decoded). */
export type CategoryUpsertOutput = v.InferOutput<typeof CategoryUpsertSchema>;

/** The category form's starting values: empty to add, `category`'s own to edit. */
export function categoryFormValues(category?: Category): CategoryUpsertInput {
  return {
    id: category?.id ?? '',
    name: category?.name ?? '',
    subcategory: category?.subCategory ?? '',
    description: category?.description ?? '',
    image: category?.image ?? '',
    associatedItems: '',
    version: category?.version,
  };
}
