import * as v from 'valibot';
import { boundedArray } from './bounded';
import { CANCELLED_STATUS, YES_NO } from './enums';
import { OrderStatusCountsQuerySchema } from './lists';
import { CancelledReasonField } from './order-update';
import { CANCELLED_REASON_MESSAGE, codeChoice, ORDER_STATUS_CODES } from './orders';
import { IdSchema, MAX_ID } from './rules';

/*
 * Bulk status and settlement (issue 15, item 2): one call changes a batch of orders, each
 * in its own transaction under exactly upsertorder's rules, and answers every order's
 * outcome. The batch is a list of ids (a selection) or the list's filter with its `upto`
 * snapshot, walked by id: the answer's `next` is where the next call continues, so a long
 * run is many short calls the screen can show progress for (and stop).
 */

/** Most orders one call changes. */
export const BULK_BATCH_MAX = 200;

/** What a bulk change does to each order: a status (Cancelled with its reason) and/or the settlement. */
const changeEntries = {
  status: v.optional(codeChoice(ORDER_STATUS_CODES, 'Status must be one of 0, 1, 2, 3, 4.')),
  cancelledreason: CancelledReasonField,
  issettled: v.optional(v.picklist(YES_NO, 'Is Settled must be Yes or No.')),
};

export const BULK_MESSAGES = {
  target: 'Name the orders: ids, or a filter with its upto snapshot.',
  change: 'Name a change: a status, or Is Settled.',
  upto: 'A filter needs its upto snapshot.',
} as const;

/** The bulkupdate payload. */
export const OrderBulkSchema = v.pipe(
  v.object(
    {
      ids: v.optional(
        boundedArray(IdSchema, {
          min: 1,
          max: BULK_BATCH_MAX,
          messages: {
            type: 'Ids must be a list of order ids.',
            min: 'Ids must name at least one order.',
            max: `Ids cannot name more than ${BULK_BATCH_MAX} orders.`,
          },
        }),
      ),
      filter: v.optional(OrderStatusCountsQuerySchema),
      /** Filter mode: continue after this order id (the previous answer's `next`). */
      after: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_ID)), 0),
      ...changeEntries,
    },
    'The request body must be a JSON object.',
  ),
  v.check((b) => (b.ids === undefined) !== (b.filter === undefined), BULK_MESSAGES.target),
  v.check((b) => b.filter === undefined || b.filter.upto !== undefined, BULK_MESSAGES.upto),
  v.check((b) => b.status !== undefined || b.issettled !== undefined, BULK_MESSAGES.change),
  v.check((b) => b.status !== CANCELLED_STATUS || b.cancelledreason !== 0, CANCELLED_REASON_MESSAGE),
);
/** The bulkupdate payload as sent. */
export type OrderBulkInput = v.InferInput<typeof OrderBulkSchema>;
/** The bulkupdate payload after validation. */
export type OrderBulkOutput = v.InferOutput<typeof OrderBulkSchema>;

/** What happened to one order. */
export const BULK_OUTCOMES = ['changed', 'unchanged', 'refused'] as const;

/** bulkupdate result: each order's outcome in the batch, and where the next batch starts (filter mode). */
export const OrderBulkResultSchema = v.object({
  results: v.array(
    v.object({
      id: v.number(),
      /** Null when the order is missing or out of scope. */
      orderNumber: v.nullable(v.string()),
      outcome: v.picklist(BULK_OUTCOMES),
      /** Why it was refused (the words upsertorder would have answered). */
      message: v.optional(v.string()),
    }),
  ),
  /** Filter mode: the `after` of the next call; null when the filter has no more orders. */
  next: v.nullable(v.number()),
});
/** bulkupdate result. */
export type OrderBulkResult = v.InferOutput<typeof OrderBulkResultSchema>;
