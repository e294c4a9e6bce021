import * as v from 'valibot';
import { MAX_QUERY_REPEATS, QueryValue } from './lists';
import { OrderSchema } from './orders';
import { MAX_ID } from './rules';

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
