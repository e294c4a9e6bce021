/*
 * The orders domain's public entry: what orders.routes.ts, list-stream.ts, the tests and
 * bench/ call. Every read and write takes the caller's store scope (scope.ts: null =
 * every store, BlueTikAdmin) and filters by it in SQL, so another store's order is
 * indistinguishable from a missing one. Behind it:
 *
 * - order-row.ts: an order as the list and the order screen read it, and its contract row;
 * - order-reads.ts, order-writes.ts: one order (read, history; save, create, remove, each
 *   write under the order's lock, order-lock.ts);
 * - dashboard.ts: the cards and yearly sales, from the counters of migrations 0004/0005;
 * - list/: the paged list at scale.
 *
 * The paged list (list/):
 * - the total is exact but never counts every order: order_counts (migration 0004, kept
 *   by triggers) answers the filters, whole months of a date range included; only a
 *   search's matches and the partial months at a range's edges are counted (totals.ts);
 * - the page's ids come from the orders indexes alone (filter + sort column + id), then
 *   full rows, the store name and the pieces count are read for those ids only
 *   (list-page.ts);
 * - when the filters and the sort want different indexes, the counts decide which one
 *   leads (plan.ts, pure), and on SQLite the other side's terms are hidden from the
 *   planner (db/dialect.ts);
 * - payment type and settled sorts read two runs by date; the store-name sort walks the
 *   stores in name order;
 * - the free-text search is a prefix match (order number, phone, customer name or its
 *   second word on) that indexes seek, not a substring match that reads every row
 *   (search/);
 * - upcoming=Yes (the dashboard's Upcoming card) becomes statuses 0–2 and an expected
 *   delivery after today, which `orders_upcoming` (migration 0005) seeks (filters.ts);
 * - what changed since the screen's snapshot is a walk of the newest ids (changes.ts);
 * - the status tabs' counts are the list's total once per tab (status-counts.ts);
 * - a deep page by date walks only the months that hold it (month-seek.ts);
 * - the list's first calls are made once after a start (warm-up.ts).
 */

export { dashboard, yearlySales } from './dashboard';
export { orderChanges } from './list/changes';
export { listPage } from './list/list-page';
export { statusCounts } from './list/status-counts';
export { warmOrderList } from './list/warm-up';
export { getOrder } from './order-reads';
export { addNote, orderHistory, removeNote } from './order-history';
export { orderPrints } from './order-prints';
export { orderBills } from './order-bills';
export { takeOrder } from './order-take';
export { bulkUpdate } from './order-bulk';
export { baseRows, toListRow } from './order-row';
export { createOrder, removeOrder, updateOrder } from './order-writes';
export { orderNumberOf } from '#contract/orders';
export { checkOrderIntegrity, formatIntegrity, type IntegrityReport } from './order-integrity';
