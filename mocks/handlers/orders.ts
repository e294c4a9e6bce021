import { decodeOrderUserItems, encodeOrderUserItems } from '#contract/codecs';
import { ORDER_NOT_FOUND_MESSAGE, type Order } from '#contract/orders';
import { fromPaise } from '#contract/rules';
import { refuse } from '../auth';
import { list, on } from '../endpoint';
import { makeSales, orderRowOf } from '../factories/orders';
import { store } from '../store';

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
  on('upsertOrder', ({ body }) => {
    const order = store.orders.get(body.id);
    if (!order) return refuse(404, ORDER_NOT_FOUND_MESSAGE);
    const saved = stored(order, body);
    store.orders.set(saved.id, saved);
    return saved;
  }),
  on('removeOrder', ({ params }) => {
    if (!store.orders.delete(params.id)) return refuse(404, ORDER_NOT_FOUND_MESSAGE);
    return true;
  }),
  on('getDashboardOrder', () => store.dashboard.cards),
  on('getYearlySales', ({ query }) => {
    const year = query.year ?? new Date().getUTCFullYear();
    return { year, months: store.dashboard.sales.get(year) ?? makeSales(year) };
  }),
];
