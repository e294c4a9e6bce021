import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool, Transaction } from 'kysely';
import {
  CATEGORY_MESSAGES,
  type Category,
  type CategoryListRow,
  type CategoryUpsertOutput,
} from '#contract/categories';
import { encodeCatalogItems } from '#contract/codecs';
import type { CategoryListQuery, Paged } from '#contract/lists';
import { fromPaise } from '#contract/rules';
import { diff, recordAudit, type AuditActor } from '../../audit/audit';
import { dialectOf } from '../../db/dialect';
import type { CategoriesTable, Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { isRowId } from '../../lib/ids';
import { refuseStale, storedOrStale, unchanged, type Versioned } from '../../lib/versions';
import { containsText, equalsText, hasNul, NUL_MESSAGE, readPage, textSortKey } from '../../lib/list-sql';

/*
 * Category queries and the row → contract mapping. A category lists catalog items in
 * an order of its own (category_items.position); its item lists travel encoded as
 * 'id|name|brand|price|qty|image' entries (contract/codecs, DECISIONS §6).
 */

type Kdb = Kysely<Database> | Transaction<Database>;
type CategoryRow = Selectable<CategoriesTable>;

/** Rows per statement when a list of ids is read or written (well under both databases' limits). */
const CHUNK = 500;

function chunks<T>(xs: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

/** A category row as a row of the categories list. */
export function toListRow(row: CategoryRow): CategoryListRow {
  return {
    id: row.id,
    name: row.name,
    subCategory: row.sub_category,
    description: row.description,
    image: row.image,
  };
}

const SORT_COLUMN = {
  name: 'name',
  subCategory: 'sub_category',
  description: 'description',
} as const satisfies Record<NonNullable<CategoryListQuery['sort']>, keyof CategoriesTable>;

const SEARCHED = ['name', 'sub_category', 'description'] as const;

function matching(query: CategoryListQuery) {
  return (eb: ExpressionBuilder<Database, 'categories'>) => {
    const conditions: Expression<SqlBool>[] = [];
    const q = query.q;
    if (q) conditions.push(eb.or(SEARCHED.map((col) => containsText(col, q))));
    if (query.subCategory) conditions.push(equalsText('sub_category', query.subCategory));
    return eb.and(conditions);
  };
}

/** Every category, in id order (the spec's plain listcategories). */
export async function listAllCategories(db: Kdb): Promise<CategoryListRow[]> {
  const rows = await db.selectFrom('categories').selectAll().orderBy('id').execute();
  return rows.map(toListRow);
}

/** One page of categories: search, exact sub-category filter, sort (id breaks ties). */
export async function listCategoriesPage(db: Kdb, query: CategoryListQuery): Promise<Paged<CategoryListRow>> {
  const filtered = db.selectFrom('categories').where(matching(query));
  let rows = filtered.selectAll();
  if (query.sort) rows = rows.orderBy(textSortKey(SORT_COLUMN[query.sort]), query.order);
  return readPage(query, { rows, id: 'id', matching: filtered, toRow: toListRow });
}

const ENTRY_COLUMNS = [
  'items.id',
  'items.name',
  'items.brand',
  'items.price',
  'items.qty',
  'items.image',
] as const;

type EntryRow = { id: number; name: string; brand: string; price: number; qty: string; image: string };

function encodeEntries(rows: readonly EntryRow[]): string {
  return encodeCatalogItems(rows.map((r) => ({ ...r, price: fromPaise(r.price) })));
}

/** Every catalog item, encoded, by name (getavailableitems). */
export async function availableItems(db: Kdb): Promise<string> {
  const rows = await db
    .selectFrom('items')
    .select(ENTRY_COLUMNS)
    .orderBy(textSortKey('items.name'))
    .orderBy('items.id')
    .execute();
  return encodeEntries(rows);
}

/** The ids of the items category `id` lists, in its order. */
async function associatedIds(db: Kdb, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('category_items')
    .select('item_id')
    .where('category_id', '=', id)
    .orderBy('position')
    .orderBy('item_id')
    .execute();
  return rows.map((r) => r.item_id);
}

/**
 * Category `id` with its item lists: `associatedItems` in the category's order,
 * `availableItems` every other catalog item by name. Null when there is no such category.
 */
export async function getCategory(db: Kdb, id: number): Promise<Category | null> {
  if (!isRowId(id)) return null;
  const row = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [associated, available] = await Promise.all([
    db
      .selectFrom('category_items')
      .innerJoin('items', 'items.id', 'category_items.item_id')
      .select(ENTRY_COLUMNS)
      .where('category_items.category_id', '=', id)
      .orderBy('category_items.position')
      .orderBy('items.id')
      .execute(),
    db
      .selectFrom('items')
      .select(ENTRY_COLUMNS)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('category_items')
              .select('category_items.item_id')
              .whereRef('category_items.item_id', '=', 'items.id')
              .where('category_items.category_id', '=', id),
          ),
        ),
      )
      .orderBy(textSortKey('items.name'))
      .orderBy('items.id')
      .execute(),
  ]);
  return {
    ...toListRow(row),
    availableItems: encodeEntries(available),
    associatedItems: encodeEntries(associated),
    version: row.version,
  };
}

/** What the audit trail keeps of a category: its fields and its item ids in order. */
function auditValues(row: CategoryRow, itemIds: number[]) {
  const { id: _id, ...fields } = toListRow(row);
  return { ...fields, associatedItems: itemIds };
}

/** The posted ids without repeats, first occurrence kept (a list holds an item once). */
function uniqueIds(input: CategoryUpsertOutput): number[] {
  return [...new Set(input.associatedItems.map((e) => e.id))];
}

/**
 * Creates (id 0) or updates a category and replaces its item list with the posted one,
 * in the posted order, recording the write. Unknown item ids refuse the whole save (400);
 * an id naming no category is 404; a stale version is 409 (lib/versions), and a save
 * that changes nothing writes nothing. Answers the saved category.
 */
export async function upsertCategory(
  db: Kysely<Database>,
  input: CategoryUpsertOutput,
  actor: AuditActor,
  now: number,
): Promise<Category> {
  const stamp = new Date(now).toISOString();
  const fields = {
    name: input.name,
    sub_category: input.subcategory,
    description: input.description,
    image: input.image,
  };
  const itemIds = uniqueIds(input);
  if (hasNul(Object.values(fields))) throw new ApiError(400, NUL_MESSAGE);

  return db.transaction().execute(async (trx) => {
    const known = new Set<number>();
    for (const part of chunks(itemIds.filter(isRowId))) {
      const found = trx.selectFrom('items').select('id').where('id', 'in', part);
      // PostgreSQL: held until commit, so an item removal running now either finished
      // first (the item is missing: 400) or waits for this save; otherwise the links
      // inserted below could name an item removed meanwhile (a foreign-key violation, 500).
      // SQLite runs one transaction at a time. Removal locks its item first (items.service).
      for (const r of await dialectOf(trx).lockForKeyShare(found).execute()) known.add(r.id);
    }
    const unknown = itemIds.filter((id) => !known.has(id));
    if (unknown.length)
      throw ApiError.field(400, 'associatedItems', CATEGORY_MESSAGES.unknownItems(unknown.slice(0, 20)));

    let id = input.id;
    let before: ReturnType<typeof auditValues> | null = null;
    let row: CategoryRow;
    if (id === 0) {
      row = await trx
        .insertInto('categories')
        .values({ ...fields, created_at: stamp, updated_at: stamp })
        .returningAll()
        .executeTakeFirstOrThrow();
      id = row.id;
    } else {
      if (!isRowId(id)) throw new ApiError(404, CATEGORY_MESSAGES.notFound);
      const old = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
      if (!old) throw new ApiError(404, CATEGORY_MESSAGES.notFound);
      const target: Versioned = { noun: 'category', id, entities: ['category'] };
      await refuseStale(trx, target, old.version, input.version);
      before = auditValues(old, await associatedIds(trx, id));
      if (unchanged(diff(before, auditValues({ ...old, ...fields }, itemIds))))
        return (await getCategory(trx, id))!;
      row = await storedOrStale(
        trx,
        target,
        await trx
          .updateTable('categories')
          .set({ ...fields, updated_at: stamp, version: old.version + 1 })
          .where('id', '=', id)
          .where('version', '=', old.version)
          .returningAll()
          .executeTakeFirst(),
      );
      await trx.deleteFrom('category_items').where('category_id', '=', id).execute();
    }
    const categoryId = id;
    for (const [n, part] of chunks(itemIds).entries()) {
      await trx
        .insertInto('category_items')
        .values(
          part.map((itemId, i) => ({ category_id: categoryId, item_id: itemId, position: n * CHUNK + i })),
        )
        .execute();
    }

    const after = auditValues(row, itemIds);
    await recordAudit(
      trx,
      actor,
      before
        ? { entity: 'category', entityId: id, action: 'update', changes: diff(before, after) }
        : { entity: 'category', entityId: id, action: 'create', changes: after },
      new Date(now),
    );
    const saved = await getCategory(trx, id);
    if (!saved) throw new Error(`category ${id} vanished inside its own transaction`);
    return saved;
  });
}

/**
 * Removes category `id` and its item associations (the items stay in the catalog),
 * recording what was removed. False when there is no such category.
 */
export async function removeCategory(db: Kysely<Database>, id: number, actor: AuditActor, now: number) {
  if (!isRowId(id)) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    const values = auditValues(row, await associatedIds(trx, id));
    await trx.deleteFrom('category_items').where('category_id', '=', id).execute();
    await trx.deleteFrom('categories').where('id', '=', id).execute();
    await recordAudit(
      trx,
      actor,
      { entity: 'category', entityId: id, action: 'remove', changes: values },
      new Date(now),
    );
    return true;
  });
}
