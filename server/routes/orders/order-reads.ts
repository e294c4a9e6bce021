import { encodeOrderUserItems, type OrderItemCategory } from '#contract/codecs';
import type { Order } from '#contract/orders';
import { fromPaise } from '#contract/rules';
import { dialectOf } from '../../db/dialect';
import { keptQuery } from '../../db/kept-queries';
import { fitsIdColumn } from '../../lib/ids';
import { baseRows, toListRow } from './order-row';
import { inScope, type Kdb, type Scope } from './scope';

async function findRow(db: Kdb, id: number, store: Scope) {
  if (!fitsIdColumn(id)) return undefined;
  // The id leads the plan, bound as a key and the store's column hidden, so SQLite plans
  // this statement once, not on every call (46 µs a call against 9.6, record 074). Built
  // and compiled once per scope's shape (kept-queries.ts).
  const d = dialectOf(db);
  const shape = store === null ? 'every store' : fitsIdColumn(store) ? 'one store' : 'no store';
  const build = () => {
    let query = baseRows(db).select('orders.version').where('orders.id', '=', d.key(id));
    for (const term of inScope(store, { hiddenBy: d })) query = query.where(term);
    return query;
  };
  const values = shape === 'one store' ? [id, store] : [id];
  return (await db.executeQuery(keptQuery(db, `order ${shape}`, values, build))).rows[0];
}

/**
 * An order's lines in their stored order. The id is bound as a key: with ANALYZE's
 * histograms (sqlite_stat4) SQLite planned the statement again on every call, 40-50 µs a
 * call at 1,000,000 orders against 9-10 with the same plan (record 074).
 */
export async function linesOf(db: Kdb, orderId: number) {
  const build = () =>
    db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', dialectOf(db).key(orderId))
      .orderBy('position')
      .orderBy('id');
  return (await db.executeQuery(keptQuery(db, 'order lines', [orderId], build))).rows;
}

type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

/** Lines grouped by category in their stored order (a category's first line places it). */
function itemTree(lines: readonly LineRow[]): OrderItemCategory[] {
  const byName = new Map<string, OrderItemCategory>();
  for (const l of lines) {
    let cat = byName.get(l.category_name);
    if (!cat) byName.set(l.category_name, (cat = { category: l.category_name, items: [] }));
    cat.items.push({
      itemId: l.item_id,
      isDeleted: l.is_not_available === 1,
      name: l.name,
      itemsCount: l.items_count,
      qty: l.qty,
      price: fromPaise(l.price),
      totalPrice: fromPaise(l.total),
      image: l.image,
    });
  }
  return [...byName.values()];
}

/** An order in scope with its encoded item tree, or null (missing or another store's). */
export async function getOrder(db: Kdb, id: number, store: Scope): Promise<Order | null> {
  const row = await findRow(db, id, store);
  if (!row) return null;
  const lines = await linesOf(db, id);
  return { ...toListRow(row), orderUserItems: encodeOrderUserItems(itemTree(lines)), version: row.version };
}
