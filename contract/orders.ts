import * as v from 'valibot';
import { PAYMENT_TYPES, TIME_PERIODS, YES_NO } from './enums';
import { PagedResultSchema, queryInt } from './lists';
import { IdSchema } from './rules';
import { VersionSchema } from './versions';

/*
 * Orders (spec §3 Order, §4, §5 Order; DECISIONS §1 amounts). Results carry rupees as
 * numbers, like the wire; validated payloads carry whole paise (DECISIONS §7), the same
 * unit rupees() yields, so the server adds and stores money without drift.
 */

/** Order status codes, 0 Placed (New Order) … 4 Cancelled. */
export const ORDER_STATUS_CODES = [0, 1, 2, 3, 4] as const;
/** Cancelled-reason codes: 0 means none, 1–10 are CANCELLED_REASONS. */
export const CANCELLED_REASON_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
/** A cancelled-reason code (0 = none). */
export type CancelledReasonCode = (typeof CANCELLED_REASON_CODES)[number];

/** Shown when a cancelled order has no reason (spec §5 Order). */
export const CANCELLED_REASON_MESSAGE = 'Please select a cancelled reason';
/** Shown for a price that is not digits with up to two decimals (spec §5 Item, reused for order prices). */
export const PRICE_FORMAT_MESSAGE = 'Only numbers or decimals with two digits are allowed.';

/** An order status code in a result. */
export const OrderStatusSchema = v.picklist(ORDER_STATUS_CODES);

/**
 * A code chosen from a dropdown: a number, or its digits (selects hold strings).
 * Anything else, blank included, gets `message`.
 */
export function codeChoice<const T extends readonly number[]>(codes: T, message: string) {
  return v.pipe(
    v.union([v.number(), v.string()], message),
    v.transform((x) => (typeof x === 'number' ? x : /^\s*\d{1,3}\s*$/.test(x) ? Number(x) : NaN)),
    v.picklist(codes, message),
  );
}

// ---------------------------------------------------------------------------------
// Results

/** An order as getorderbyid returns it (spec §3). Amounts are rupees. */
export const OrderSchema = v.object({
  id: v.number(),
  /** The number shown as "Order Id". */
  orderNumber: v.string(),
  status: OrderStatusSchema,
  orderUserName: v.string(),
  orderUserPhoneNumber: v.string(),
  orderUserAddress1: v.string(),
  orderUserAddress2: v.string(),
  orderUserAddress3: v.string(),
  orderUserCity: v.string(),
  orderUserState: v.string(),
  orderUserCountry: v.string(),
  orderUserPincode: v.string(),
  /** The item tree, encoded (decodeOrderUserItems). */
  orderUserItems: v.string(),
  /** Pieces ordered: the sum of every line's items count (not-available lines included). */
  itemsCount: v.number(),
  /** Items total: available items' count × price (DECISIONS §1). */
  totalPrice: v.number(),
  /** Shipping. */
  deliveryPrice: v.number(),
  /** totalPrice + deliveryPrice, when the server sends it (screens can compute it). */
  grandTotal: v.optional(v.number()),
  paymentType: v.picklist(PAYMENT_TYPES),
  isSettled: v.picklist(YES_NO),
  /** What the platform owes the store for an Online order; null for PayOnDelivery (NA on screen). */
  settlementAmt: v.nullable(v.number()),
  /** ISO-8601 instant (UTC). */
  createdDate: v.string(),
  /** The store's business name. */
  merchantName: v.string(),
  /** 'YYYY-MM-DD', or null before the store sets one. */
  expectedDeliveryDate: v.nullable(v.string()),
  // Null until the store sets a delivery time; the form then uses ORDER_FORM_DEFAULTS.
  expHours: v.nullable(v.number()),
  expMinutes: v.nullable(v.number()),
  expTimePeriod: v.nullable(v.picklist(TIME_PERIODS)),
  cancelledReason: v.picklist(CANCELLED_REASON_CODES),
  /**
   * The promised delivery (UTC ISO; contract/time-left.ts promisedAt), from which screens
   * count the time left down; null when nothing was promised.
   */
  dueAt: v.nullable(v.string()),
  /** Read by the order screen; the list leaves it out (its rows come from covering indexes). */
  version: VersionSchema,
});
/** An order. */
export type Order = v.InferOutput<typeof OrderSchema>;

/** A row of the orders list: an order without its (long) encoded item tree. */
export const OrderListRowSchema = v.omit(OrderSchema, ['orderUserItems', 'version']);
/** A row of the orders list. */
export type OrderListRow = v.InferOutput<typeof OrderListRowSchema>;

/** The plain orders list (no query string): every order in scope, newest first. */
export const OrderListSchema = v.array(OrderListRowSchema);
/** The paged orders list (any list query key). */
export const OrderPageSchema = PagedResultSchema(OrderListRowSchema);

/** What every order number starts with. */
export const ORDER_NUMBER_PREFIX = 'ORD';
/** An order number from its id: ORD000123 (the server's, the seed's and the mocks' alike). */
export const orderNumberOf = (id: number) => `${ORDER_NUMBER_PREFIX}${String(id).padStart(6, '0')}`;

/**
 * The order a search of digits alone names by its number (issue 15 item 6): "1234" and
 * "0001234" find the order whose id is 1234 (ORD001234; however many zeros its number was
 * written with) as well as what starts with the digits (phones). Up to 7 digits; none for 0.
 */
export function orderIdForDigits(text: string): number | undefined {
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1) return undefined;
  return Number(text);
}

/** The answer for a missing order and for another store's order alike. */
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';

/**
 * Largest amount (paise) an order line or an order may reach after an update: the
 * price box takes 12 characters, which could otherwise overflow what the database stores.
 */
export const ORDER_AMOUNT_MAX_PAISE = 1_000_000_000;
/** Shown when an update would take an order line or the order past ORDER_AMOUNT_MAX_PAISE. */
export const ORDER_AMOUNT_MAX_MESSAGE = 'Order amounts cannot be more than Rs 1,00,00,000.00.';
/** Most lines one order may hold (so an update's item lists name at most this many). */
export const ORDER_MAX_LINES = 50;
/** Shown when an update's item list names more lines than an order can hold. */
export const orderListTooLongMessage = (list: string) =>
  `${list} cannot hold more than ${ORDER_MAX_LINES} entries.`;
/** Shown when an update's item lists name an item the order does not hold. */
export const orderItemNotInOrderMessage = (itemId: number) => `Item ${itemId} is not part of this order.`;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * The dashboard cards (spec §3 wire names). upCommingOrder counts orders neither
 * Delivered nor Cancelled whose expected delivery date is after today in India (DECISIONS §1, §9).
 */
export const DashboardSchema = v.object({
  upCommingOrder: count,
  /** Status 0. */
  newOrders: count,
  /** Status 1. */
  processingOrder: count,
  /** Status 2. */
  ontheWayOrder: count,
  /** Status 3. */
  deliveredOrder: count,
  /** Status 4. */
  cancelledOrder: count,
  /** Open orders past their promised delivery (issue 28 item 2; not in the spec's list). */
  overdueOrders: count,
});
/** The dashboard counts. */
export type Dashboard = v.InferOutput<typeof DashboardSchema>;

/** getyearlysales query: `year` (2000–2100); absent means the current year. */
export const YearlySalesQuerySchema = v.object({
  year: queryInt(2000, 2100, 'Year must be between 2000 and 2100.'),
});
/** getyearlysales query after coercion. */
export type YearlySalesQuery = v.InferOutput<typeof YearlySalesQuerySchema>;

/**
 * getyearlysales result: `months[0]` is January … `months[11]` December, each the
 * grand total in rupees of that month's Delivered orders by created date (DECISIONS §1).
 */
export const YearlySalesSchema = v.object({
  year: v.pipe(v.number(), v.integer()),
  months: v.pipe(v.array(v.number()), v.length(12)),
});
/** Twelve monthly sales totals of one year. */
export type YearlySales = v.InferOutput<typeof YearlySalesSchema>;

// ---------------------------------------------------------------------------------
// Live data: what changed since the list's snapshot (getchanges)

/**
 * Most new orders getchanges counts: past it the count stops (the screen shows "1000+"),
 * so an old snapshot never makes the poll count a million rows.
 */
export const NEW_ORDERS_CAP = 1000;

/**
 * getchanges result. `latestId`: the highest order id in the caller's scope (0 when
 * there is none), the next snapshot. `newOrders`: how many orders with id > since match
 * the filters and search, at most NEW_ORDERS_CAP.
 */
export const OrderChangesSchema = v.object({
  latestId: count,
  newOrders: v.pipe(count, v.maxValue(NEW_ORDERS_CAP)),
  /**
   * New Orders in the caller's scope nobody has taken yet (opened or changed), whatever the
   * list's filters: while there are any, the alert rings (issue 28 item 1). Capped too.
   */
  untaken: v.pipe(count, v.maxValue(NEW_ORDERS_CAP)),
});

/** takeorder payload: the order to take. */
export const OrderTakeSchema = v.object({ id: IdSchema }, 'The request body must be a JSON object.');

/** takeorder result: who took the order and when (the first to open it or change its status). */
export const OrderTakenSchema = v.object({
  takenAt: v.string(),
  takenBy: v.nullable(v.number()),
});
export type OrderTaken = v.InferOutput<typeof OrderTakenSchema>;
/** What changed since a snapshot. */
export type OrderChanges = v.InferOutput<typeof OrderChangesSchema>;

/**
 * The orders list's status tabs: how many orders each tab holds under the list's other
 * filters and search — every status, each status by its code (0 New Order … 4 Cancelled),
 * Upcoming (DECISIONS §1) and Overdue.
 */
export const OrderStatusCountsSchema = v.object({
  all: count,
  byStatus: v.tuple([count, count, count, count, count]),
  upcoming: count,
  /** Open orders past their promise (issue 28 item 2). */
  overdue: count,
});
/** The status tabs' counts. */
export type OrderStatusCounts = v.InferOutput<typeof OrderStatusCountsSchema>;
