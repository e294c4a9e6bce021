import { HttpResponse } from 'msw';
import { decodeOrderUserItems, encodeOrderUserItems } from '#contract/codecs';
import { NOTE_NOT_FOUND_MESSAGE } from '#contract/order-history';
import { ORDER_NOT_FOUND_MESSAGE, type Order } from '#contract/orders';
import { fromPaise } from '#contract/rules';
import { refuse } from '../auth';
import { list, on } from '../endpoint';
import { makeBill, makeSales, orderRowOf } from '../factories/orders';
import { nextId, store, userByPhone } from '../store';

/**
 * An order with what upsertorder was sent stored on it: status, delivery date and time,
 * delivery price, settlement, reason, and each line's availability and price. Nothing is
 * recomputed (totals are the server's, tested there and end to end).
 */
function stored(order: Order, sent: Parameters<Parameters<typeof on<'upsertOrder'>>[1]>[0]['body']): Order {
  const unavailable = new Map(sent.orderUnAvailableUserItems.map((e) => [e.itemId, e.checked]));
  const prices = new Map(sent.orderItemsPrice.map((e) => [e.itemId, e.price]));
  const tree = decodeOrderUserItems(order.orderUserItems);
  const lines = tree.success
    ? tree.output.map((c) => ({
        ...c,
        items: c.items.map((l) => ({
          ...l,
          isDeleted: unavailable.get(l.itemId) ?? l.isDeleted,
          price: prices.has(l.itemId) ? fromPaise(prices.get(l.itemId)!) : l.price,
        })),
      }))
    : [];
  return {
    ...order,
    status: sent.status as Order['status'],
    expectedDeliveryDate: sent.expecteddeliverydate,
    expHours: sent.exphours,
    expMinutes: sent.expminutes,
    expTimePeriod: sent.exptimeperiod,
    deliveryPrice: fromPaise(sent.deliveryprice),
    isSettled: sent.issettled,
    cancelledReason: sent.cancelledreason,
    orderUserItems: tree.success ? encodeOrderUserItems(lines) : order.orderUserItems,
    version: order.version + 1,
  };
}

/** The orders calls and the dashboard's. */
export const orderHandlers = [
  list('listOrders', () => [...store.orders.values()].map(orderRowOf)),
  on('getOrderById', ({ params }) => store.orders.get(params.id) ?? refuse(404, ORDER_NOT_FOUND_MESSAGE)),
  on('getOrderChanges', () => store.changes),
  on('getOrderStatusCounts', () => store.statusCounts),
  on('getDayReport', () => store.dayReport),
  // Taking stores nothing here: a test says what getchanges answers next (store.changes).
  on('takeOrder', ({ body }) =>
    store.orders.has(body.id)
      ? { takenAt: new Date().toISOString(), takenBy: 2 }
      : refuse(404, ORDER_NOT_FOUND_MESSAGE),
  ),
  on('upsertOrder', ({ body }) => {
    const order = store.orders.get(body.id);
    if (!order) return refuse(404, ORDER_NOT_FOUND_MESSAGE);
    const saved = stored(order, body);
    store.orders.set(saved.id, saved);
    return saved;
  }),
  // Each named order takes the status or settlement sent; a missing one is refused. (The
  // filter's walk is the server's, tested there: a test that sends a filter says what comes back.)
  on('bulkUpdateOrders', ({ body }) => ({
    results: (body.ids ?? []).map((id) => {
      const order = store.orders.get(id);
      if (!order)
        return { id, orderNumber: null, outcome: 'refused' as const, message: ORDER_NOT_FOUND_MESSAGE };
      const status = (body.status ?? order.status) as Order['status'];
      store.orders.set(id, { ...order, status, isSettled: body.issettled ?? order.isSettled });
      return { id, orderNumber: order.orderNumber, outcome: 'changed' as const };
    }),
    next: null,
  })),
  // The stored orders named (or all of them) as CSV: order numbers only (the columns and
  // the order are the server's, tested there).
  on('exportOrders', ({ body }) => {
    const orders = body.ids
      ? body.ids.flatMap((id) => store.orders.get(id) ?? [])
      : [...store.orders.values()];
    return new HttpResponse(`\uFEFFOrder Id\r\n${orders.map((o) => `${o.orderNumber}\r\n`).join('')}`, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="orders-2026-11-26.csv"',
      },
    });
  }),
  on('removeOrder', ({ params }) => {
    if (!store.orders.delete(params.id)) return refuse(404, ORDER_NOT_FOUND_MESSAGE);
    return true;
  }),
  on('getOrderHistory', ({ params }) =>
    store.orders.has(params.id) ? (store.history.get(params.id) ?? []) : refuse(404, ORDER_NOT_FOUND_MESSAGE),
  ),
  // Each order printed with the WebAdmin's store (user 2): the mocks keep no order's owner.
  on('getOrderPrints', ({ query }) =>
    query.ids.flatMap((id) => {
      const order = store.orders.get(id);
      return order ? [{ order, store: printProfile() }] : [];
    }),
  ),
  // A bill a test arranged (store.bills), else a Tax Invoice numbered by the order's id.
  on('printOrderBills', ({ body }) =>
    body.ids.flatMap((id) => {
      const order = store.orders.get(id);
      return order ? [{ order, store: printProfile(), bill: store.bills.get(id) ?? makeBill(order) }] : [];
    }),
  ),
  on('addOrderNote', ({ body, caller }) => {
    if (!store.orders.has(body.orderId)) return refuse(404, ORDER_NOT_FOUND_MESSAGE);
    const trail = store.history.get(body.orderId) ?? [];
    const user = userByPhone(caller.userId);
    const entry = {
      id: nextId(new Map([...store.history.values()].flat().map((e) => [e.id, e]))),
      at: new Date().toISOString(),
      userId: user?.id ?? null,
      userName: user?.name ?? '',
      action: 'note',
      changes: { text: body.text },
    };
    store.history.set(body.orderId, [...trail, entry]);
    return entry;
  }),
  on('removeOrderNote', ({ params }) => {
    for (const [orderId, trail] of store.history) {
      if (!trail.some((e) => e.id === params.id && e.action === 'note')) continue;
      const kept = trail.map((e) => (e.id === params.id ? { ...e, changes: { text: null } } : e));
      store.history.set(orderId, kept);
      return true;
    }
    return refuse(404, NOTE_NOT_FOUND_MESSAGE);
  }),
  on('getDashboardOrder', () => store.dashboard.cards),
  on('getYearlySales', ({ query }) => {
    const year = query.year ?? new Date().getUTCFullYear();
    return { year, months: store.dashboard.sales.get(year) ?? makeSales(year) };
  }),
];

/** The WebAdmin's store (user 2) as printed documents name it. */
function printProfile() {
  const owner = store.users.get(2)!;
  return {
    bussinessName: owner.bussinessName,
    address1: owner.address1,
    address2: owner.address2,
    address3: owner.address3,
    city: owner.city,
    state: owner.state,
    pincode: owner.pincode,
    phoneNumber: owner.phoneNumber,
  };
}
