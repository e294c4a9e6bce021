import { RemovedResultSchema } from './envelope';
import { DayReportQuerySchema, DayReportSchema } from './reports';
import { byId, e, list } from './endpoint-entry';
import { OrderChangesQuerySchema, OrderListQuerySchema, OrderStatusCountsQuerySchema } from './lists';
import { OrderBulkResultSchema, OrderBulkSchema } from './order-bulk';
import { OrderCreatedSchema, OrderCreateSchema } from './order-create';
import { OrderExportSchema } from './order-export';
import {
  OrderBillsResultSchema,
  OrderBillsSchema,
  OrderPrintsQuerySchema,
  OrderPrintsSchema,
} from './order-prints';
import { OrderUpdateSchema } from './order-update';
import {
  OrderHistoryEntrySchema,
  OrderHistoryQuerySchema,
  OrderHistorySchema,
  OrderNoteAddSchema,
} from './order-history';
import {
  DashboardSchema,
  OrderChangesSchema,
  OrderListRowSchema,
  OrderSchema,
  OrderTakeSchema,
  OrderTakenSchema,
  OrderStatusCountsSchema,
  YearlySalesQuerySchema,
  YearlySalesSchema,
} from './orders';

/** The orders' calls: the spec's (§7) and the order desk's (issues 6, 15, 16). Part of ENDPOINTS. */
export const ORDER_ENDPOINTS = {
  listOrders: list(
    '/orders/listorders',
    'orders.read',
    'Orders in the caller’s scope (all stores for BlueTikAdmin, else its own store).',
    OrderListQuerySchema,
    OrderListRowSchema,
  ),
  getOrderById: e(
    'GET',
    '/orders/getorderbyid/:id',
    'orders.read',
    'One order in scope; another store’s order answers exactly like a missing one.',
    { params: byId, result: OrderSchema },
  ),
  /** The screen polls this while visible (orders.routes.ts says why a poll). */
  getOrderChanges: e(
    'GET',
    '/orders/getchanges',
    'orders.read',
    'What changed since a snapshot of the orders list: the latest order id in scope, and how many orders newer than `since` match the filters and search (at most 1000).',
    { query: OrderChangesQuerySchema, result: OrderChangesSchema },
  ),
  getOrderStatusCounts: e(
    'GET',
    '/orders/getstatuscounts',
    'orders.read',
    'The orders list’s status tabs: how many orders match the list’s other filters and search (and snapshot) in all, per status and Upcoming, in the caller’s scope.',
    { query: OrderStatusCountsQuerySchema, result: OrderStatusCountsSchema },
  ),
  createOrder: e(
    'POST',
    '/orders/createorder',
    'orders.create',
    'Creates an order for a store (BlueTikAdmin names `storeId`; others create for their own store). Item names and prices are copied from the catalog.',
    { body: OrderCreateSchema, result: OrderCreatedSchema },
  ),
  upsertOrder: e(
    'POST',
    '/orders/upsertorder',
    'orders.update',
    'Updates an order’s status, delivery and prices; the server recomputes every total. isSettled only from BlueTikAdmin (ignored otherwise).',
    { body: OrderUpdateSchema, result: OrderSchema },
  ),
  bulkUpdateOrders: e(
    'POST',
    '/orders/bulkupdate',
    'orders.update',
    'Changes the status (Cancelled with its reason) and/or the settlement of up to 200 orders — ids, or the list’s filter with its `upto`, continued from `after` — each under upsertorder’s rules in its own transaction; answers every order’s outcome and the next batch’s `after`.',
    { body: OrderBulkSchema, result: OrderBulkResultSchema },
  ),
  exportOrders: e(
    'POST',
    '/orders/export',
    'orders.read',
    'The orders list as CSV (UTF-8 with a BOM): the view (`filter` with its `upto`, `sort`, `order`) or up to 10,000 `ids`, with the named `columns`; streamed, in scope.',
    {
      body: OrderExportSchema,
      raw: {
        contentType: 'text/csv',
        description: 'CSV: a header row of the column labels, then one row per order.',
      },
    },
  ),
  getDashboardOrder: e('GET', '/orders/getdashboardorder', 'orders.read', 'The dashboard counts, in scope.', {
    result: DashboardSchema,
  }),
  getYearlySales: e(
    'GET',
    '/orders/getyearlysales',
    'orders.read',
    'Twelve monthly totals of Delivered orders in a year, in scope.',
    { query: YearlySalesQuerySchema, result: YearlySalesSchema },
  ),
  takeOrder: e(
    'POST',
    '/orders/takeorder',
    'orders.update',
    'Takes a New Order (issue 28): the first call stores who and when (an audit entry) and stops its ringing on every screen; later calls, or an order no longer New, answer what is stored. The order’s version does not change.',
    { body: OrderTakeSchema, result: OrderTakenSchema },
  ),
  removeOrder: e('DELETE', '/orders/removeorder/:id', 'orders.remove', 'Removes an order.', {
    params: byId,
    result: RemovedResultSchema,
  }),
  getOrderHistory: e(
    'GET',
    '/orders/gethistory/:id',
    'orders.read',
    'An order’s audit trail with its notes, oldest first: `limit` entries (at most 100, the default) after the entry `after`.',
    {
      params: byId,
      query: OrderHistoryQuerySchema,
      result: OrderHistorySchema,
    },
  ),
  getOrderPrints: e(
    'GET',
    '/orders/getprints',
    'orders.read',
    'Orders to print (receipt, kitchen ticket) with their store’s name, address and phone: up to 50 ids, in scope, in the order asked; others are left out.',
    { query: OrderPrintsQuerySchema, result: OrderPrintsSchema },
  ),
  printOrderBills: e(
    'POST',
    '/orders/printbills',
    'orders.bill',
    'Customer bills to print (DECISIONS §9): up to 50 ids, in scope, in the order asked (others left out), each with its store and its bill — Tax Invoice, Bill of Supply or Bill, with the invoice number, issued now for an order that has none. Refused (400, nothing issued) when a store of the batch has no FSSAI licence number.',
    { body: OrderBillsSchema, result: OrderBillsResultSchema },
  ),
  addOrderNote: e(
    'POST',
    '/orders/addnote',
    'orders.note',
    'Adds an internal note (1–500 characters, never shown to customers) to an order’s trail; answers the entry.',
    { body: OrderNoteAddSchema, result: OrderHistoryEntrySchema },
  ),
  removeOrderNote: e(
    'DELETE',
    '/orders/removenote/:id',
    'orders.noteRemove',
    'Removes a note (by its entry id): the trail keeps that it was written and removed, not its text.',
    { params: byId, result: RemovedResultSchema },
  ),
  getDayReport: e(
    'GET',
    '/reports/getdayreport',
    'reports.day',
    'The day-end report (issue 28): a business day or up to 31 days (India calendar) of orders placed, in scope — orders by status, delivered sales and average bill, by payment type, settled and unsettled online amounts, cancellations per reason, item-wise sales, orders per hour — with the previous period and the same days a week earlier.',
    { query: DayReportQuerySchema, result: DayReportSchema },
  ),
} as const;
