import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { encodeOrderUserItems, type OrderItemCategory } from '#contract/codecs';
import { CANCELLED_STATUS, type PaymentType, type YesNo } from '#contract/enums';
import { DEFAULT_PAGE_SIZE, type OrderListQuery, type Paged } from '#contract/lists';
import {
  ORDER_AMOUNT_MAX_MESSAGE,
  ORDER_AMOUNT_MAX_PAISE,
  orderItemNotInOrderMessage,
  orderTotals,
  type CancelledReasonCode,
  type Dashboard,
  type Order,
  type OrderHistory,
  type OrderListRow,
  type OrderUpdateOutput,
  type YearlySales,
} from '#contract/orders';
import { fromPaise } from '#contract/rules';
import { diff, historyOf, recordAudit, type AuditActor } from '../../audit/audit';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';

/*
 * Order queries and the row → contract mapping. Every read and write takes the caller's
 * store scope (null = every store, BlueTikAdmin) and filters by it in SQL, so another
 * store's order is indistinguishable from a missing one.
 *
 * The paged list is one statement for the page and one for the count. The page
 * statement picks the page's ids in a subquery that touches only the orders indexes
 * (filter + sort column + id), then reads full rows, the store name and the pieces
 * count for those ids alone: deep pages skip index entries, not table rows. The free-text
 * search is a substring match (lower(x) like '%q%' on both engines), which no b-tree can
 * seek: it scans what the scope and the other filters leave (measured in the API report).
 */

type Kdb = Kysely<Database>;
type Scope = number | null;
type OrdersEb = ExpressionBuilder<Database, 'orders'>;

const yesNo = (flag: number): YesNo => (flag === 1 ? 'Yes' : 'No');

/**
 * Ids are 32-bit integers in the database; PostgreSQL refuses a larger parameter with an
 * error, so a larger id (valid by the contract's digits rule) simply names no order.
 */
const MAX_DB_ID = 2_147_483_647;
const isDbId = (id: number) => id <= MAX_DB_ID;

/** The list-row columns; `itemsCount` is a correlated sum over the order's lines. */
function rowSelection(eb: ExpressionBuilder<Database, 'orders' | 'users'>) {
  return [
    'orders.id',
    'orders.order_number',
    'orders.status',
    'orders.customer_name',
    'orders.customer_phone',
    'orders.customer_address1',
    'orders.customer_address2',
    'orders.customer_address3',
    'orders.customer_city',
    'orders.customer_state',
    'orders.customer_country',
    'orders.customer_pincode',
    'orders.payment_type',
    'orders.is_settled',
    'orders.items_total',
    'orders.delivery_price',
    'orders.settlement_amount',
    'orders.created_at',
    'orders.expected_delivery_date',
    'orders.exp_hours',
    'orders.exp_minutes',
    'orders.exp_time_period',
    'orders.cancelled_reason',
    'users.bussiness_name',
    eb
      .selectFrom('order_items')
      .select((e) => e.fn.coalesce(e.fn.sum<number>('order_items.items_count'), sql<number>`0`).as('n'))
      .whereRef('order_items.order_id', '=', 'orders.id')
      .as('items_count'),
  ] as const;
}

function baseRows(db: Kdb) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.store_user_id')
    .select((eb) => rowSelection(eb));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseRows>['executeTakeFirstOrThrow']>>;

function toListRow(r: Row): OrderListRow {
  const online = r.payment_type === 'Online';
  return {
    id: r.id,
    orderNumber: r.order_number,
    status: r.status as OrderListRow['status'],
    orderUserName: r.customer_name,
    orderUserPhoneNumber: r.customer_phone,
    orderUserAddress1: r.customer_address1,
    orderUserAddress2: r.customer_address2,
    orderUserAddress3: r.customer_address3,
    orderUserCity: r.customer_city,
    orderUserState: r.customer_state,
    orderUserCountry: r.customer_country,
    orderUserPincode: r.customer_pincode,
    itemsCount: Number(r.items_count ?? 0),
    totalPrice: fromPaise(r.items_total),
    deliveryPrice: fromPaise(r.delivery_price),
    grandTotal: fromPaise(r.items_total + r.delivery_price),
    paymentType: r.payment_type as PaymentType,
    isSettled: yesNo(r.is_settled),
    settlementAmt: online ? fromPaise(r.settlement_amount) : null,
    createdDate: r.created_at,
    merchantName: r.bussiness_name,
    expectedDeliveryDate: r.expected_delivery_date,
    expHours: r.exp_hours,
    expMinutes: r.exp_minutes,
    expTimePeriod: r.exp_time_period === 'PM' ? 'PM' : 'AM',
    cancelledReason: (r.cancelled_reason ?? 0) as CancelledReasonCode,
  };
}

// ---------------------------------------------------------------------------------
// Lists

/** What the list filters on, after scoping (the caller's store wins over `store`). */
function listConditions(q: Partial<OrderListQuery>, store: Scope) {
  return (eb: OrdersEb): Expression<SqlBool> => {
    const and: Expression<SqlBool>[] = [];
    if (store !== null)
      and.push(isDbId(store) ? eb('orders.store_user_id', '=', store) : eb.lit(false).$castTo<SqlBool>());
    if (q.status?.length)
      and.push(
        q.status.length === 1 ? eb('orders.status', '=', q.status[0]!) : eb('orders.status', 'in', q.status),
      );
    if (q.paymentType) and.push(eb('orders.payment_type', '=', q.paymentType));
    if (q.isSettled) and.push(eb('orders.is_settled', '=', q.isSettled === 'Yes' ? 1 : 0));
    // Instants are fixed-width UTC ISO text, so whole days are a text range.
    if (q.from) and.push(eb('orders.created_at', '>=', `${q.from}T00:00:00.000Z`));
    if (q.to) and.push(eb('orders.created_at', '<=', `${q.to}T23:59:59.999Z`));
    if (q.q) {
      const pattern = `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // Phone numbers are digits: no lower() needed (and the search index holds them as is).
      const like = (column: Expression<string>) => sql<SqlBool>`${column} like ${pattern} escape '\\'`;
      and.push(
        eb.or([
          like(sql`lower(${sql.ref('orders.order_number')})`),
          like(sql`lower(${sql.ref('orders.customer_name')})`),
          like(sql.ref('orders.customer_phone')),
        ]),
      );
    }
    return eb.and(and);
  };
}

/** The SQL each sortable column orders by (an indexed column or indexed expression). */
const SORT_EXPRESSIONS = {
  orderNumber: sql.ref('orders.order_number'),
  status: sql.ref('orders.status'),
  orderUserName: sql`lower(${sql.ref('orders.customer_name')})`,
  totalPrice: sql.ref('orders.items_total'),
  createdDate: sql.ref('orders.created_at'),
  paymentType: sql.ref('orders.payment_type'),
  isSettled: sql.ref('orders.is_settled'),
  settlementAmt: sql.ref('orders.settlement_amount'),
  merchantName: sql`lower(${sql.ref('users.bussiness_name')})`,
} as const;

/** Every order in scope, newest first (the spec's plain list). */
export async function listAll(db: Kdb, store: Scope): Promise<OrderListRow[]> {
  const rows = await baseRows(db)
    .where(listConditions({}, store))
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
  return rows.map(toListRow);
}

/**
 * One page of the list. Without `sort` the newest come first unless the caller named an
 * `order`; ties are broken by created date, then id, in the same direction (so pages
 * never overlap and an index on (column, created_at) serves the whole ordering).
 */
export async function listPage(
  db: Kdb,
  q: OrderListQuery,
  store: Scope,
  orderNamed: boolean,
): Promise<Paged<OrderListRow>> {
  // The schema fills both; its inferred type still says optional.
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const sortKey = q.sort ?? 'createdDate';
  const dir = q.sort || orderNamed ? q.order : 'desc';
  const by = SORT_EXPRESSIONS[sortKey];
  const where = listConditions(q, store);

  let ids = db.selectFrom('orders').select('orders.id').where(where);
  // Only the store name needs the join; every other sort stays on the orders indexes.
  if (sortKey === 'merchantName')
    ids = ids.innerJoin('users', 'users.id', 'orders.store_user_id') as unknown as typeof ids;
  const orderings = [
    by,
    ...(sortKey === 'createdDate' ? [] : [sql.ref('orders.created_at')]),
    sql.ref('orders.id'),
  ];
  let pageIds = ids;
  for (const o of orderings) pageIds = pageIds.orderBy(o, dir);
  pageIds = pageIds.limit(pageSize).offset((page - 1) * pageSize);
  let rowsQuery = baseRows(db).where('orders.id', 'in', pageIds);
  for (const o of orderings) rowsQuery = rowsQuery.orderBy(o, dir);

  const [rows, counted] = await Promise.all([
    rowsQuery.execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toListRow), total: Number(counted.n), page, pageSize };
}

// ---------------------------------------------------------------------------------
// One order

async function findRow(db: Kdb, id: number, store: Scope) {
  if (!isDbId(id)) return undefined;
  let query = baseRows(db).where('orders.id', '=', id);
  if (store !== null) query = query.where('orders.store_user_id', '=', store);
  return query.executeTakeFirst();
}

function linesOf(db: Kdb, orderId: number) {
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('position')
    .orderBy('id')
    .execute();
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
  return { ...toListRow(row), orderUserItems: encodeOrderUserItems(itemTree(lines)) };
}

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

/**
 * Applies an update and answers the saved order (null when missing or out of scope).
 * Totals are recomputed from the stored lines; client totals are never read. For an
 * Online order the item prices, not-available flags and delivery price keep their stored
 * values (the payment is already taken); whatever the payload says for them is ignored.
 * `isSettled` is applied only when `canSettle` (BlueTikAdmin).
 */
export async function updateOrder(
  db: Kdb,
  input: OrderUpdateOutput,
  opts: { store: Scope; canSettle: boolean; actor: AuditActor; now: number },
): Promise<Order | null> {
  if (!isDbId(input.id)) return null;
  const found = await db.transaction().execute(async (trx) => {
    let find = trx.selectFrom('orders').selectAll().where('id', '=', input.id);
    if (opts.store !== null) find = find.where('store_user_id', '=', opts.store);
    const order = await find.executeTakeFirst();
    if (!order) return false;
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
      is_settled: opts.canSettle ? (input.issettled === 'Yes' ? 1 : 0) : order.is_settled,
      cancelled_reason: input.status === CANCELLED_STATUS ? input.cancelledreason : null,
      items_total: itemsTotal,
      settlement_amount: online ? grandTotal : 0,
      updated_at: new Date(opts.now).toISOString(),
    };
    await trx.updateTable('orders').set(updated).where('id', '=', order.id).execute();
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
      {
        entity: 'order',
        entityId: order.id,
        action: 'update',
        changes: diff(snapshot(order, lines), snapshot({ ...order, ...updated }, newLines)),
      },
      new Date(opts.now),
    );
    return true;
  });
  return found ? getOrder(db, input.id, opts.store) : null;
}

/** Removes an order and its lines; false when there is none. */
export async function removeOrder(db: Kdb, id: number, actor: AuditActor, now: number): Promise<boolean> {
  if (!isDbId(id)) return false;
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
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

/** An order's audit trail, or null when the order is missing or out of scope. */
export async function orderHistory(db: Kdb, id: number, store: Scope): Promise<OrderHistory | null> {
  if (!isDbId(id)) return null;
  let find = db.selectFrom('orders').select('id').where('id', '=', id);
  if (store !== null) find = find.where('store_user_id', '=', store);
  if (!(await find.executeTakeFirst())) return null;
  return historyOf(db, 'order', id);
}

// ---------------------------------------------------------------------------------
// Dashboard and sales

/** The dashboard cards (DECISIONS §1), `today` being the UTC date 'YYYY-MM-DD'. */
export async function dashboard(db: Kdb, store: Scope, today: string): Promise<Dashboard> {
  const scoped = (eb: OrdersEb) => (store === null ? eb.and([]) : eb('orders.store_user_id', '=', store));
  const [byStatus, upcoming] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => ['orders.status', eb.fn.countAll<number>().as('n')])
      .where(scoped)
      .groupBy('orders.status')
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(scoped)
      .where('orders.status', 'in', [0, 1, 2])
      .where('orders.expected_delivery_date', '>', today)
      .executeTakeFirstOrThrow(),
  ]);
  const n = (status: number) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
  return {
    upCommingOrder: Number(upcoming.n),
    newOrders: n(0),
    processingOrder: n(1),
    ontheWayOrder: n(2),
    deliveredOrder: n(3),
    cancelledOrder: n(4),
  };
}

/** Monthly grand totals of Delivered orders created in `year` (UTC). */
export async function yearlySales(db: Kdb, store: Scope, year: number): Promise<YearlySales> {
  const month = sql<string>`substr(${sql.ref('orders.created_at')}, 6, 2)`;
  let query = db
    .selectFrom('orders')
    .select((eb) => [
      month.as('month'),
      eb.fn
        .sum<number>(sql`${sql.ref('orders.items_total')} + ${sql.ref('orders.delivery_price')}`)
        .as('total'),
    ])
    .where('orders.status', '=', 3)
    .where('orders.created_at', '>=', `${year}-01-01T00:00:00.000Z`)
    .where('orders.created_at', '<=', `${year}-12-31T23:59:59.999Z`)
    .groupBy(month);
  if (store !== null) query = query.where('orders.store_user_id', '=', store);
  const rows = await query.execute();
  const months = Array.from({ length: 12 }, () => 0);
  for (const r of rows) months[Number(r.month) - 1] = fromPaise(Number(r.total ?? 0));
  return { year, months };
}
