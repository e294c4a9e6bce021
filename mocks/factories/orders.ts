import { encodeOrderUserItems, type OrderItemCategory } from '#contract/codecs';
import { ORDER_STATUSES, PAYMENT_TYPES } from '#contract/enums';
import { orderTotals } from '#contract/order-update';
import { orderNumberOf, type Dashboard, type Order, type OrderListRow } from '#contract/orders';
import type { OrderBill } from '#contract/order-prints';
import { fromPaise, toPaise } from '#contract/rules';
import { gstSplit } from '#contract/tax';

type Bill = OrderBill['bill'];

/*
 * The orders' factories (an order with its item tree, the dashboard's figures), shaped by
 * the contract types. Deterministic: order n always looks the same, so tests can name it;
 * a test that needs particular values says so with overrides.
 */

/** The stores orders belong to (their merchant names rotate by order id). */
export const MOCK_STORES = ['Sunil Stores', 'Fresh Mart', 'Green Basket'] as const;

const CUSTOMERS = ['Ravi Kumar', 'Lakshmi Devi', 'Anil Reddy', 'Sita Rao', 'Kiran Babu'] as const;

/** Two lines of groceries and one of bakery, all available. */
export function makeOrderTree(): OrderItemCategory[] {
  return [
    {
      category: 'Grocery',
      items: [
        {
          itemId: 1,
          isDeleted: false,
          name: 'Basmati Rice',
          itemsCount: 2,
          qty: '1 kg',
          price: 120,
          totalPrice: 240,
          image: 'basmati-rice',
        },
        {
          itemId: 2,
          isDeleted: false,
          name: 'Toor Dal',
          itemsCount: 3,
          qty: '500 g',
          price: 95.5,
          totalPrice: 286.5,
          image: 'toor-dal',
        },
      ],
    },
    {
      category: 'Bakery',
      items: [
        {
          itemId: 5,
          isDeleted: false,
          name: 'Milk Bread',
          itemsCount: 1,
          qty: '400 g',
          price: 40,
          totalPrice: 40,
          image: '',
        },
      ],
    },
  ];
}

/**
 * Order `n`: its status, payment type, customer and store rotate with n, one a day going
 * back from 2025-06-30 (UTC midday, so no time zone moves the day); its amounts follow
 * its tree as the server would have stored them (contract orderTotals).
 */
export function makeOrder(
  n: number,
  overrides: Partial<Order> = {},
  tree: OrderItemCategory[] = makeOrderTree(),
): Order {
  const lines = tree.flatMap((c) => c.items);
  const delivery = overrides.deliveryPrice ?? 30;
  const { itemsTotal, grandTotal } = orderTotals(
    lines.map((l) => ({
      itemsCount: l.itemsCount,
      pricePaise: toPaise(String(l.price)),
      unavailable: l.isDeleted,
    })),
    toPaise(String(delivery)),
  );
  const paymentType = overrides.paymentType ?? PAYMENT_TYPES[n % 2]!;
  return {
    id: n,
    orderNumber: orderNumberOf(n),
    status: ORDER_STATUSES[n % ORDER_STATUSES.length]!.id,
    orderUserName: CUSTOMERS[n % CUSTOMERS.length]!,
    orderUserPhoneNumber: `98${String(n).padStart(8, '0')}`,
    orderUserAddress1: 'Flat 4B, Lake View',
    orderUserAddress2: 'Madhapur',
    orderUserAddress3: 'Near Metro',
    orderUserCity: 'Hyderabad',
    orderUserState: 'Telangana',
    orderUserCountry: 'India',
    orderUserPincode: '500081',
    orderUserItems: encodeOrderUserItems(tree),
    itemsCount: lines.reduce((sum, l) => sum + l.itemsCount, 0),
    totalPrice: fromPaise(itemsTotal),
    deliveryPrice: delivery,
    grandTotal: fromPaise(grandTotal),
    paymentType,
    isSettled: paymentType === 'Online' && n % 3 === 0 ? 'Yes' : 'No',
    settlementAmt: paymentType === 'Online' ? fromPaise(grandTotal) : null,
    createdDate: new Date(Date.UTC(2025, 5, 30 - n, 12, 0, 0)).toISOString(),
    merchantName: MOCK_STORES[n % MOCK_STORES.length]!,
    expectedDeliveryDate: null,
    expHours: null,
    expMinutes: null,
    expTimePeriod: null,
    cancelledReason: 0,
    dueAt: null,
    version: 1,
    ...overrides,
  };
}

/** An order as a row of the orders list (the list leaves out the tree and the version). */
export function orderRowOf({ orderUserItems: _tree, version: _version, ...row }: Order): OrderListRow {
  return row;
}

/** The dashboard's six counts. */
export function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    upCommingOrder: 42,
    newOrders: 120,
    processingOrder: 35,
    ontheWayOrder: 18,
    deliveredOrder: 15_230,
    cancelledOrder: 911,
    overdueOrders: 7,
    ...overrides,
  };
}

/** Deterministic monthly delivered sales of `year`. */
export function makeSales(year: number): number[] {
  return Array.from({ length: 12 }, (_, m) => Math.round(((year % 7) + 1) * (m + 3) * 12345) / 100);
}

/**
 * An order's customer bill as printbills answers it: a Tax Invoice of the WebAdmin's store
 * numbered by the order's id unless `overrides` say otherwise (the split is the contract's).
 */
export function makeBill(order: Order, overrides: Partial<Bill> = {}): Bill {
  const total = Math.round((order.totalPrice + order.deliveryPrice) * 100);
  const split = gstSplit(total);
  return {
    kind: 'Tax Invoice',
    invoiceNumber: `S2/2627/${String(order.id).padStart(6, '0')}`,
    invoiceDate: '2026-11-26',
    gstin: '36AAPFU0939F1ZW',
    fssaiNumber: '13623011000123',
    total: fromPaise(total),
    taxable: fromPaise(split.taxable),
    cgst: fromPaise(split.cgst),
    sgst: fromPaise(split.sgst),
    ...overrides,
  };
}
