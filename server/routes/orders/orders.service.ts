import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { encodeOrderUserItems, type OrderItemCategory } from '#contract/codecs';
import {
  CANCELLED_STATUS,
  DELIVERED_STATUS,
  UPCOMING_STATUSES,
  type OrderStatus,
  type PaymentType,
  type YesNo,
} from '#contract/enums';
import { DEFAULT_PAGE_SIZE, type OrderChangesQuery, type OrderListQuery, type Paged } from '#contract/lists';
import {
  ORDER_AMOUNT_MAX_MESSAGE,
  ORDER_AMOUNT_MAX_PAISE,
  NEW_ORDERS_CAP,
  ORDER_STORE_REQUIRED_MESSAGE,
  ORDER_STORE_UNKNOWN_MESSAGE,
  orderItemNotInOrderMessage,
  orderItemUnknownMessage,
  orderTotals,
  type CancelledReasonCode,
  type Dashboard,
  type Order,
  type OrderHistory,
  type OrderChanges,
  type OrderCreated,
  type OrderCreateOutput,
  type OrderListRow,
  type OrderUpdateOutput,
  type YearlySales,
} from '#contract/orders';
import { fromPaise } from '#contract/rules';
import { diff, historyOf, recordAudit, type AuditActor } from '../../audit/audit';
import { isPostgres } from '../../db/database';
import { nameRestSql } from '../../db/migrations/0004-order-list-at-scale';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { lockOrder } from './order-lock';

/*
 * Order queries and the row → contract mapping. Every read and write takes the caller's
 * store scope (null = every store, BlueTikAdmin) and filters by it in SQL, so another
 * store's order is indistinguishable from a missing one.
 *
 * The paged list (measured at 1,000,000 orders by bench/lib/orders-latency.ts):
 * - the total is exact but never counts a million rows: order_counts (migration 0004,
 *   kept by triggers) answers the filters, whole months of a date range included; only
 *   a search's matches and the partial months at a range's edges are counted;
 * - the page's ids come from the orders indexes alone (filter + sort column + id), then
 *   full rows, the store name and the pieces count are read for those ids only;
 * - when the filters and the sort want different indexes, the counts decide which one
 *   leads (PlanWay), and on SQLite the other side's terms are hidden from the planner;
 * - payment type and settled sorts read two runs by date; the store-name sort walks the
 *   stores in name order;
 * - the free-text search is a prefix match (order number, phone, customer name or its
 *   second word on) that indexes seek, not a substring match that reads every row;
 * - upcoming=Yes (the dashboard's Upcoming card) becomes statuses 0–2 and an expected
 *   delivery after today, which `orders_upcoming` (migration 0005) seeks: its total is
 *   counted from that index, as the dashboard counts its card (the set of orders still
 *   to come is small; order_counts cannot hold it, "after today" moves every day).
 *
 * The dashboard (migration 0005): the status cards sum order_counts' all-time rows, the
 * Upcoming card is the list's own count, and the yearly sales sum `order_sales` (per
 * month and store, kept by triggers) instead of a million rows.
 */

type Kdb = Kysely<Database>;
type Scope = number | null;
type OrdersEb = ExpressionBuilder<Database, 'orders'>;

/**
 * The list query as the SQL reads it: upcoming=Yes becomes its statuses (within any the
 * caller chose) and `expectedAfter`, the day after which the expected delivery falls.
 */
type ListFilters = OrderListQuery & { expectedAfter?: string };

/** `q` with upcoming=Yes spelled out for `today` ('YYYY-MM-DD', UTC); null when nothing can match. */
function spellUpcoming<Q extends Pick<OrderListQuery, 'upcoming' | 'status'>>(
  q: Q,
  today: string,
): (Q & { expectedAfter?: string }) | null {
  if (q.upcoming !== 'Yes') return q;
  const upcoming: readonly OrderStatus[] = UPCOMING_STATUSES;
  const status = (q.status ?? upcoming).filter((s) => upcoming.includes(s));
  return status.length ? { ...q, upcoming: undefined, status, expectedAfter: today } : null;
}

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

/** Orders with their store's name and pieces count (list-stream.ts reads the plain list through it). */
export function baseRows(db: Kdb) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.store_user_id')
    .select((eb) => rowSelection(eb));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseRows>['executeTakeFirstOrThrow']>>;

/** A row as the contract's list row. */
export function toListRow(r: Row): OrderListRow {
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

/** The smallest text after every text that starts with `prefix` (bytewise / "C" order). */
function prefixEnd(prefix: string): string | undefined {
  const points = [...prefix];
  while (points.length) {
    const last = points.pop()!.codePointAt(0)!;
    // Skip the surrogate range: a lone surrogate is not text.
    const next = last === 0xd7ff ? 0xe000 : last + 1;
    if (next <= 0x10ffff) return points.join('') + String.fromCodePoint(next);
  }
  return undefined;
}

/**
 * The ids the free-text search finds (DECISIONS §1: order number, customer name and
 * phone), as prefix matches that an index seeks: the order number starts with the text
 * (as typed, in capitals or in small letters), the phone starts with it (digits only),
 * or the customer name, or the name from its second word on, starts with it ignoring
 * case ("anil", "anil re", "reddy" all find "Anil Reddy"). One indexed range per way,
 * each within the store scope, united. Ranges compare bytewise: SQLite's default, the
 * "C" collation on PostgreSQL (the 0004 indexes use it too).
 */
function searchTerms(text: string, pg: boolean, hidden = false) {
  const collate = pg ? sql` collate "C"` : sql``;
  // `+(…)` matches no index: the scan way tests rows it walks anyway.
  const term = (expr: Expression<unknown>) => (hidden ? sql`+(${expr})` : expr);
  const startsWith = (expr: Expression<unknown>, prefix: string): Expression<SqlBool> => {
    const end = prefixEnd(prefix);
    const from = sql<SqlBool>`${term(expr)}${collate} >= ${prefix}`;
    return end === undefined ? from : sql<SqlBool>`(${from} and ${term(expr)}${collate} < ${end})`;
  };
  const lower = text.toLowerCase();
  return {
    numbers: [...new Set([text, text.toUpperCase(), lower])].map((t) =>
      startsWith(sql.ref('orders.order_number'), t),
    ),
    phone: /^\d+$/.test(text) ? startsWith(sql.ref('orders.customer_phone'), text) : undefined,
    name: startsWith(sql`lower(${sql.ref('orders.customer_name')})`, lower),
    rest: startsWith(sql.raw(`(${nameRestSql(pg ? 'postgres' : 'sqlite')})`), lower),
  };
}

function searchWays(text: string, pg: boolean, hidden = false): Expression<SqlBool>[] {
  const t = searchTerms(text, pg, hidden);
  return [...t.numbers, ...(t.phone ? [t.phone] : []), t.name, t.rest];
}

/**
 * The store scope as terms of a WHERE (none for every store; false for an id no row can
 * have). `hidden` writes SQLite's `+column` so another index leads the plan.
 */
function storeTerms(eb: OrdersEb, store: Scope, pg: boolean, hidden: boolean): Expression<SqlBool>[] {
  if (store === null) return [];
  if (!isDbId(store)) return [eb.lit(false).$castTo<SqlBool>()];
  return [
    eb(hidden && !pg ? sql<number>`+${sql.ref('orders.store_user_id')}` : 'orders.store_user_id', '=', store),
  ];
}

/**
 * The search's ways as disjoint parts, each led by its own index: the name prefix; the
 * rest-of-name prefix without the name prefix (both ranges of covering indexes that
 * hold the other part's column, the filter columns, created_at and id: tens of
 * thousands of matches for a common name or surname); then order numbers and phones
 * without the name ways (few matches, tested on the row). Disjoint, they are counted
 * and paged without uniting ids: a UNION sorted every match into a temporary b-tree
 * (SQLite: 70 ms for "reddy" at 1,000,000 orders) and then read each match's row.
 */
function searchParts(
  db: Kdb,
  text: string,
  store: Scope,
  pg: boolean,
  filters?: (eb: OrdersEb) => Expression<SqlBool>,
) {
  const t = searchTerms(text, pg);
  const inStore = (eb: OrdersEb, hidden = false) => storeTerms(eb, store, pg, hidden);
  // The columns are NOT NULL, so NOT of a range is exactly "outside the range".
  const not = (e: Expression<SqlBool>) => sql<SqlBool>`not ${e}`;
  const anyOf = (es: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(es, sql` or `)})`;
  // Order numbers and phones: their ids first (one range per select: with an OR of the
  // ranges, or with the name terms in the same WHERE, SQLite 3.53 walked the whole store
  // in orders_store_name_rest_cover (store_user_id = ?), 1–3 s for the demo store), then
  // the name ways tested on those (few) rows.
  const seekFirst = (leads: Expression<SqlBool>[]) => {
    if (pg) return anyOf(leads);
    const [first, ...more] = leads.map((lead) =>
      db
        .selectFrom('orders')
        .select('orders.id')
        .where((eb) => eb.and([lead, ...inStore(eb)])),
    );
    return sql<SqlBool>`${sql.ref('orders.id')} in (${more.reduce((all, next) => all.union(next), first!)})`;
  };
  const parts: Expression<SqlBool>[][] = [
    [t.name],
    [t.rest, not(t.name)],
    [seekFirst(t.numbers), not(t.name), not(t.rest)],
    ...(t.phone ? [[seekFirst([t.phone]), not(anyOf(t.numbers)), not(t.name), not(t.rest)]] : []),
  ];
  return parts.map(
    (part, i) =>
      (eb: OrdersEb): Expression<SqlBool> =>
        eb.and([...part, ...inStore(eb, !pg && i >= 2), ...(filters ? [filters(eb)] : [])]),
  );
}

/**
 * SQLite: a random row read costs about this many index entries read (measured at
 * 1,000,000 orders: ~0.12 µs an entry of a covering range, a few µs a row fetched by id
 * out of order).
 */
const ROW_READ_ENTRIES = 20;

/**
 * SQLite: the two name ways as ranges of their own indexes, overlapping. The rest-of-name
 * part's `not (name prefix)` cannot be tested from the store's rest-of-name index (it has
 * no lower(name): SQLite read each match's row, 5,400 for "reddy" in the demo store, 35 ms
 * at 1,000,000 orders) and costs a test per entry in the all-stores one (33,000 entries
 * for "reddy": 4.2 ms counted with it, 2.5 ms without). Instead each range
 * is counted alone (index only) and the orders in both are sought from the cheaper side,
 * the other side's term tested on it (hidden from the planner): none at all when either
 * range is empty, as for a first name ("anil") or a surname ("reddy").
 */
function nameSides(text: string, store: Scope, filters?: (eb: OrdersEb) => Expression<SqlBool>) {
  const t = searchTerms(text, false);
  const h = searchTerms(text, false, true);
  const where =
    (...terms: Expression<SqlBool>[]) =>
    (eb: OrdersEb): Expression<SqlBool> =>
      eb.and([
        ...terms,
        ...(store === null
          ? []
          : [isDbId(store) ? eb('orders.store_user_id', '=', store) : eb.lit(false).$castTo<SqlBool>()]),
        ...(filters ? [filters(eb)] : []),
      ]);
  return {
    name: where(t.name),
    rest: where(t.rest),
    /** The orders in both ranges, sought from `from`'s range. */
    both: (from: 'name' | 'rest') => (from === 'name' ? where(t.name, h.rest) : where(t.rest, h.name)),
    /**
     * Which range to seek the orders in both from: the name side reads each entry's row
     * (its indexes lack the rest-of-name), so does the rest side within a store (the
     * store's rest-of-name index lacks the name); the all-stores one holds both.
     */
    cheaper: (name: number, rest: number): 'name' | 'rest' =>
      name * ROW_READ_ENTRIES <= rest * (store === null ? 1 : ROW_READ_ENTRIES) ? 'name' : 'rest',
  };
}

const countOf = async (db: Kdb, where: (eb: OrdersEb) => Expression<SqlBool>, cap?: number) => {
  const row = await (
    cap === undefined
      ? db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(where)
      : db
          .selectFrom(db.selectFrom('orders').select('orders.id').where(where).limit(cap).as('found'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
  ).executeTakeFirstOrThrow();
  return Number(row.n);
};

/** SQLite: countSearch by nameSides: name range + rest range − both, plus the other parts. */
async function countSearchSqlite(
  db: Kdb,
  text: string,
  store: Scope,
  filters?: (eb: OrdersEb) => Expression<SqlBool>,
  seen?: SideCounts,
): Promise<number> {
  const sides = nameSides(text, store, filters);
  const [name, rest] = await Promise.all([countOf(db, sides.name), countOf(db, sides.rest)]);
  if (seen) Object.assign(seen, { name, rest });
  const [both, others] = await Promise.all([
    name === 0 || rest === 0 ? 0 : countOf(db, sides.both(sides.cheaper(name, rest))),
    countNumbersAndPhones(db, text, store, name + rest, false, filters),
  ]);
  return name + rest - both + others;
}

/**
 * The order-number and phone parts of a search count (those not already found by name).
 * Their parts seek each number or phone match and test the name ways on its row: a
 * short text matches very many ("O" is every order number, "9" a quarter of the phones:
 * 1.15 s and 0.57 s at 1,000,000 orders on SQLite, the event loop held all along;
 * 1.7 s and 0.9 s on PostgreSQL). Without
 * other filters each range is counted from its index alone and the orders it shares with
 * the ways before it are sought from those ways when they are the smaller side (none for
 * "O" or "9"). Number ranges of the same length never overlap (the case variants).
 */
async function countNumbersAndPhones(
  db: Kdb,
  text: string,
  store: Scope,
  byName: number,
  pg: boolean,
  filters?: (eb: OrdersEb) => Expression<SqlBool>,
): Promise<number> {
  const parts = searchParts(db, text, store, pg, filters).slice(2);
  const variants = [...new Set([text, text.toUpperCase(), text.toLowerCase()])];
  const sameLength = variants.every((v) => v.length === text.length);
  const sum = (ns: number[]) => ns.reduce((a, n) => a + n, 0);
  if (filters || !sameLength) return sum(await Promise.all(parts.map((part) => countOf(db, part))));
  const t = searchTerms(text, pg);
  // Terms the planner must not lead with (SQLite's `+`; PostgreSQL plans by statistics).
  const h = pg ? t : searchTerms(text, false, true);
  const not = (e: Expression<SqlBool>) => sql<SqlBool>`not ${e}`;
  const anyOf = (es: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(es, sql` or `)})`;
  const within = (eb: OrdersEb, hidden: boolean) => storeTerms(eb, store, pg, hidden);
  const scoped =
    (...terms: Expression<SqlBool>[]) =>
    (eb: OrdersEb): Expression<SqlBool> =>
      eb.and([...terms, ...within(eb, false)]);
  // The name ways as disjoint parts (hidden terms: the name and rest ranges lead).
  const nameWays = [scoped(t.name), scoped(t.rest, not(h.name))];
  const numbers = sum(await Promise.all(t.numbers.map((range) => countOf(db, scoped(range)))));
  const numberPart =
    byName <= numbers
      ? numbers -
        sum(
          await Promise.all(nameWays.map((way) => countOf(db, (eb) => eb.and([way(eb), anyOf(h.numbers)])))),
        )
      : await countOf(db, parts[0]!);
  if (!t.phone || !h.phone) return numberPart;
  // The phone index ends with the store: with the store visible SQLite walked the demo
  // store's (store_user_id, id) entries and read each row instead (285 ms for "9").
  const phone = t.phone;
  const phones = await countOf(db, (eb) => eb.and([phone, ...within(eb, true)]));
  if (byName + numbers > phones) return numberPart + (await countOf(db, parts[1]!));
  const before = [...nameWays, ...t.numbers.map((range) => scoped(range, not(h.name), not(h.rest)))];
  const shared = sum(
    await Promise.all(before.map((way) => countOf(db, (eb) => eb.and([way(eb), h.phone!])))),
  );
  return numberPart + phones - shared;
}

/**
 * SQLite: searchParts for a page, the rest-of-name part without the name prefix's
 * orders as cheaply as nameSides allows: both ranges' counts come from the total just
 * made (SideCounts), else are counted up to SIDE_COUNT_CAP entries; when either is empty, the rest part is its bare
 * range; within a store, when the name range is the smaller, the orders in both are
 * sought from it once and left out by id.
 */
async function datePartsSqlite(
  db: Kdb,
  text: string,
  store: Scope,
  filters?: (eb: OrdersEb) => Expression<SqlBool>,
  seen?: SideCounts,
) {
  const parts = searchParts(db, text, store, false, filters);
  const sides = nameSides(text, store, filters);
  const known = seen?.name !== undefined && seen.rest !== undefined;
  const [name, rest] = known
    ? [seen.name!, seen.rest!]
    : await Promise.all([countOf(db, sides.name, SIDE_COUNT_CAP), countOf(db, sides.rest, SIDE_COUNT_CAP)]);
  let restPart = parts[1]!;
  if (name === 0 || rest === 0) restPart = sides.rest;
  else if (store !== null && (known || name < SIDE_COUNT_CAP) && sides.cheaper(name, rest) === 'name') {
    const both = db.selectFrom('orders').select('orders.id').where(sides.both('name'));
    restPart = (eb) => eb.and([sides.rest(eb), sql<SqlBool>`+${sql.ref('orders.id')} not in (${both})`]);
  }
  return [parts[0]!, restPart, ...parts.slice(2)];
}
const SIDE_COUNT_CAP = 1000;

/**
 * The name and rest-of-name range counts a total just made (SQLite), so the page that
 * follows in the same listPage call need not count them again (two statements, ~0.5 ms
 * for "Anil" in the demo store). Without a snapshot they are the page's own; with one
 * (`upto`) they include the orders after it: a range empty then is empty within it.
 */
interface SideCounts {
  name?: number;
  rest?: number;
}

/** How many orders the search finds within the scope (and `filters`): its parts' counts summed. */
async function countSearch(
  db: Kdb,
  text: string,
  store: Scope,
  pg: boolean,
  filters?: (eb: OrdersEb) => Expression<SqlBool>,
  seen?: SideCounts,
): Promise<number> {
  if (!pg) return countSearchSqlite(db, text, store, filters, seen);
  const [name, rest] = await Promise.all(
    searchParts(db, text, store, pg, filters)
      .slice(0, 2)
      .map((part) => countOf(db, part)),
  );
  return name! + rest! + (await countNumbersAndPhones(db, text, store, name! + rest!, pg, filters));
}

/**
 * A page of the search's matches by created date: each part's (created_at, id) from its
 * index, all parts together (disjoint: UNION ALL), the page taken from them. No row is
 * read until the page's own.
 */
function searchPageByDate(
  db: Kdb,
  text: string,
  store: Scope,
  pg: boolean,
  filters: ((eb: OrdersEb) => Expression<SqlBool>) | undefined,
  dir: 'asc' | 'desc',
  limit: number,
  skip: number,
  parts = searchParts(db, text, store, pg, filters),
) {
  const [first, ...others] = parts.map((part) =>
    db.selectFrom('orders').select(['orders.id', 'orders.created_at']).where(part),
  );
  const all = others.reduce((acc, next) => acc.unionAll(next), first!);
  return db
    .selectFrom(all.as('found'))
    .select('found.id')
    .orderBy('found.created_at', dir)
    .orderBy('found.id', dir)
    .limit(limit)
    .offset(skip);
}

/** The search's matches within the scope: one indexed range per way, united. */
function searchIds(db: Kdb, text: string, store: Scope, pg: boolean) {
  const [first, ...rest] = searchWays(text, pg).map((way) =>
    db
      .selectFrom('orders')
      .select('orders.id')
      .where((eb) =>
        eb.and([
          way,
          ...(store === null
            ? []
            : [isDbId(store) ? eb('orders.store_user_id', '=', store) : eb.lit(false).$castTo<SqlBool>()]),
        ]),
      ),
  );
  return rest.reduce((all, next) => all.union(next), first!);
}

/**
 * Which side leads a page's plan when the filters and the sort want different indexes.
 * 'seek': the filters (or the search) find the matching rows, which are then sorted;
 * 'scan': the sort's index is walked in order and the filters keep what matches, which
 * stops after the page when the matches are many. On SQLite the other side's terms are
 * written `+column`, so the planner takes the way chosen here with or without
 * statistics (ANALYZE); PostgreSQL plans by its own statistics.
 */
type PlanWay = 'seek' | 'scan';

/** The sort columns whose index also serves a filter on them (status, created date). */
type Served = 'status' | 'created_at' | undefined;

/** What the list filters on, after scoping (the caller's store wins over `store`). */
function listConditions(
  q: Partial<ListFilters>,
  store: Scope,
  opts: { db: Kdb; pg: boolean; way?: PlanWay; served?: Served; noDates?: boolean; hideAll?: boolean },
) {
  const { db, pg } = opts;
  const way = opts.way ?? 'seek';
  return (eb: OrdersEb): Expression<SqlBool> => {
    // Upcoming leads alone (orders_upcoming: statuses and expected date; the store is
    // tested in the index, a store's status index would read every open order of the
    // store; a search is tested on its few rows); else a search that seeks leads alone.
    // A scan leaves the filters to the sort's index, which serves the store and its own
    // column only.
    type Column =
      'store_user_id' | 'status' | 'payment_type' | 'is_settled' | 'created_at' | 'expected_delivery_date';
    const seekHides = (name: Column) =>
      q.expectedAfter ? name !== 'status' && name !== 'expected_delivery_date' : !!q.q;
    const hide = (name: Column) =>
      !pg &&
      (opts.hideAll || (way === 'scan' ? name !== 'store_user_id' && name !== opts.served : seekHides(name)));
    const col = <T>(name: Column) =>
      hide(name) ? sql<T>`+${sql.ref(`orders.${name}`)}` : sql<T>`${sql.ref(`orders.${name}`)}`;
    const and: Expression<SqlBool>[] = [];
    if (store !== null)
      and.push(
        isDbId(store) ? eb(col<number>('store_user_id'), '=', store) : eb.lit(false).$castTo<SqlBool>(),
      );
    if (q.status?.length)
      and.push(
        q.status.length === 1
          ? eb(col<number>('status'), '=', q.status[0]!)
          : eb(col<number>('status'), 'in', q.status),
      );
    if (q.paymentType) and.push(eb(col<string>('payment_type'), '=', q.paymentType));
    if (q.isSettled) and.push(eb(col<number>('is_settled'), '=', q.isSettled === 'Yes' ? 1 : 0));
    // Instants are fixed-width UTC ISO text, so whole days are a text range.
    if (q.from && !opts.noDates) and.push(eb(col<string>('created_at'), '>=', dayStart(q.from)));
    if (q.to && !opts.noDates) and.push(eb(col<string>('created_at'), '<=', dayEnd(q.to)));
    // The snapshot: hidden on SQLite so the id range never leads the plan (the page's
    // index walk tests it from the index entry, which ends with the id).
    if (q.upto !== undefined)
      and.push(
        eb(pg ? sql<number>`${sql.ref('orders.id')}` : sql<number>`+${sql.ref('orders.id')}`, '<=', q.upto),
      );
    if (q.expectedAfter) and.push(eb(col<string>('expected_delivery_date'), '>', q.expectedAfter));
    if (q.q)
      and.push(
        q.expectedAfter
          ? eb.or(searchWays(q.q, pg, !pg))
          : pg
            ? way === 'seek'
              ? // An array, not IN: PostgreSQL then looks the matches up by primary key, however
                // many its estimate of a prefix range guesses (seen: 10,000 for 1, so a hash join
                // over every order).
                sql<SqlBool>`${sql.ref('orders.id')} = any(array(${searchIds(db, q.q, store, pg)}))`
              : // Many matches: the terms are tested on each row the sort's index walks (the
                // estimate of many matches makes PostgreSQL walk it too). "Anil" + Delivered by
                // total at 1,000,000 orders: 4,000 rows walked against 17,790 matches looked
                // up by primary key (13,000 heap pages), 36 ms against 420 ms under load.
                eb.or(searchWays(q.q, pg))
            : way === 'seek'
              ? eb('orders.id', 'in', searchIds(db, q.q, store, pg))
              : eb.or(searchWays(q.q, pg, true)),
      );
    return eb.and(and);
  };
}

const dayStart = (day: string) => `${day}T00:00:00.000Z`;
/** The UTC calendar day 'YYYY-MM-DD' of an instant (ms). */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayEnd = (day: string) => `${day}T23:59:59.999Z`;

/** The per-month counters of migration 0004 (kept by triggers on orders). */
interface OrderCountsTable {
  /** 'YYYY-MM' of created_at, or '' for all time. */
  month: string;
  store_user_id: number;
  status: number;
  payment_type: string;
  is_settled: number;
  n: number;
}

/** 'YYYY-MM' plus `delta` months. */
function addMonths(month: string, delta: number): string {
  const d = new Date(`${month}-01T00:00:00.000Z`);
  d.setUTCMonth(d.getUTCMonth() + delta);
  return d.toISOString().slice(0, 7);
}

/** 'YYYY-MM-DD' plus `delta` days. */
function addDays(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + delta * 86_400_000).toISOString().slice(0, 10);
}

/**
 * How many orders match, exactly, without counting a million rows. Without a search,
 * the filters sum order_counts (all time, or the whole months the dates cover, or all
 * time less the months outside them); only the partial months at the edges of a date
 * range are counted, from the covering (…created_at, status, payment_type, is_settled)
 * indexes, inside or outside the range, whichever is fewer days. A search counts its matches
 * (from the prefix indexes alone when nothing else filters).
 */
async function countMatching(
  db: Kdb,
  q: ListFilters,
  store: Scope,
  pg: boolean,
  seen?: SideCounts,
): Promise<number> {
  // A snapshot's total: everything matching, less what arrived after it (a short walk of
  // the newest ids; the operator's snapshot is seconds or minutes old).
  if (q.upto !== undefined) {
    const [all, newer] = await Promise.all([
      countMatching(db, { ...q, upto: undefined }, store, pg, seen),
      countNewer(db, q, store, pg, q.upto),
    ]);
    return all - newer;
  }
  const countWhere = async (where: (eb: OrdersEb) => Expression<SqlBool>) =>
    Number(
      (
        await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(where)
          .executeTakeFirstOrThrow()
      ).n,
    );
  // Upcoming: the orders still to come, counted from orders_upcoming (few; see the top),
  // a search tested on each.
  if (q.expectedAfter) return countWhere(listConditions(q, store, { db, pg }));
  if (q.q) {
    const others = q.status?.length || q.paymentType || q.isSettled || q.from || q.to;
    // The other filters, as a seeking search writes them (they never lead).
    const filters = listConditions({ ...q, q: '' }, null, { db, pg, hideAll: true });
    return countSearch(db, q.q, store, pg, others ? filters : undefined, seen);
  }

  const between = (from: string | undefined, to: string | undefined) =>
    countWhere((eb) =>
      eb.and([
        listConditions(q, store, { db, pg, noDates: true })(eb),
        ...(from ? [eb('orders.created_at', '>=', from)] : []),
        ...(to ? [eb('orders.created_at', '<', to)] : []),
      ]),
    );
  const sumMonths = async (months: { all: true } | { from?: string; to?: string }) => {
    const row = await db
      .withTables<{ order_counts: OrderCountsTable }>()
      .selectFrom('order_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n'))
      .where((eb) => {
        const and: Expression<SqlBool>[] = [];
        if ('all' in months) and.push(eb('month', '=', ''));
        else {
          and.push(eb('month', '>', ''));
          if (months.from) and.push(eb('month', '>=', months.from));
          if (months.to) and.push(eb('month', '<=', months.to));
        }
        if (store !== null) and.push(isDbId(store) ? eb('store_user_id', '=', store) : eb.lit(false));
        if (q.status?.length) and.push(eb('status', 'in', q.status));
        if (q.paymentType) and.push(eb('payment_type', '=', q.paymentType));
        if (q.isSettled) and.push(eb('is_settled', '=', q.isSettled === 'Yes' ? 1 : 0));
        return eb.and(and);
      })
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  if (!q.from && !q.to) return sumMonths({ all: true });
  // Whole months inside [from, to] from order_counts, and the partial months at either end
  // counted from the covering (…created_at, status, payment_type, is_settled) indexes.
  // Each costs what it reads, so each is read from its smaller side: order_counts holds
  // ~2,000 rows a month at 1,000,000 orders (0.3 ms each to sum), so months up to a
  // recent `to` are all time less the months after it ("to" mid-September 2026 summed 22
  // months, 10 ms; now all time less 3); an edge month counts its days inside the range
  // or, when fewer, the month's total less its days outside (at most half a month, ~20,000
  // index entries).
  const monthStart = (month: string) => `${month}-01T00:00:00.000Z`;
  const partial = async (month: string, from?: string, to?: string) => {
    const end = monthStart(addMonths(month, 1));
    const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
    if (days(from ?? monthStart(month), to ?? end) * 2 <= days(monthStart(month), end))
      return between(from ?? monthStart(month), to ?? end);
    const [whole, before, after] = await Promise.all([
      sumMonths({ from: month, to: month }),
      from ? between(monthStart(month), from) : 0,
      to ? between(to, end) : 0,
    ]);
    return whole - before - after;
  };
  const wholeMonths = async (from?: string, to?: string) => {
    if (from && to && from > to) return 0;
    const span = (a: string, b: string) =>
      (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 +
      Number(b.slice(5, 7)) -
      Number(a.slice(5, 7)) +
      1;
    if (from && to && span(from, to) <= 3) return sumMonths({ from, to });
    const extent = await db
      .withTables<{ order_counts: OrderCountsTable }>()
      .selectNoFrom((eb) => [
        eb
          .selectFrom('order_counts')
          .select((e) => e.fn.min('month').as('m'))
          .where('month', '>', '')
          .as('first'),
        eb
          .selectFrom('order_counts')
          .select((e) => e.fn.max('month').as('m'))
          .as('last'),
      ])
      .executeTakeFirstOrThrow();
    const { first, last } = extent as { first: string | null; last: string | null };
    if (!first || !last) return 0;
    const lo = from && from > first ? from : first;
    const hi = to && to < last ? to : last;
    if (lo > hi) return 0;
    if (span(lo, hi) <= span(first, last) - span(lo, hi) + 1) return sumMonths({ from: lo, to: hi });
    const [all, before, after] = await Promise.all([
      sumMonths({ all: true }),
      lo > first ? sumMonths({ to: addMonths(lo, -1) }) : 0,
      hi < last ? sumMonths({ from: addMonths(hi, 1) }) : 0,
    ]);
    return all - before - after;
  };

  const start = q.from && dayStart(q.from);
  const end = q.to ? dayStart(addDays(q.to, 1)) : undefined;
  const startMonth = q.from?.slice(0, 7);
  const endMonth = end?.slice(0, 7);
  const headCut = !!q.from && !q.from.endsWith('-01');
  const tailCut = !!end && end.slice(8, 10) !== '01';
  if (headCut && tailCut && startMonth === endMonth) return partial(startMonth!, start, end);
  const fullFrom = startMonth && (headCut ? addMonths(startMonth, 1) : startMonth);
  const fullTo = endMonth && addMonths(endMonth, -1);
  const [months, head, tail] = await Promise.all([
    wholeMonths(fullFrom, fullTo),
    headCut ? partial(startMonth!, start) : 0,
    tailCut ? partial(endMonth!, undefined, end) : 0,
  ]);
  return months + head + tail;
}

/**
 * How many orders with id > `since` match the list's filters and search (at most `cap`).
 * The id range leads (the primary key's, or a store's (store_user_id, id) range): it
 * holds only orders newer than the snapshot, so the walk is as long as what arrived
 * since (and stops at `cap` matches); the other terms are tested on each row (on SQLite
 * they are hidden from the planner, so no filter index takes the lead). A snapshot far
 * behind with a filter that rarely matches walks every newer order: the screen only
 * polls with its own snapshot, which the operator moves forward.
 */
async function countNewer(
  db: Kdb,
  q: Omit<OrderChangesQuery, 'since'> & { upto?: number },
  store: Scope,
  pg: boolean,
  since: number,
  cap?: number,
): Promise<number> {
  if (!isDbId(since)) return 0;
  // A store's walk is its own newer orders: (store_user_id, id) of migration 0006.
  let newer = db
    .selectFrom('orders')
    .select('orders.id')
    .where('orders.id', '>', since)
    .where((eb) =>
      store === null ? eb.and([]) : eb('orders.store_user_id', '=', isDbId(store) ? store : -1),
    )
    .where(listConditions({ ...q, upto: undefined }, null, { db, pg, way: 'scan', hideAll: true }));
  if (cap !== undefined) newer = newer.limit(cap);
  const row = await db
    .selectFrom(newer.as('newer'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What changed since a snapshot of the list (the screen polls this every ~10 s while
 * visible): the latest order id in scope (the next snapshot; ids grow with creation) and
 * how many orders newer than `since` match the filters and search, counted up to
 * NEW_ORDERS_CAP. Both are index reads: the newest id from the end of the primary key
 * (or of the store's (store_user_id, id) index, migration 0006), the count from the
 * primary key's range above `since`.
 */
export async function orderChanges(
  db: Kdb,
  asked: OrderChangesQuery,
  store: Scope,
  today: string = utcDay(Date.now()),
): Promise<OrderChanges> {
  const pg = isPostgres(db);
  // Upcoming counts like the list counts it (null: a status filter that excludes it all).
  const q = spellUpcoming(asked, today) ?? { ...asked, since: MAX_DB_ID };
  // Only BlueTikAdmin picks a store (the caller's own scope always wins).
  const scope = store ?? q.store ?? null;
  let latest = db.selectFrom('orders').select('orders.id').orderBy('orders.id', 'desc').limit(1);
  if (scope !== null) latest = latest.where('orders.store_user_id', '=', isDbId(scope) ? scope : -1);
  const [top, newOrders] = await Promise.all([
    latest.executeTakeFirst(),
    countNewer(db, q, scope, pg, q.since, NEW_ORDERS_CAP),
  ]);
  return { latestId: top?.id ?? 0, newOrders };
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

/**
 * Sort columns of two values, read as two runs by date: `payment_type = 'Online'` by
 * date, then 'PayOnDelivery' by date (or the reverse), each run served by the
 * (…created_at, status, payment_type, is_settled) indexes, its length by order_counts.
 */
const TWO_VALUED = {
  paymentType: ['Online', 'PayOnDelivery'],
  isSettled: ['No', 'Yes'],
} as const satisfies Partial<Record<keyof typeof SORT_EXPRESSIONS, readonly string[]>>;

/**
 * 'scan' when walking the sort's index reads at most this many entries per matching
 * order: walking reads about (offset + page size) × orders in scope ÷ matches entries;
 * seeking reads and sorts every match, a few times dearer an entry (measured on SQLite
 * at 1,000,000 orders). A search tests each walked entry against the row (its columns
 * are in no walked index), while its seek reads covering indexes: it walks less.
 */
const SCAN_PER_MATCH = 2;
/**
 * A search over every store sorted by another column than the date (by date it pages
 * its parts' indexes, see searchPageByDate) walks like the other filters: seeking
 * "Anil" + Delivered by total read 14,000 rows (210 ms under load), walking 35–60 ms.
 * Within a store SQLite 3.53 does not walk the sort's index (its statistics average a
 * store at 4,800 orders; the demo store has 160,000): it sorts the store (1–2 s), so a
 * store's search seeks unless the matches are very many.
 *
 * By date on SQLite, the walk of the (store's) created_at index reads each entry's row
 * (~1 µs: the rows follow the ids, which follow the date) where paging the parts sorts
 * each match's index entry (~0.3 µs), both measured at 1,000,000 orders: "reddy" over
 * every store walks 1,300 rows (1 ms) instead of sorting 33,000 entries (9–12 ms);
 * "Anil" in the demo store sorts 2,950 entries (0.7–1.2 ms) instead of walking 2,750
 * rows (3–5 ms). PostgreSQL walks by its own cut-off (PG_SEARCH_SCAN_PER_MATCH): paging
 * the parts sorted every match ("O", every order number: 1.2 s at 1,000,000 orders, now
 * 138 ms with the count; "reddy" 51 → 25 ms; "Anil" 32 → 21 ms).
 */
const SEARCH_SCAN_PER_MATCH = { everyStore: 2, oneStore: 0.25, byDate: 0.25 };
/**
 * PostgreSQL's search seek looks every match of the search up by primary key (a heap
 * fetch each, before the other filters) and its walk fetches each walked row, within a
 * store too (it walks the store's sort index by its own statistics). The demo store's
 * "Anil" + Delivered by total (2,311 of 162,434, walk ÷ matches = 1.5): seeking 32 ms,
 * walking 17–20 (medians of 20 under load); even near 3.
 */
const PG_SEARCH_SCAN_PER_MATCH = 2;

/** The PlanWay for reading `reach` (offset + page size) of `matches` orders among `scope`. */
function planWay(
  reach: number,
  scope: number,
  matches: number,
  search: false | keyof typeof SEARCH_SCAN_PER_MATCH,
  pg: boolean,
): PlanWay {
  const perMatch = !search ? SCAN_PER_MATCH : pg ? PG_SEARCH_SCAN_PER_MATCH : SEARCH_SCAN_PER_MATCH[search];
  return reach * scope <= perMatch * matches * matches ? 'scan' : 'seek';
}

/**
 * One page of the list. Without `sort` the newest come first unless the caller named an
 * `order`; ties are broken by created date, then id, in the same direction (so pages
 * never overlap and an index on (column, created_at) serves the whole ordering). The
 * store name sort keeps each store's orders together: name, then store, then date, id
 * (stores walked in name order, each store's orders by date: no sort of the whole list).
 */
export async function listPage(
  db: Kdb,
  asked: OrderListQuery,
  store: Scope,
  orderNamed: boolean,
  today: string = utcDay(Date.now()),
): Promise<Paged<OrderListRow>> {
  // The schema fills both; its inferred type still says optional.
  const page = asked.page ?? 1;
  const pageSize = asked.pageSize ?? DEFAULT_PAGE_SIZE;
  const q = spellUpcoming(asked, today);
  if (!q) return { rows: [], total: 0, page, pageSize };
  const sortKey = q.sort ?? 'createdDate';
  const dir = q.sort || orderNamed ? q.order : 'desc';
  const pg = isPostgres(db);
  const offset = (page - 1) * pageSize;

  // How many match, and how many orders the sort's index walks to find them: which way
  // to plan (PlanWay). The walk covers the store, and the sort column's own filter.
  const served: Served =
    sortKey === 'createdDate' ? 'created_at' : sortKey === 'status' ? 'status' : undefined;
  const walked: ListFilters = {
    ...q,
    q: '',
    status: served === 'status' ? q.status : undefined,
    paymentType: undefined,
    isSettled: undefined,
    expectedAfter: undefined,
    from: served === 'created_at' ? q.from : undefined,
    to: served === 'created_at' ? q.to : undefined,
  };
  // The walk's count only when the walk covers more than the matches. Each count skipped is a
  // statement: PostgreSQL at 1,000,000 orders, "from only" counted its partial month twice
  // (2 × 28 ms under load), a search summed order_counts' all-time rows (8–10 ms).
  const narrower = !!(
    q.q ||
    (served !== 'status' && q.status?.length) ||
    q.paymentType ||
    q.isSettled ||
    (served !== 'created_at' && (q.from || q.to)) ||
    q.expectedAfter
  );
  const searched =
    !!q.q &&
    (sortKey === 'createdDate' && !q.expectedAfter ? 'byDate' : store === null ? 'everyStore' : 'oneStore');
  let total: number;
  let scope: number | undefined;
  const seen: SideCounts = {};
  if (pg)
    [total, scope] = await Promise.all([
      countMatching(db, q, store, pg),
      narrower ? countMatching(db, walked, store, pg) : undefined,
    ]);
  else {
    // SQLite runs one statement at a time anyway: the total first, then the walk's count
    // only when the plan depends on it. Every order in scope (order_counts' all-time
    // rows, 0.3 ms) bounds it: when even that many walked entries make 'scan', the exact
    // count cannot change the way (the 75-day range with Online by date counted its two
    // months and two partial months a second time, ~2.3 ms). The two-valued sorts plan
    // each run by its own size, so they take the exact count.
    total = await countMatching(db, q, store, pg, seen);
    if (total > 0 && offset < total && narrower) {
      const all = await countMatching(db, {} as ListFilters, store, pg);
      const bare = !walked.status?.length && !walked.from && !walked.to && walked.upto === undefined;
      const twoValued = sortKey === 'paymentType' || sortKey === 'isSettled';
      scope =
        bare || (!twoValued && planWay(offset + pageSize, all, total, searched, pg) === 'scan')
          ? all
          : await countMatching(db, walked, store, pg);
    }
  }
  if (total === 0 || offset >= total) return { rows: [], total, page, pageSize };
  const way = planWay(offset + pageSize, scope ?? total, total, searched, pg);

  const orderings =
    sortKey === 'merchantName'
      ? [
          SORT_EXPRESSIONS.merchantName,
          sql.ref('users.id'),
          sql.ref('orders.created_at'),
          sql.ref('orders.id'),
        ]
      : [
          SORT_EXPRESSIONS[sortKey],
          // Order numbers are unique: no date tie-break, so (store, order_number) and the
          // unique index serve the whole ordering (with the date, SQLite sorted a store's
          // 160,000 orders in a temporary b-tree: 350 ms at 1,000,000 orders).
          ...(sortKey === 'createdDate' || sortKey === 'orderNumber' ? [] : [sql.ref('orders.created_at')]),
          sql.ref('orders.id'),
        ];
  // The page's ids, from the orders indexes alone (only the store name needs the join).
  const idsOf = async (
    query: ListFilters,
    by: typeof orderings,
    limit: number,
    skip: number,
    how: PlanWay,
    order: 'asc' | 'desc' = dir,
  ) => {
    // A search by date pages its disjoint parts (searchPageByDate), or on SQLite walks the
    // date when the matches are many (SEARCH_SCAN_PER_MATCH.byDate); with Upcoming, the
    // upcoming index leads instead (few orders, each tested against the search).
    if (query.q && sortKey === 'createdDate' && !query.expectedAfter && how === 'seek') {
      const others =
        query.status?.length ||
        query.paymentType ||
        query.isSettled ||
        query.from ||
        query.to ||
        query.upto !== undefined;
      const filters = listConditions({ ...query, q: '' }, null, { db, pg, hideAll: true });
      const kept = others ? filters : undefined;
      const parts = pg
        ? undefined
        : await datePartsSqlite(db, query.q, store, kept, query === q ? seen : undefined);
      return searchPageByDate(db, query.q, store, pg, kept, order, limit, skip, parts).execute();
    }
    const where = listConditions(query, store, { db, pg, way: how, served });
    let ids =
      sortKey === 'merchantName'
        ? db
            .selectFrom('users')
            .innerJoin('orders', 'orders.store_user_id', 'users.id')
            .select('orders.id')
            .where(where as (eb: ExpressionBuilder<Database, 'orders' | 'users'>) => Expression<SqlBool>)
        : db.selectFrom('orders').select('orders.id').where(where);
    for (const o of by) ids = ids.orderBy(o, order);
    return ids.limit(limit).offset(skip).execute();
  };
  const rowsFor = async (ids: number[]) => {
    if (ids.length === 0) return [];
    let rowsQuery = baseRows(db).where('orders.id', 'in', ids);
    for (const o of orderings) rowsQuery = rowsQuery.orderBy(o, dir);
    return (await rowsQuery.execute()).map(toListRow);
  };

  if (sortKey === 'paymentType' || sortKey === 'isSettled') {
    const chosen = q[sortKey];
    const values = (chosen ? [chosen] : [...TWO_VALUED[sortKey]]) as string[];
    if (dir === 'desc') values.reverse();
    const runs = values.map((value) => ({ ...q, [sortKey]: value }) as ListFilters);
    const sizes = await Promise.all(runs.map((run) => countMatching(db, run, store, pg)));
    const ids: number[] = [];
    let skip = offset;
    for (const [i, run] of runs.entries()) {
      const size = sizes[i]!;
      if (skip >= size) {
        skip -= size;
        continue;
      }
      const take = Math.min(pageSize - ids.length, size - skip);
      const how = planWay(skip + take, scope ?? total, size, searched, pg);
      const found = await idsOf(run, orderings.slice(1), take, skip, how);
      ids.push(...found.map((r) => r.id));
      skip = 0;
      if (ids.length >= pageSize) break;
    }
    return { rows: await rowsFor(ids), total, page, pageSize };
  }

  // A page past the middle is read from the other end, the order reversed (every ordering
  // ends with the id, so it is exact; rowsFor puts the rows back). OFFSET reads every
  // skipped index entry: at 1,000,000 orders on SQLite the last page by date took 22 ms,
  // by name 67 ms, of Delivered 64 ms, now 1.5–2 ms; on PostgreSQL the demo store's page
  // 2,000 of 50 (162,434 orders) skips 62,434 entries instead of 99,950.
  const back = total - offset - pageSize;
  if (back < offset) {
    const skip = Math.max(0, back);
    const limit = total - offset - skip;
    const how = planWay(skip + limit, scope ?? total, total, searched, pg);
    const found = await idsOf(q, orderings, limit, skip, how, dir === 'asc' ? 'desc' : 'asc');
    return { rows: await rowsFor(found.map((r) => r.id)), total, page, pageSize };
  }
  const ids = await idsOf(q, orderings, pageSize, offset, way);
  return { rows: await rowsFor(ids.map((r) => r.id)), total, page, pageSize };
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
 * `isSettled` is applied only when `canSettle` (BlueTikAdmin). The order row is locked
 * first (order-lock.ts), so simultaneous writes of one order apply one after the other.
 */
export async function updateOrder(
  db: Kdb,
  input: OrderUpdateOutput,
  opts: { store: Scope; canSettle: boolean; actor: AuditActor; now: number },
): Promise<Order | null> {
  if (!isDbId(input.id)) return null;
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, input.id, opts.store);
    if (!order) return null;
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
    // Read back before the lock goes, so the answer is what this save stored.
    return getOrder(trx, order.id, opts.store);
  });
}

/** An order number from its id: ORD000123 (the seed's numbers follow the same rule). */
export const orderNumberOf = (id: number) => `ORD${String(id).padStart(6, '0')}`;

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
    const store = isDbId(storeId)
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
    const found = ids.every(isDbId)
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
    const { id } = await trx.insertInto('orders').values(values).returning('id').executeTakeFirstOrThrow();
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
  if (!isDbId(id)) return false;
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
  const pg = isPostgres(db);
  // Exactly what the orders list counts for status=N and upcoming=Yes: the cards link there.
  const [byStatus, upcoming] = await Promise.all([
    db
      .withTables<{ order_counts: OrderCountsTable }>()
      .selectFrom('order_counts')
      .select((eb) => ['status', eb.fn.sum<number>('n').as('n')])
      .where('month', '=', '')
      .where((eb) =>
        store === null
          ? eb.and([])
          : isDbId(store)
            ? eb('store_user_id', '=', store)
            : eb.lit(false).$castTo<SqlBool>(),
      )
      .groupBy('status')
      .execute(),
    countMatching(db, spellUpcoming({ upcoming: 'Yes' } as OrderListQuery, today)!, store, pg),
  ]);
  const n = (status: number) => Number(byStatus.find((r) => Number(r.status) === status)?.n ?? 0);
  return {
    upCommingOrder: upcoming,
    newOrders: n(0),
    processingOrder: n(1),
    ontheWayOrder: n(2),
    deliveredOrder: n(DELIVERED_STATUS),
    cancelledOrder: n(CANCELLED_STATUS),
  };
}

/** The Delivered totals of migration 0005 (kept by triggers on orders). */
interface OrderSalesTable {
  /** 'YYYY-MM' of created_at. */
  month: string;
  store_user_id: number;
  /** Grand totals (items + delivery) in paise. */
  total: number;
}

/** Monthly grand totals of Delivered orders created in `year` (UTC), from order_sales. */
export async function yearlySales(db: Kdb, store: Scope, year: number): Promise<YearlySales> {
  const rows = await db
    .withTables<{ order_sales: OrderSalesTable }>()
    .selectFrom('order_sales')
    .select((eb) => ['month', eb.fn.sum<number>('total').as('total')])
    .where('month', '>=', `${year}-01`)
    .where('month', '<=', `${year}-12`)
    .where((eb) =>
      store === null
        ? eb.and([])
        : isDbId(store)
          ? eb('store_user_id', '=', store)
          : eb.lit(false).$castTo<SqlBool>(),
    )
    .groupBy('month')
    .execute();
  const months = Array.from({ length: 12 }, () => 0);
  for (const r of rows) months[Number(r.month.slice(5, 7)) - 1] = fromPaise(Number(r.total ?? 0));
  return { year, months };
}
