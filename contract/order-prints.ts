import * as v from 'valibot';
import { boundedArray } from './bounded';
import { MAX_QUERY_REPEATS, QueryValue } from './lists';
import { OrderSchema } from './orders';
import { IdSchema, MAX_ID } from './rules';

/*
 * What a printed receipt or kitchen ticket needs (issue 16, item 3): each order with its
 * lines, and its store's name, address and phone from the store's profile (which a
 * store's staff can't otherwise read: getuserbyid is the platform admin's).
 */

/** Most orders one getprints call answers (a query key repeats at most this often). */
export const PRINT_BATCH_MAX = MAX_QUERY_REPEATS;

const IDS_MESSAGE = 'Ids must be order ids.';

/** getprints query: `ids=1&ids=2` or `ids=1,2`; at most PRINT_BATCH_MAX, in the order asked. */
export const OrderPrintsQuerySchema = v.object({
  ids: v.pipe(
    QueryValue,
    v.transform((x) =>
      (Array.isArray(x) ? x : [x])
        .flatMap((part) => String(part).split(','))
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
    v.check((parts) => parts.length >= 1, 'Ids are required.'),
    v.check(
      (parts) => parts.length <= PRINT_BATCH_MAX,
      `Ids cannot name more than ${PRINT_BATCH_MAX} orders.`,
    ),
    v.check(
      (parts) => parts.every((s) => /^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_ID),
      IDS_MESSAGE,
    ),
    v.transform((parts) => [...new Set(parts.map(Number))]),
  ),
});

/** The store as its printed documents name it (its business profile). */
export const PrintStoreSchema = v.object({
  bussinessName: v.string(),
  address1: v.string(),
  address2: v.string(),
  address3: v.string(),
  city: v.string(),
  state: v.string(),
  pincode: v.string(),
  phoneNumber: v.string(),
});
/** One order to print, with its store. */
export const OrderPrintSchema = v.object({ order: OrderSchema, store: PrintStoreSchema });
/** One order to print. */
export type OrderPrint = v.InferOutput<typeof OrderPrintSchema>;
/** getprints result: the orders found in scope, in the order asked (others left out). */
export const OrderPrintsSchema = v.array(OrderPrintSchema);

/** printbills payload: the orders whose customer bills to print (≤ PRINT_BATCH_MAX ids). */
export const OrderBillsSchema = v.object(
  {
    ids: boundedArray(IdSchema, {
      min: 1,
      max: PRINT_BATCH_MAX,
      messages: {
        type: 'Ids must be a list of order ids.',
        min: 'Ids must name at least one order.',
        max: `Ids cannot name more than ${PRINT_BATCH_MAX} orders.`,
      },
    }),
  },
  'The request body must be a JSON object.',
);

/** The bill's part of a printed customer bill (DECISIONS §9); amounts in rupees like the order's. */
export const BillSchema = v.object({
  kind: v.picklist(['Tax Invoice', 'Bill of Supply', 'Bill']),
  invoiceNumber: v.string(),
  /** The India date the number was issued, 'YYYY-MM-DD'. */
  invoiceDate: v.string(),
  gstin: v.nullable(v.string()),
  fssaiNumber: v.string(),
  /** The order's grand total, GST included. */
  total: v.number(),
  /** Tax Invoice only (otherwise null): the total's split. */
  taxable: v.nullable(v.number()),
  cgst: v.nullable(v.number()),
  sgst: v.nullable(v.number()),
});
/** One customer bill: the order, its store, its bill. */
export const OrderBillSchema = v.object({ order: OrderSchema, store: PrintStoreSchema, bill: BillSchema });
export type OrderBill = v.InferOutput<typeof OrderBillSchema>;
/** printbills result: the bills of the orders found in scope, in the order asked. */
export const OrderBillsResultSchema = v.array(OrderBillSchema);
