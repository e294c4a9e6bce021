import * as v from 'valibot';
import { MAX_ISSUES } from './bounded';
import { decodeItemPrices, decodeUnavailableItems, encodedListSchema } from './codecs';
import { CANCELLED_STATUS, TIME_PERIODS, YES_NO } from './enums';
import { isCalendarDate } from './lists';
import {
  CANCELLED_REASON_CODES,
  CANCELLED_REASON_MESSAGE,
  codeChoice,
  ORDER_MAX_LINES,
  ORDER_STATUS_CODES,
  orderListTooLongMessage,
  PRICE_FORMAT_MESSAGE,
  type CancelledReasonCode,
  type Order,
} from './orders';
import { digitsNumber, IdSchema, payloadObject, toPaise } from './rules';
import { ExpectedVersionField } from './versions';

/*
 * An order's edit (spec §3 "Order update payload", §4, §5 Order): the per-item price
 * box, the totals the screen and the server both compute, the payload and the form's
 * starting values. Validated money is whole paise (DECISIONS §7).
 */

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

/** The expected delivery date box: blank is none, an ISO instant keeps its date. */
export const ExpectedDeliveryDateField = v.pipe(
  v.optional(v.nullable(v.string('Expected delivery date must be a valid date.')), ''),
  v.transform((s) => (s ?? '').trim()),
  // An ISO instant names its date first; the form's date box sends only the date.
  v.transform((s) => (s === '' ? null : /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s)),
  v.nullable(v.pipe(v.string(), v.check(isCalendarDate, 'Expected delivery date must be a valid date.'))),
);

export const CancelledReasonField = v.pipe(
  v.optional(v.nullable(v.union([v.number(), v.string()], CANCELLED_REASON_MESSAGE)), 0),
  v.transform((x) => (x === null || (typeof x === 'string' && x.trim() === '') ? 0 : x)),
  codeChoice(CANCELLED_REASON_CODES, CANCELLED_REASON_MESSAGE),
);

/** The status form's fields as their labels read (the schema's messages start with them). */
export const ORDER_FIELD_LABELS = {
  status: 'Status',
  expecteddeliverydate: 'Expected delivery date',
  exphours: 'Hours',
  expminutes: 'Minutes',
  exptimeperiod: 'Time period',
  deliveryprice: 'Delivery price',
  issettled: 'Is Settled',
} as const;

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
    version: ExpectedVersionField,
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
    version: order.version,
  };
}
