import type { CategoryListRow } from '#contract/categories';
import { ORDER_STATUSES, PAYMENT_TYPES, ROLES } from '#contract/enums';
import type { Item } from '#contract/items';
import type { OrderListRow } from '#contract/orders';
import type { RoleRecord } from '#contract/roles';
import type { UserListRow } from '#contract/users';

/*
 * Row factories for the five lists, typed by the contract (a contract change breaks them
 * at compile time). Deterministic: row n always looks the same, so tests can name rows.
 */

/** The stores orders belong to: the demo WebAdmin's (id 2) and two more. */
export const MOCK_STORES = [
  { id: 2, name: 'Sunil Stores' },
  { id: 5, name: 'Fresh Mart' },
  { id: 6, name: 'Green Basket' },
] as const;

/** An order row; `n` picks its store, status, payment type and date. */
export function makeOrderRow(
  n: number,
  overrides: Partial<OrderListRow> = {},
): OrderListRow & { storeId: number } {
  const store = MOCK_STORES[n % MOCK_STORES.length]!;
  const paymentType = PAYMENT_TYPES[n % 2]!;
  const totalPrice = 100 + ((n * 37) % 900) + 0.5;
  const deliveryPrice = 20;
  return {
    id: n,
    orderNumber: `ORD-${String(1000 + n)}`,
    status: ORDER_STATUSES[n % ORDER_STATUSES.length]!.id,
    orderUserName: `Customer ${String.fromCharCode(65 + (n % 26))}${n}`,
    orderUserPhoneNumber: `98${String(n).padStart(8, '0')}`,
    orderUserAddress1: 'Plot 1',
    orderUserAddress2: 'Road 2',
    orderUserAddress3: 'Area 3',
    orderUserCity: 'Hyderabad',
    orderUserState: 'Telangana',
    orderUserCountry: 'India',
    orderUserPincode: '500001',
    itemsCount: 1 + (n % 5),
    totalPrice,
    deliveryPrice,
    grandTotal: totalPrice + deliveryPrice,
    paymentType,
    isSettled: paymentType === 'Online' && n % 3 === 0 ? 'Yes' : 'No',
    settlementAmt: paymentType === 'Online' ? totalPrice + deliveryPrice : null,
    // One order a day going back from 2025-06-30 (UTC midday, so no time zone moves the day).
    createdDate: new Date(Date.UTC(2025, 5, 30 - n, 12, 0, 0)).toISOString(),
    merchantName: store.name,
    expectedDeliveryDate: null,
    expHours: null,
    expMinutes: null,
    expTimePeriod: null,
    cancelledReason: 0,
    ...overrides,
    storeId: store.id,
  };
}

/** A category row. */
export function makeCategoryRow(n: number, overrides: Partial<CategoryListRow> = {}): CategoryListRow {
  return {
    id: n,
    name: `Category ${String(n).padStart(3, '0')}`,
    subCategory: `Sub ${n % 4}`,
    description: `Everything in category ${n}`,
    image: `category-${n}`,
    ...overrides,
  };
}

/** An item. */
export function makeItem(n: number, overrides: Partial<Item> = {}): Item {
  return {
    id: n,
    name: `Item ${String(n).padStart(3, '0')}`,
    description: `Item ${n} description`,
    brand: `Brand ${n % 7}`,
    price: 10 + n + 0.25,
    mrp: 12 + n,
    qty: `${(n % 5) + 1}00 g`,
    category: `Category ${String(n % 10).padStart(3, '0')}`,
    subCategory: `Sub ${n % 4}`,
    image: `item-${n}`,
    version: 1,
    ...overrides,
  };
}

/** A user row. */
export function makeUserRow(n: number, overrides: Partial<UserListRow> = {}): UserListRow {
  return {
    id: n,
    type: ROLES[n % ROLES.length]!,
    name: `User ${String(n).padStart(3, '0')}`,
    email: `user${n}@bluetik.example`,
    phoneNumber: `90000${String(n).padStart(5, '0')}`,
    bussinessName: n % 2 ? `Business ${n}` : '',
    isHomeDeliveryAvailable: n % 2 ? 'Yes' : 'No',
    isActive: n % 5 ? 'Yes' : 'No',
    isOnlinePaymentEnabled: n % 3 ? 'No' : 'Yes',
    ...overrides,
  };
}

/** The four roles, each held by a few users. */
export function makeRoles(): (RoleRecord & { users: number })[] {
  return ROLES.map((name, i) => ({
    id: i + 1,
    name,
    description: `${name} accounts`,
    users: i === 3 ? 0 : 2,
    version: 1,
  }));
}
