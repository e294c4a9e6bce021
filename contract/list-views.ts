import * as v from 'valibot';
import { boundedArray } from './bounded';
import { DEFAULT_PAGE_SIZE, OrderViewFilterSchema, queryChoice, type OrderViewFilter } from './lists';
import { IdSchema, payloadObject, requiredText } from './rules';
import { ExpectedVersionField, VersionSchema } from './versions';

/*
 * Saved views of a list (issue 15, item 3; record 056): a name, the list's filter, search,
 * sort and page size, and its layout (columns shown, their order, widths and pins, the
 * density). Stored on the server per user; the owner may share one with their store
 * (WebAdmin) or with everyone (BlueTikAdmin). A view is a link, `/listorders?view=<id>`: a
 * colleague who may see it opens the same filter, over the orders in their own scope.
 */

/** The lists a view can be of (only the orders list has views today). */
export const VIEW_LISTS = ['orders'] as const;
/** Who sees a view besides its owner. */
export const VIEW_SHARES = ['private', 'store', 'everyone'] as const;
/** A view's share, in words (the view menu, the save dialog). */
export const VIEW_SHARE_LABELS = {
  private: 'Only me',
  store: 'My store',
  everyone: 'Everyone',
} as const satisfies Record<(typeof VIEW_SHARES)[number], string>;
/** The row densities: compact fits ≥ 18 orders on a 1280×800 screen. */
export const VIEW_DENSITIES = ['comfortable', 'compact'] as const;
/** The longest view name. */
export const VIEW_NAME_MAX = 60;
/** Most views one user may own per list. */
export const VIEW_OWN_MAX = 50;
/** Most columns a layout names (a list has a dozen). */
export const LAYOUT_COLUMNS_MAX = 40;
/** A column's width in CSS pixels, as the resize handle allows. */
export const COLUMN_WIDTH_MIN = 48;
export const COLUMN_WIDTH_MAX = 800;

const COLUMN_MESSAGE = 'Columns must be column names.';
const ColumnIdSchema = v.pipe(
  v.string(COLUMN_MESSAGE),
  v.regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, COLUMN_MESSAGE),
);
const columnList = (what: string) =>
  boundedArray(ColumnIdSchema, {
    max: LAYOUT_COLUMNS_MAX,
    messages: {
      type: `${what} must be a list of column names.`,
      max: `${what} cannot name more than ${LAYOUT_COLUMNS_MAX} columns.`,
    },
  });
const WIDTH_MESSAGE = `A column's width must be a whole number from ${COLUMN_WIDTH_MIN} to ${COLUMN_WIDTH_MAX}.`;

/**
 * A list's layout. Columns a list doesn't have (or the viewer may not see) are ignored
 * when it is applied, and the list's columns missing from `order` keep their place after
 * the named ones: a layout saved before a column existed still opens.
 */
export const ListLayoutSchema = v.object(
  {
    /** The columns in display order (shown or not). */
    order: columnList('Order'),
    /** The columns hidden. */
    hidden: columnList('Hidden'),
    /** The columns pinned to the left edge, in order (they stay while the table scrolls sideways). */
    pinned: columnList('Pinned'),
    /** Widths set by resizing, in pixels; the others size themselves. */
    widths: v.pipe(
      // Counted before any key is read, like every list (contract/bounded.ts).
      v.custom<Record<string, unknown>>(
        (x) => !!x && typeof x === 'object' && !Array.isArray(x),
        'Widths must be an object of column widths.',
      ),
      v.check(
        (x) => Object.keys(x).length <= LAYOUT_COLUMNS_MAX,
        `Widths cannot name more than ${LAYOUT_COLUMNS_MAX} columns.`,
      ),
      v.record(
        ColumnIdSchema,
        v.pipe(
          v.number(WIDTH_MESSAGE),
          v.integer(WIDTH_MESSAGE),
          v.minValue(COLUMN_WIDTH_MIN, WIDTH_MESSAGE),
          v.maxValue(COLUMN_WIDTH_MAX, WIDTH_MESSAGE),
        ),
      ),
    ),
    density: v.picklist(VIEW_DENSITIES, 'Density must be comfortable or compact.'),
  },
  'Layout must be an object: order, hidden, pinned, widths and density.',
);
/** A list's layout. */
export type ListLayout = v.InferOutput<typeof ListLayoutSchema>;

/** The view form's fields as labelled. */
export const VIEW_LABELS = { name: 'View name', share: 'Shared with' } as const;

/** upsertview payload: no id creates a view; an id (the caller's own view) replaces it. */
export const ListViewUpsertSchema = payloadObject({
  id: v.optional(IdSchema),
  list: v.picklist(VIEW_LISTS, 'List must be orders.'),
  name: requiredText(VIEW_LABELS.name, 1, VIEW_NAME_MAX),
  share: v.picklist(VIEW_SHARES, 'Shared with must be private, store or everyone.'),
  filter: OrderViewFilterSchema,
  layout: ListLayoutSchema,
  version: ExpectedVersionField,
});
/** upsertview payload before coercion (what the screen sends). */
export type ListViewUpsert = v.InferInput<typeof ListViewUpsertSchema>;

/** A view's stored filter as answered: the filter's coerced values (status as numbers). */
const StoredFilterSchema = v.record(
  v.string(),
  v.union([v.string(), v.number(), v.array(v.number()), v.array(v.string())]),
);

/** One view as the server answers it. */
export const ListViewSchema = v.object({
  id: v.number(),
  list: v.picklist(VIEW_LISTS),
  name: v.string(),
  share: v.picklist(VIEW_SHARES),
  filter: StoredFilterSchema,
  layout: ListLayoutSchema,
  /** The owner (who alone may change or remove it). */
  ownerId: v.number(),
  ownerName: v.string(),
  /** Whether the caller owns it. */
  mine: v.boolean(),
  /** Whether it is the caller's default view of its list. */
  isDefault: v.boolean(),
  version: VersionSchema,
  /** ISO instant of the last change. */
  updatedDate: v.string(),
});
/** One saved view. */
export type ListView = v.InferOutput<typeof ListViewSchema>;

/**
 * A view's filter as stored and answered: the coerced filter without what reads the same
 * when left out — empty values, an empty search, the default page size, and the direction
 * when there is no sort (the list's URL carries `order` only with a `sort`). The server
 * stores this; the mocks too.
 */
export function storedViewFilter(filter: OrderViewFilter): ListView['filter'] {
  const out: ListView['filter'] = {};
  for (const [key, value] of Object.entries(filter) as [string, ListView['filter'][string] | undefined][]) {
    if (value === undefined || value === '') continue;
    if (key === 'pageSize' && value === DEFAULT_PAGE_SIZE) continue;
    if (key === 'order' && !filter.sort) continue;
    out[key] = value;
  }
  return out;
}

/** Refusals of the view calls (404 for a view missing or not the caller's to see or change). */
export const VIEW_MESSAGES = {
  notFound: 'View not found',
  /** Names are unique per owner and list, whatever their case (begins with the field's label). */
  exists: (name: string) => `${VIEW_LABELS.name} "${name}" is taken: you already have a view of that name.`,
  tooMany: `You already have ${VIEW_OWN_MAX} views of this list. Remove one to save another.`,
  shareStore: 'Only a store admin can share a view with the store.',
  shareAll: 'Only the platform admin can share a view with everyone.',
} as const;

/** listviews query: the list whose views to answer. */
export const ListViewsQuerySchema = v.object({
  list: v.pipe(
    queryChoice(VIEW_LISTS, 'List must be orders.'),
    v.transform((x) => x ?? 'orders'),
  ),
});
/** The views the caller may open (own first, then shared), by name. */
export const ListViewsSchema = v.array(ListViewSchema);

/** setdefaultview payload: the caller's default view of a list, or none. */
export const ListViewDefaultSchema = payloadObject({
  list: v.picklist(VIEW_LISTS, 'List must be orders.'),
  id: v.nullable(IdSchema, null),
});
