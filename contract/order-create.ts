import * as v from 'valibot';
import { boundedArray } from './bounded';
import { COUNTRIES, PAYMENT_TYPES, STATES, TIME_PERIODS } from './enums';
import { ExpectedDeliveryDateField, ORDER_FORM_DEFAULTS } from './order-update';
import { ORDER_MAX_LINES } from './orders';
import {
  digitsNumber,
  IdSchema,
  normalizePhone,
  optionalText,
  payloadObject,
  PHONE_DIGITS,
  requiredText,
  UpsertIdSchema,
} from './rules';

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
