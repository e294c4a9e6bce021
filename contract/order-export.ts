import * as v from 'valibot';
import { boundedArray } from './bounded';
import { OrderStatusCountsQuerySchema, ORDER_SORT_COLUMNS, SORT_ORDERS } from './lists';
import { IdSchema } from './rules';
import { IST_OFFSET_MS } from './india-time';

/*
 * CSV export of the orders list (issue 15, item 5): the current view (its filters, search,
 * snapshot and sort) or a selection, with the list's columns, streamed by the server a
 * batch at a time (constant memory at any size). UTF-8 with a BOM so Excel reads Telugu
 * names; amounts as numbers; text that a spreadsheet would run as a formula neutralised.
 */

/** The columns an export can hold, as the list heads them (the CSV's header row). */
export const EXPORT_COLUMNS = {
  orderNumber: 'Order Id',
  status: 'Status',
  orderUserName: 'Name',
  orderUserPhoneNumber: 'Phone',
  totalPrice: 'Total Price',
  deliveryPrice: 'Delivery Price',
  createdDate: 'Created Date (IST)',
  paymentType: 'Payment Type',
  isSettled: 'Is Settled?',
  settlementAmt: 'Settlement Amt',
  merchantName: 'Store Name',
} as const;
/** A column of the export. */
export type ExportColumn = keyof typeof EXPORT_COLUMNS;
const COLUMN_KEYS = Object.keys(EXPORT_COLUMNS) as [ExportColumn, ...ExportColumn[]];

/** Most orders a selection's export names (a filter's export has no limit). */
export const EXPORT_IDS_MAX = 10_000;

/** export payload: the view (`filter` with its `upto`, `sort`, `order`) or `ids`, and the columns. */
export const OrderExportSchema = v.pipe(
  v.object(
    {
      filter: v.optional(OrderStatusCountsQuerySchema),
      ids: v.optional(
        boundedArray(IdSchema, {
          min: 1,
          max: EXPORT_IDS_MAX,
          messages: {
            type: 'Ids must be a list of order ids.',
            min: 'Ids must name at least one order.',
            max: `Ids cannot name more than ${EXPORT_IDS_MAX.toLocaleString('en-IN')} orders.`,
          },
        }),
      ),
      sort: v.optional(v.picklist(ORDER_SORT_COLUMNS, 'Sort must be a column of the list.')),
      order: v.optional(v.picklist(SORT_ORDERS, 'Order must be asc or desc.')),
      columns: boundedArray(v.picklist(COLUMN_KEYS, 'Columns must be columns of the list.'), {
        min: 1,
        max: COLUMN_KEYS.length,
        messages: {
          type: 'Columns must be a list of columns.',
          min: 'Name at least one column.',
          max: `Columns cannot name more than ${COLUMN_KEYS.length}.`,
        },
      }),
    },
    'The request body must be a JSON object.',
  ),
  v.check((b) => (b.ids === undefined) !== (b.filter === undefined), 'Name the orders: ids, or a filter.'),
  v.check((b) => b.filter === undefined || b.filter.upto !== undefined, 'A filter needs its upto snapshot.'),
);
/** export payload as sent. */
export type OrderExportInput = v.InferInput<typeof OrderExportSchema>;
/** export payload after validation. */
export type OrderExportOutput = v.InferOutput<typeof OrderExportSchema>;

/** The file's name: orders-YYYY-MM-DD.csv (the day in India). */
export function exportFileName(now: number): string {
  return `orders-${new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10)}.csv`;
}

/**
 * One CSV cell. Numbers are written as numbers; text is quoted when it holds a comma, a
 * quote or a line break, and text a spreadsheet would take for a formula (=, +, -, @, a tab
 * or a carriage return first) gets a leading apostrophe, so it shows as the text it is.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
