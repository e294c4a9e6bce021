import * as v from 'valibot';
import { boundedArray, MAX_ISSUES } from './bounded';
import { decodeItemPrices, decodeUnavailableItems, encodedListSchema } from './codecs';
import { CANCELLED_STATUS, COUNTRIES, PAYMENT_TYPES, STATES, TIME_PERIODS, YES_NO } from './enums';
import { isCalendarDate, PagedResultSchema, queryInt } from './lists';
import {
  digitsNumber,
  fromPaise,
  IdSchema,
  normalizePhone,
  optionalText,
  payloadObject,
  PHONE_DIGITS,
  requiredText,
  toPaise,
  UpsertIdSchema,
} from './rules';

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
function codeChoice<const T extends readonly number[]>(codes: T, message: string) {
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
});
/** An order. */
export type Order = v.InferOutput<typeof OrderSchema>;

/** A row of the orders list: an order without its (long) encoded item tree. */
export const OrderListRowSchema = v.omit(OrderSchema, ['orderUserItems']);
/** A row of the orders list. */
export type OrderListRow = v.InferOutput<typeof OrderListRowSchema>;

/** The plain orders list (no query string): every order in scope, newest first. */
export const OrderListSchema = v.array(OrderListRowSchema);
/** The paged orders list (any list query key). */
export const OrderPageSchema = PagedResultSchema(OrderListRowSchema);

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

/** One entry of an order's audit trail (gethistory). */
export const OrderHistoryEntrySchema = v.object({
  id: v.number(),
  /** ISO-8601 instant (UTC). */
  at: v.string(),
  /** Who wrote it (null if that user is gone). */
  userId: v.nullable(v.number()),
  userName: v.string(),
  /** 'update' | 'remove' | … */
  action: v.string(),
  /** For updates { field: [before, after] }; for a removal the order's values. */
  changes: v.record(v.string(), v.unknown()),
});
/** An order's audit trail, oldest first. */
export const OrderHistorySchema = v.array(OrderHistoryEntrySchema);
/** An order's audit trail. */
export type OrderHistory = v.InferOutput<typeof OrderHistorySchema>;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * The dashboard cards (spec §3 wire names). upCommingOrder counts orders neither
 * Delivered nor Cancelled whose expected delivery date is after today (DECISIONS §1).
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
// The per-item price box of the order screen (spec §5 Order, §9)

/** Most characters an item price box takes. */
export const ITEM_PRICE_MAX_LENGTH = 12;

/**
 * An order item's price as typed: digits with at most one dot and two decimals,
 * at most 12 characters; blank means 0. Yields whole paise.
 */
export const ItemPriceTextSchema = v.pipe(
  v.union([v.string(), v.number(), v.null(), v.undefined()], PRICE_FORMAT_MESSAGE),
  v.transform((x) => (x === null || x === undefined ? '' : String(x).trim())),
  v.maxLength(ITEM_PRICE_MAX_LENGTH, `Price cannot be more than ${ITEM_PRICE_MAX_LENGTH} characters long.`),
  v.transform((s) => (s === '' ? '0' : s)),
  // '12.' and '.5' are what a person leaves in the box mid-edit; both are clear amounts.
  v.regex(/^(\d+\.?\d{0,2}|\.\d{1,2})$/, PRICE_FORMAT_MESSAGE),
  v.transform(toPaise),
);

/**
 * What the price box keeps of a keystroke's result: digits and the first dot, two
 * decimals, 12 characters (the spec's input mask, so the box rarely holds an error).
 */
export function maskItemPriceText(raw: string): string {
  let out = '';
  let dot = -1;
  for (const ch of raw) {
    if (ch === '.' && dot < 0) dot = out.length;
    else if (ch < '0' || ch > '9') continue;
    else if (dot >= 0 && out.length - dot > 2) continue;
    out += ch;
  }
  return out.slice(0, ITEM_PRICE_MAX_LENGTH);
}

/**
 * Order totals in paise (spec §4): unavailable lines don't count; grand total is the
 * items total plus delivery. The screen and the server both use this, so they agree.
 */
export function orderTotals(
  lines: readonly { itemsCount: number; pricePaise: number; unavailable: boolean }[],
  deliveryPaise: number,
): { itemsTotal: number; grandTotal: number } {
  const itemsTotal = lines.reduce((sum, l) => (l.unavailable ? sum : sum + l.itemsCount * l.pricePaise), 0);
  return { itemsTotal, grandTotal: itemsTotal + deliveryPaise };
}

// ---------------------------------------------------------------------------------
// The update payload (spec §3 "Order update payload", lowercase wire keys)

const ExpectedDeliveryDateField = v.pipe(
  v.optional(v.nullable(v.string('Expected delivery date must be a valid date.')), ''),
  v.transform((s) => (s ?? '').trim()),
  // An ISO instant names its date first; the form's date box sends only the date.
  v.transform((s) => (s === '' ? null : /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s)),
  v.nullable(v.pipe(v.string(), v.check(isCalendarDate, 'Expected delivery date must be a valid date.'))),
);

const CancelledReasonField = v.pipe(
  v.optional(v.nullable(v.union([v.number(), v.string()], CANCELLED_REASON_MESSAGE)), 0),
  v.transform((x) => (x === null || (typeof x === 'string' && x.trim() === '') ? 0 : x)),
  codeChoice(CANCELLED_REASON_CODES, CANCELLED_REASON_MESSAGE),
);

/**
 * The order update payload (spec §3, §5 Order). A non-admin's `issettled` is ignored
 * by the server (DECISIONS §2), but it must still be valid. Output money is paise;
 * `cancelledreason` is required with status 4 and cleared to 0 with any other status.
 */
export const OrderUpdateSchema = v.pipe(
  payloadObject({
    id: IdSchema,
    status: codeChoice(ORDER_STATUS_CODES, 'Status is required'),
    expecteddeliverydate: ExpectedDeliveryDateField,
    exphours: v.pipe(
      digitsNumber({
        max: 12,
        maxMessage: 'Hours must be between 1 and 12.',
        requiredMessage: 'Hours is required',
      }),
      v.minValue(1, 'Hours must be between 1 and 12.'),
    ),
    expminutes: digitsNumber({
      max: 59,
      maxMessage: 'Minutes must be between 0 and 59.',
      requiredMessage: 'Minutes is required',
    }),
    exptimeperiod: v.picklist(TIME_PERIODS, 'Time period is required'),
    deliveryprice: v.pipe(
      digitsNumber({
        max: 1000,
        maxMessage: 'Delivery price less than or equal to 1000.',
        requiredMessage: 'Delivery price is required and must be at least zero.',
      }),
      v.transform((rupeesValue) => rupeesValue * 100),
    ),
    issettled: v.picklist(YES_NO, 'Is Settled is required'),
    cancelledreason: CancelledReasonField,
    /** Lines ticked or unticked "Not Available" ('itemid|true,itemid|false'). */
    orderUnAvailableUserItems: encodedListSchema(decodeUnavailableItems, {
      max: ORDER_MAX_LINES,
      message: orderListTooLongMessage('orderUnAvailableUserItems'),
    }),
    /**
     * Item prices as typed ('itemid|12.50,…'), each checked by ItemPriceTextSchema; output
     * in paise. Reports at most MAX_ISSUES prices (every further message would repeat).
     */
    orderItemsPrice: v.pipe(
      encodedListSchema(decodeItemPrices, {
        max: ORDER_MAX_LINES,
        message: orderListTooLongMessage('orderItemsPrice'),
      }),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const out: { itemId: number; price: number }[] = [];
        let reported = 0;
        for (const entry of dataset.value) {
          const r = v.safeParse(ItemPriceTextSchema, entry.price);
          if (r.success) out.push({ itemId: entry.itemId, price: r.output });
          else {
            for (const issue of r.issues) if (reported++ < MAX_ISSUES) addIssue({ message: issue.message });
            if (reported >= MAX_ISSUES) break;
          }
        }
        return reported ? NEVER : out;
      }),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['status'], ['cancelledreason']],
      (i) => i.status !== CANCELLED_STATUS || i.cancelledreason !== 0,
      CANCELLED_REASON_MESSAGE,
    ),
    ['cancelledreason'],
  ),
  // Spec §4: choosing another status clears the reason; done here so no caller can forget.
  v.transform((o) =>
    o.status === CANCELLED_STATUS ? o : { ...o, cancelledreason: 0 as CancelledReasonCode },
  ),
);
/** The order update payload as the form holds it. */
export type OrderUpdateInput = v.InferInput<typeof OrderUpdateSchema>;
/** The order update payload after validation (money in paise, lists decoded). */
export type OrderUpdateOutput = v.InferOutput<typeof OrderUpdateSchema>;

/** Form values used when an order lacks them (spec §4). */
export const ORDER_FORM_DEFAULTS = {
  status: 0,
  exphours: 1,
  expminutes: 0,
  exptimeperiod: 'AM',
  deliveryprice: 0,
  issettled: 'No',
  cancelledreason: 0,
} as const;

/**
 * The status form's starting values for `order`, with the spec's defaults for what it
 * lacks. The item lists start empty: the screen fills them from the rows it shows.
 */
export function orderFormValues(order: Order): OrderUpdateInput {
  return {
    id: order.id,
    status: order.status,
    expecteddeliverydate: order.expectedDeliveryDate ?? '',
    exphours: order.expHours ?? ORDER_FORM_DEFAULTS.exphours,
    expminutes: order.expMinutes ?? ORDER_FORM_DEFAULTS.expminutes,
    exptimeperiod: order.expTimePeriod ?? ORDER_FORM_DEFAULTS.exptimeperiod,
    deliveryprice: order.deliveryPrice,
    issettled: order.isSettled,
    cancelledreason: order.cancelledReason,
    orderUnAvailableUserItems: '',
    orderItemsPrice: '',
  };
}

/** Rupees (wire) → the text an order price box shows: '12.5' → '12.50', 0 → '0'. */
export function priceText(rupeesValue: number): string {
  const paise = toPaise(String(rupeesValue));
  return paise % 100 === 0 ? String(paise / 100) : fromPaise(paise).toFixed(2);
}

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
});
/** What changed since a snapshot. */
export type OrderChanges = v.InferOutput<typeof OrderChangesSchema>;

// ---------------------------------------------------------------------------------
// A new order (createorder): a phone order taken at the counter, or one the platform
// admin enters for a store. Prices are copied from the catalog by the server.

/** Most pieces of one item on a line. */
export const ORDER_LINE_MAX_COUNT = 100;
/** Shown when BlueTikAdmin creates an order without naming the store. */
export const ORDER_STORE_REQUIRED_MESSAGE = 'Store is required';
/** Shown when the store named is not a store (no such user, or the platform admin). */
export const ORDER_STORE_UNKNOWN_MESSAGE = 'Store must be a store id.';
/**
 * Shown when createorder is asked for an Online order. An order typed in at the counter
 * or taken on the phone has no online payment behind it, and an Online order is money
 * the platform owes the store (settlementAmt): so such an order is Pay on delivery.
 */
export const ORDER_ONLINE_REFUSED_MESSAGE =
  'An order entered here is Pay on delivery: an Online order needs a payment taken online, and none is taken here.';
/** Shown for a line whose item is not in the catalog. */
export const orderItemUnknownMessage = (itemId: number) => `Item ${itemId} does not exist.`;

const OrderLineSchema = payloadObject({
  itemId: IdSchema,
  itemsCount: v.pipe(
    digitsNumber({
      max: ORDER_LINE_MAX_COUNT,
      maxMessage: `Items count must be between 1 and ${ORDER_LINE_MAX_COUNT}.`,
      requiredMessage: 'Items count is required',
    }),
    v.minValue(1, `Items count must be between 1 and ${ORDER_LINE_MAX_COUNT}.`),
  ),
});

/**
 * The createorder payload (wire names of spec §3 Order). `storeId` is read only from
 * BlueTikAdmin (required then); everyone else's order is for their own store, whatever
 * the payload says (DECISIONS §2 scoping). `paymentType` may be left out; only
 * PayOnDelivery is accepted (ORDER_ONLINE_REFUSED_MESSAGE). Output money is paise.
 */
export const OrderCreateSchema = payloadObject({
  storeId: UpsertIdSchema,
  orderUserName: requiredText('Name', 4, 100),
  orderUserPhoneNumber: v.pipe(
    v.string('Phone Number is required'),
    v.trim(),
    v.nonEmpty('Phone Number is required'),
    v.transform(normalizePhone),
    v.check((s) => PHONE_DIGITS.test(s), 'Phone Number must be exactly 10 digits.'),
  ),
  orderUserAddress1: requiredText('Address 1', 4, 40),
  orderUserAddress2: optionalText('Address 2', 4, 40),
  orderUserAddress3: optionalText('Address 3', 4, 40),
  orderUserCity: requiredText('City', 4, 40),
  orderUserState: v.picklist(STATES, 'State is required'),
  orderUserCountry: v.picklist(COUNTRIES, 'Country is required'),
  orderUserPincode: v.pipe(
    v.string('Pincode is required'),
    v.trim(),
    v.nonEmpty('Pincode is required'),
    v.regex(/^\d+$/, 'Only numbers are allowed.'),
    v.maxLength(10, 'Pincode cannot be more than 10 characters long.'),
  ),
  paymentType: v.pipe(
    v.optional(v.picklist(PAYMENT_TYPES, 'Payment type is required'), 'PayOnDelivery'),
    v.check((type) => type === 'PayOnDelivery', ORDER_ONLINE_REFUSED_MESSAGE),
    v.transform(() => 'PayOnDelivery' as const),
  ),
  lines: v.pipe(
    boundedArray(OrderLineSchema, {
      min: 1,
      max: ORDER_MAX_LINES,
      messages: {
        type: 'Add at least one item.',
        max: `An order cannot hold more than ${ORDER_MAX_LINES} items.`,
      },
    }),
    v.check(
      (lines) => new Set(lines.map((l) => l.itemId)).size === lines.length,
      'Each item can be added only once.',
    ),
  ),
  expectedDeliveryDate: ExpectedDeliveryDateField,
  expHours: v.pipe(
    digitsNumber({
      max: 12,
      maxMessage: 'Hours must be between 1 and 12.',
      requiredMessage: 'Hours is required',
      blankAs: ORDER_FORM_DEFAULTS.exphours,
    }),
    v.minValue(1, 'Hours must be between 1 and 12.'),
  ),
  expMinutes: digitsNumber({
    max: 59,
    maxMessage: 'Minutes must be between 0 and 59.',
    requiredMessage: 'Minutes is required',
    blankAs: ORDER_FORM_DEFAULTS.expminutes,
  }),
  expTimePeriod: v.optional(
    v.picklist(TIME_PERIODS, 'Time period is required'),
    ORDER_FORM_DEFAULTS.exptimeperiod,
  ),
  deliveryPrice: v.pipe(
    digitsNumber({
      max: 1000,
      maxMessage: 'Delivery price less than or equal to 1000.',
      requiredMessage: 'Delivery price is required and must be at least zero.',
      blankAs: 0,
    }),
    v.transform((rupeesValue) => rupeesValue * 100),
  ),
});
/** The createorder payload as a caller sends it. */
export type OrderCreateInput = v.InferInput<typeof OrderCreateSchema>;
/** The createorder payload after validation (delivery price in paise). */
export type OrderCreateOutput = v.InferOutput<typeof OrderCreateSchema>;

/** createorder result: the new order's id and number. */
export const OrderCreatedSchema = v.object({ id: v.number(), orderNumber: v.string() });
/** The created order's id and number. */
export type OrderCreated = v.InferOutput<typeof OrderCreatedSchema>;
