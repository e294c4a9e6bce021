import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool, Transaction } from 'kysely';
import type { Role } from '#contract/enums';
import { ITEM_MESSAGES, type Item, type ItemUpsertOutput } from '#contract/items';
import type { ItemListQuery, Paged } from '#contract/lists';
import { can } from '#contract/permissions';
import { fromPaise } from '#contract/rules';
import { recordAudit, diff, type AuditActor } from '../../audit/audit';
import { dialectOf } from '../../db/dialect';
import type { Database, ItemsTable } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { isRowId } from '../../lib/ids';
import { refuseStale, storedOrStale, unchanged, type Versioned } from '../../lib/versions';
import { containsText, equalsText, hasNul, NUL_MESSAGE, readPage, textSortKey } from '../../lib/list-sql';

/*
 * Item queries and the row → contract mapping. Amounts are paise in the table and
 * rupees in results. An item is one platform-wide catalog row: orders copy what they
 * need (order_items has no foreign key), so removing an item never touches an order.
 */

type Kdb = Kysely<Database> | Transaction<Database>;
type ItemRow = Selectable<ItemsTable>;

/** An item row as the contract's item. */
export function toItem(row: ItemRow): Item {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    brand: row.brand,
    price: fromPaise(row.price),
    mrp: fromPaise(row.mrp),
    qty: row.qty,
    category: row.category,
    subCategory: row.sub_category,
    image: row.image,
    version: row.version,
  };
}

/** The table column behind each sortable list column. */
const SORT_COLUMN = {
  category: 'category',
  subCategory: 'sub_category',
  name: 'name',
  brand: 'brand',
  price: 'price',
  mrp: 'mrp',
  qty: 'qty',
} as const satisfies Record<NonNullable<ItemListQuery['sort']>, keyof ItemsTable>;

/** Text columns the free-text search looks in: the table's columns plus the brand. */
const SEARCHED = ['category', 'sub_category', 'name', 'brand', 'qty'] as const;

function matching(query: ItemListQuery) {
  return (eb: ExpressionBuilder<Database, 'items'>) => {
    const conditions: Expression<SqlBool>[] = [];
    const q = query.q;
    if (q) conditions.push(eb.or(SEARCHED.map((col) => containsText(col, q))));
    if (query.category) conditions.push(equalsText('category', query.category));
    if (query.subCategory) conditions.push(equalsText('sub_category', query.subCategory));
    return eb.and(conditions);
  };
}

/** Every item, in id order (the spec's plain listitems). */
export async function listAllItems(db: Kdb): Promise<Item[]> {
  const rows = await db.selectFrom('items').selectAll().orderBy('id').execute();
  return rows.map(toItem);
}

/** One page of items: search, exact category / sub-category filters, sort (id breaks ties). */
export async function listItemsPage(db: Kdb, query: ItemListQuery): Promise<Paged<Item>> {
  const filtered = db.selectFrom('items').where(matching(query));
  let rows = filtered.selectAll();
  if (query.sort) {
    const column = SORT_COLUMN[query.sort];
    rows =
      column === 'price' || column === 'mrp'
        ? rows.orderBy(column, query.order)
        : rows.orderBy(textSortKey(column), query.order);
  }
  return readPage(query, { rows, id: 'id', matching: filtered, toRow: toItem });
}

/** Item `id`, or null. */
export async function getItem(db: Kdb, id: number): Promise<Item | null> {
  if (!isRowId(id)) return null;
  const row = await db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toItem(row) : null;
}

/** Who is saving, as upsertItem needs it. */
export interface ItemWriter {
  role: Role;
  actor: AuditActor;
}

/**
 * Creates (id 0) or updates an item and records the write. Creating takes the image
 * sent (a WebAdmin's Clone carries its source's image); editing an existing item keeps
 * the stored image unless the role may change it (PERMISSIONS 'items.editImage').
 */
export async function upsertItem(
  db: Kysely<Database>,
  input: ItemUpsertOutput,
  writer: ItemWriter,
  now: number,
): Promise<Item> {
  const stamp = new Date(now).toISOString();
  const fields = {
    name: input.name,
    description: input.description,
    brand: input.brand,
    price: input.price,
    mrp: input.mrp,
    qty: input.qty,
    category: input.category,
    sub_category: input.subCategory,
    image: input.image,
  };
  if (
    hasNul([
      fields.name,
      fields.description,
      fields.brand,
      fields.qty,
      fields.category,
      fields.sub_category,
      fields.image,
    ])
  )
    throw new ApiError(400, NUL_MESSAGE);
  return db.transaction().execute(async (trx) => {
    if (input.id === 0) {
      if (!can(writer.role, 'items.create')) throw new ApiError(403);
      const row = await trx
        .insertInto('items')
        .values({ ...fields, created_at: stamp, updated_at: stamp })
        .returningAll()
        .executeTakeFirstOrThrow();
      const item = toItem(row);
      const { id: _id, ...values } = item;
      await recordAudit(
        trx,
        writer.actor,
        { entity: 'item', entityId: item.id, action: 'create', changes: values },
        new Date(now),
      );
      return item;
    }
    if (!can(writer.role, 'items.edit')) throw new ApiError(403);
    if (!isRowId(input.id)) throw new ApiError(404, ITEM_MESSAGES.notFound);
    const before = await trx.selectFrom('items').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!before) throw new ApiError(404, ITEM_MESSAGES.notFound);
    const target: Versioned = { noun: 'item', id: before.id, entities: ['item'] };
    await refuseStale(trx, target, before.version, input.version);
    const image = can(writer.role, 'items.editImage') ? fields.image : before.image;
    const changes = diff(toItem(before), toItem({ ...before, ...fields, image }));
    if (unchanged(changes)) return toItem(before);
    const row = await storedOrStale(
      trx,
      target,
      await trx
        .updateTable('items')
        .set({ ...fields, image, updated_at: stamp, version: before.version + 1 })
        .where('id', '=', input.id)
        .where('version', '=', before.version)
        .returningAll()
        .executeTakeFirst(),
    );
    const item = toItem(row);
    await recordAudit(
      trx,
      writer.actor,
      { entity: 'item', entityId: item.id, action: 'update', changes },
      new Date(now),
    );
    return item;
  });
}

/**
 * Removes item `id` and its category associations, recording what was removed.
 * Orders keep their own copy of the item's data. False when there is no such item.
 */
export async function removeItem(db: Kysely<Database>, id: number, actor: AuditActor, now: number) {
  if (!isRowId(id)) return false;
  return db.transaction().execute(async (trx) => {
    const find = trx.selectFrom('items').selectAll().where('id', '=', id);
    // PostgreSQL: the item is locked before its links are touched, so a category save that
    // holds it (categories.service) finishes first, and the two never wait on each other.
    const before = await dialectOf(trx).lockForUpdate(find).executeTakeFirst();
    if (!before) return false;
    const links = await trx
      .selectFrom('category_items')
      .select('category_id')
      .where('item_id', '=', id)
      .orderBy('category_id')
      .execute();
    await trx.deleteFrom('category_items').where('item_id', '=', id).execute();
    await trx.deleteFrom('items').where('id', '=', id).execute();
    const { id: _id, ...values } = toItem(before);
    await recordAudit(
      trx,
      actor,
      {
        entity: 'item',
        entityId: id,
        action: 'remove',
        changes: { ...values, categories: links.map((l) => l.category_id) },
      },
      new Date(now),
    );
    return true;
  });
}
