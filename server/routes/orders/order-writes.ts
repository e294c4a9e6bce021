import { CANCELLED_STATUS, DELIVERED_STATUS } from '#contract/enums';
import {
  ORDER_STORE_REQUIRED_MESSAGE,
  ORDER_STORE_UNKNOWN_MESSAGE,
  orderItemUnknownMessage,
  type OrderCreated,
  type OrderCreateOutput,
} from '#contract/order-create';
import { orderTotals, type OrderUpdateOutput } from '#contract/order-update';
import {
  ORDER_AMOUNT_MAX_MESSAGE,
  ORDER_AMOUNT_MAX_PAISE,
  orderItemNotInOrderMessage,
  type Order,
  orderNumberOf,
} from '#contract/orders';
import { fromPaise } from '#contract/rules';
import { diff, recordAudit, type AuditActor } from '../../audit/audit';
import { ApiError } from '../../http/envelope';
import { flagOf, yesNo } from '../../lib/flags';
import { fitsIdColumn } from '../../lib/ids';
import { refuseStale, storedOrStale, unchanged, type Versioned } from '../../lib/versions';
import { issueInvoice } from './order-bills';
import { dueAtOf, promiseChanged } from './order-due';
import { lockOrder } from './order-lock';
import { getOrder, linesOf } from './order-reads';
import type { Kdb, Scope } from './scope';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** What the audit trail compares: the editable fields and the totals, in wire units. */
function snapshot(
  o: {
    status: number;
    expected_delivery_date: string | null;
    exp_hours: number;
    exp_minutes: number;
    exp_time_period: string;
    delivery_price: number;
    is_settled: number;
    cancelled_reason: number | null;
    items_total: number;
    settlement_amount: number;
    payment_type: string;
  },
  lines: readonly { item_id: number; price: number; is_not_available: number; total: number }[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    status: o.status,
    expectedDeliveryDate: o.expected_delivery_date,
    expHours: o.exp_hours,
    expMinutes: o.exp_minutes,
    expTimePeriod: o.exp_time_period,
    deliveryPrice: fromPaise(o.delivery_price),
    isSettled: yesNo(o.is_settled),
    cancelledReason: o.cancelled_reason ?? 0,
    totalPrice: fromPaise(o.items_total),
    settlementAmt: o.payment_type === 'Online' ? fromPaise(o.settlement_amount) : null,
  };
  for (const l of lines) {
    out[`item ${l.item_id} price`] = fromPaise(l.price);
    out[`item ${l.item_id} notAvailable`] = l.is_not_available === 1;
  }
  return out;
}

/** An order's row as stored (and locked) when an update reads it. */
export type StoredOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** What an update is given: the wire payload, or (bulk) a payload built from the row as locked. */
type UpdatePayload = OrderUpdateOutput | { id: number; from: (stored: StoredOrder) => OrderUpdateOutput };
type UpdateOptions = { store: Scope; canSettle: boolean; actor: AuditActor; now: number };

/**
 * Applies an update and answers the saved order (null when missing or out of scope).
 * Totals are recomputed from the stored lines; client totals are never read. For an
 * Online order the item prices, not-available flags and delivery price keep their stored
 * values (the payment is already taken); whatever the payload says for them is ignored.
 * `isSettled` is applied only when `canSettle` (BlueTikAdmin). The order row is locked
 * first (order-lock.ts), so simultaneous writes of one order apply one after the other.
 * A save naming an older version than the stored one is refused (409); a save that
 * changes nothing writes nothing (no audit row, no new version).
 */
export function updateOrder(db: Kdb, payload: UpdatePayload, opts: UpdateOptions): Promise<Order | null> {
  return db.transaction().execute(async (trx) => {
    const saved = await applyUpdate(trx, payload, opts);
    // Read back before the lock goes, so the answer is what this save stored.
    return saved && getOrder(trx, saved.id, opts.store);
  });
}

/**
 * The same update, answering only what a bulk change reports per order: its number, its
 * version before and after. Without the read-back, two round trips fewer an order on
 * PostgreSQL (bench:bulk, record 058).
 */
export function updateOrderBrief(db: Kdb, payload: UpdatePayload, opts: UpdateOptions) {
  return db.transaction().execute((trx) => applyUpdate(trx, payload, opts));
}

/** The update inside its transaction: the order as locked and its version after. */
async function applyUpdate(
  trx: Transaction<Database>,
  payload: UpdatePayload,
  opts: UpdateOptions,
): Promise<{ id: number; orderNumber: string; before: number; version: number } | null> {
  if (!fitsIdColumn(payload.id)) return null;
  const order = await lockOrder(trx, payload.id, opts.store);
  if (!order) return null;
  // A bulk change builds its payload from the row as locked (order-bulk.ts): no stale copy.
  const input = 'from' in payload ? payload.from(order) : payload;
  const target: Versioned = { noun: 'order', id: order.id, entities: ['order'] };
  await refuseStale(trx, target, order.version, input.version);
  const lines = await linesOf(trx, order.id);

  const held = new Set(lines.map((l) => l.item_id));
  const strangers = [
    ...new Set(
      [...input.orderUnAvailableUserItems, ...input.orderItemsPrice]
        .map((e) => e.itemId)
        .filter((itemId) => !held.has(itemId)),
    ),
  ];
  if (strangers.length) throw new ApiError(400, ...strangers.slice(0, 10).map(orderItemNotInOrderMessage));

  const online = order.payment_type === 'Online';
  const unavailable = new Map(input.orderUnAvailableUserItems.map((e) => [e.itemId, e.checked]));
  const prices = new Map(input.orderItemsPrice.map((e) => [e.itemId, e.price]));
  const newLines = lines.map((l) => {
    const price = online ? l.price : (prices.get(l.item_id) ?? l.price);
    const notAvailable = online
      ? l.is_not_available === 1
      : (unavailable.get(l.item_id) ?? l.is_not_available === 1);
    return { ...l, price, is_not_available: notAvailable ? 1 : 0, total: l.items_count * price };
  });
  const deliveryPrice = online ? order.delivery_price : input.deliveryprice;
  const { itemsTotal, grandTotal } = orderTotals(
    newLines.map((l) => ({
      itemsCount: l.items_count,
      pricePaise: l.price,
      unavailable: l.is_not_available === 1,
    })),
    deliveryPrice,
  );
  if (grandTotal > ORDER_AMOUNT_MAX_PAISE || newLines.some((l) => l.total > ORDER_AMOUNT_MAX_PAISE))
    throw new ApiError(400, ORDER_AMOUNT_MAX_MESSAGE);

  const updated = {
    status: input.status,
    expected_delivery_date: input.expecteddeliverydate,
    exp_hours: input.exphours,
    exp_minutes: input.expminutes,
    exp_time_period: input.exptimeperiod,
    delivery_price: deliveryPrice,
    is_settled: opts.canSettle ? flagOf(input.issettled) : order.is_settled,
    cancelled_reason: input.status === CANCELLED_STATUS ? input.cancelledreason : null,
    items_total: itemsTotal,
    settlement_amount: online ? grandTotal : 0,
  };
  const changes = diff(snapshot(order, lines), snapshot({ ...order, ...updated }, newLines));
  const same = { id: order.id, orderNumber: order.order_number, before: order.version };
  if (unchanged(changes)) return { ...same, version: order.version };
  await storedOrStale(
    trx,
    target,
    await trx
      .updateTable('orders')
      .set({
        ...updated,
        ...(promiseChanged(order, { ...order, ...updated })
          ? { due_at: await dueAtOf(trx, { ...order, ...updated }) }
          : {}),
        // Changing a New Order's status takes it (order-take.ts): its ringing stops.
        ...(order.status === 0 && updated.status !== 0 && order.taken_at === null
          ? { taken_at: new Date(opts.now).toISOString(), taken_by: opts.actor.userId }
          : {}),
        updated_at: new Date(opts.now).toISOString(),
        version: order.version + 1,
      })
      .where('id', '=', order.id)
      .where('version', '=', order.version)
      .returning('id')
      .executeTakeFirst(),
  );
  for (const [i, l] of newLines.entries()) {
    const old = lines[i]!;
    if (old.price !== l.price || old.is_not_available !== l.is_not_available || old.total !== l.total)
      await trx
        .updateTable('order_items')
        .set({ price: l.price, is_not_available: l.is_not_available, total: l.total })
        .where('id', '=', l.id)
        .execute();
  }
  await recordAudit(
    trx,
    opts.actor,
    { entity: 'order', entityId: order.id, action: 'update', changes },
    new Date(opts.now),
  );
  // First reaching Delivered issues the bill's number (DECISIONS §9), once.
  if (updated.status === DELIVERED_STATUS && order.status !== DELIVERED_STATUS)
    await issueInvoice(trx, order, opts.now);
  return { ...same, version: order.version + 1 };
}

/**
 * Creates an order for `opts.store` (the caller's own store; BlueTikAdmin's comes from
 * the payload, required). Item names, pack sizes, images, categories and prices are
 * copied from the catalog now, as the order's own copies (as the seed does), so later
 * catalog edits never change the order; totals are computed here, never read from the
 * caller. It is PayOnDelivery (the contract refuses Online: no online payment stands behind
 * an order typed in), so it owes its store no settlement. Order, lines and audit row commit
 * together; order_counts follows by its triggers (migration 0004). Ids come from the
 * database and grow with creation (the list's snapshot relies on it); the number is the id's.
 */
export async function createOrder(
  db: Kdb,
  input: OrderCreateOutput,
  opts: { store: Scope; actor: AuditActor; now: number },
): Promise<OrderCreated> {
  const storeId = opts.store ?? input.storeId;
  if (!storeId) throw new ApiError(400, ORDER_STORE_REQUIRED_MESSAGE);
  const stamp = new Date(opts.now).toISOString();
  return db.transaction().execute(async (trx) => {
    const store = fitsIdColumn(storeId)
      ? await trx
          .selectFrom('users')
          .innerJoin('roles', 'roles.id', 'users.role_id')
          .select(['users.id', 'roles.name as role'])
          .where('users.id', '=', storeId)
          .executeTakeFirst()
      : undefined;
    // A store is any user but the platform admin (DECISIONS §2: each user is its own store).
    if (!store || store.role === 'BlueTikAdmin') throw new ApiError(400, ORDER_STORE_UNKNOWN_MESSAGE);

    const ids = input.lines.map((l) => l.itemId);
    const found = ids.every(fitsIdColumn)
      ? await trx.selectFrom('items').selectAll().where('id', 'in', ids).execute()
      : [];
    const byId = new Map(found.map((it) => [it.id, it]));
    const unknown = ids.filter((id) => !byId.has(id));
    if (unknown.length) throw new ApiError(400, ...unknown.slice(0, 10).map(orderItemUnknownMessage));

    // Lines grouped by category (the order screen's tree), then by item id, as the seed orders them.
    const lines = input.lines
      .map((l) => ({ item: byId.get(l.itemId)!, itemsCount: l.itemsCount }))
      .sort((a, b) => a.item.category.localeCompare(b.item.category) || a.item.id - b.item.id);
    const { itemsTotal, grandTotal } = orderTotals(
      lines.map((l) => ({ itemsCount: l.itemsCount, pricePaise: l.item.price, unavailable: false })),
      input.deliveryPrice,
    );
    if (grandTotal > ORDER_AMOUNT_MAX_PAISE) throw new ApiError(400, ORDER_AMOUNT_MAX_MESSAGE);

    const values = {
      // Unique until the id is known; replaced below in the same transaction.
      order_number: `new-${crypto.randomUUID()}`,
      store_user_id: store.id,
      status: 0,
      customer_name: input.orderUserName,
      customer_phone: input.orderUserPhoneNumber,
      customer_address1: input.orderUserAddress1,
      customer_address2: input.orderUserAddress2,
      customer_address3: input.orderUserAddress3,
      customer_city: input.orderUserCity,
      customer_state: input.orderUserState,
      customer_country: input.orderUserCountry,
      customer_pincode: input.orderUserPincode,
      payment_type: input.paymentType,
      is_settled: 0,
      items_total: itemsTotal,
      delivery_price: input.deliveryPrice,
      settlement_amount: 0,
      created_at: stamp,
      expected_delivery_date: input.expectedDeliveryDate,
      exp_hours: input.expHours,
      exp_minutes: input.expMinutes,
      exp_time_period: input.expTimePeriod,
      cancelled_reason: null,
      updated_at: stamp,
    };
    const due_at = await dueAtOf(trx, { ...values, store_user_id: store.id });
    const { id } = await trx
      .insertInto('orders')
      .values({ ...values, due_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderNumber = orderNumberOf(id);
    await trx.updateTable('orders').set({ order_number: orderNumber }).where('id', '=', id).execute();
    await trx
      .insertInto('order_items')
      .values(
        lines.map((l, position) => ({
          order_id: id,
          position,
          category_name: l.item.category,
          item_id: l.item.id,
          is_not_available: 0,
          name: l.item.name,
          items_count: l.itemsCount,
          qty: l.item.qty,
          price: l.item.price,
          total: l.itemsCount * l.item.price,
          image: l.item.image,
        })),
      )
      .execute();
    await recordAudit(
      trx,
      opts.actor,
      {
        entity: 'order',
        entityId: id,
        action: 'create',
        changes: {
          orderNumber,
          storeUserId: store.id,
          customerName: input.orderUserName,
          ...snapshot(
            values,
            lines.map((l) => ({
              item_id: l.item.id,
              price: l.item.price,
              is_not_available: 0,
              total: l.itemsCount * l.item.price,
            })),
          ),
        },
      },
      new Date(opts.now),
    );
    return { id, orderNumber };
  });
}

/** Removes an order and its lines; false when there is none. */
export async function removeOrder(db: Kdb, id: number, actor: AuditActor, now: number): Promise<boolean> {
  if (!fitsIdColumn(id)) return false;
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, id, null);
    if (!order) return false;
    const lines = await linesOf(trx, id);
    await trx.deleteFrom('order_items').where('order_id', '=', id).execute();
    await trx.deleteFrom('orders').where('id', '=', id).execute();
    await recordAudit(
      trx,
      actor,
      {
        entity: 'order',
        entityId: id,
        action: 'remove',
        changes: {
          orderNumber: order.order_number,
          storeUserId: order.store_user_id,
          customerName: order.customer_name,
          ...snapshot(order, lines),
        },
      },
      new Date(now),
    );
    return true;
  });
}
