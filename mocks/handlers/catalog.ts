import { CATEGORY_MESSAGES } from '#contract/categories';
import { encodeCatalogItems } from '#contract/codecs';
import { ITEM_MESSAGES, type Item } from '#contract/items';
import { fromPaise } from '#contract/rules';
import { refuse } from '../auth';
import { list, on } from '../endpoint';
import { categoryResult, toCatalogEntry, type StoredCategory } from '../factories/catalog';
import { nextId, store } from '../store';

const items = () => [...store.items.values()];

/** The categories and items calls: what is sent is stored, what is stored is answered. */
export const catalogHandlers = [
  list('listCategories', () =>
    [...store.categories.values()].map(({ itemIds: _ids, version: _v, ...row }) => row),
  ),
  on('getCategoryById', ({ params }) => {
    const found = store.categories.get(params.id);
    return found ? categoryResult(found, items()) : refuse(404, CATEGORY_MESSAGES.notFound);
  }),
  on('getAvailableItems', () => encodeCatalogItems(items().map(toCatalogEntry))),
  on('upsertCategory', ({ body }) => {
    const before = body.id ? store.categories.get(body.id) : undefined;
    if (body.id && !before) return refuse(404, CATEGORY_MESSAGES.notFound);
    const saved: StoredCategory = {
      id: body.id || nextId(store.categories),
      name: body.name,
      subCategory: body.subcategory,
      description: body.description,
      image: body.image,
      itemIds: body.associatedItems.map((e) => e.id),
      version: (before?.version ?? 0) + 1,
    };
    store.categories.set(saved.id, saved);
    return categoryResult(saved, items());
  }),
  on('removeCategory', ({ params }) =>
    store.categories.delete(params.id) ? true : refuse(404, CATEGORY_MESSAGES.notFound),
  ),

  list('listItems', items),
  on('getItemById', ({ params }) => store.items.get(params.id) ?? refuse(404, ITEM_MESSAGES.notFound)),
  on('upsertItem', ({ body }) => {
    const before = body.id ? store.items.get(body.id) : undefined;
    if (body.id && !before) return refuse(404, ITEM_MESSAGES.notFound);
    const { version: _version, ...fields } = body;
    const saved: Item = {
      ...fields,
      id: body.id || nextId(store.items),
      price: fromPaise(body.price),
      mrp: fromPaise(body.mrp),
      version: (before?.version ?? 0) + 1,
    };
    store.items.set(saved.id, saved);
    return saved;
  }),
  on('removeItem', ({ params }) =>
    store.items.delete(params.id) ? true : refuse(404, ITEM_MESSAGES.notFound),
  ),
];
