import type { Category } from '#contract/categories';
import {
  encodeCatalogItems,
  encodeOrderUserItems,
  type CatalogItemEntry,
  type OrderItemCategory,
} from '#contract/codecs';
import type { Item } from '#contract/items';
import { orderTotals } from '#contract/order-update';
import { type Order } from '#contract/orders';
import type { RoleRecord } from '#contract/roles';
import { fromPaise, toPaise } from '#contract/rules';
import type { User } from '#contract/users';
import { makeProfile } from '../fixtures';

/*
 * Fixture factories for the edit screens (orders, categories, items, users, roles),
 * shaped by the contract types so a contract change breaks them at compile time.
 */

/** A small catalog: enough to move items between a category's lists. */
export function makeItems(): Item[] {
  const rows: [string, string, number, number, string, string, string, string][] = [
    ['Basmati Rice', 'India Gate', 120, 150, '1 kg', 'Grocery', 'Rice', 'basmati-rice'],
    ['Toor Dal', 'Tata Sampann', 95.5, 110, '500 g', 'Grocery', 'Pulses', 'toor-dal'],
    ['Sunflower Oil', 'Fortune', 160, 185, '1 L', 'Grocery', 'Oils', 'sunflower-oil'],
    ['Green Tea', 'Lipton', 210, 240, '100 g', 'Beverages', 'Tea', ''],
    ['Milk Bread', 'Modern', 40, 45, '400 g', 'Bakery', 'Bread', 'milk-bread'],
  ];
  return rows.map(([name, brand, price, mrp, qty, category, subCategory, image], i) => ({
    id: i + 1,
    name,
    description: `${name} by ${brand}`,
    brand,
    price,
    mrp,
    qty,
    category,
    subCategory,
    image,
    version: 1,
  }));
}

/** A catalog item as the category lists encode it. */
export function toCatalogEntry(item: Item): CatalogItemEntry {
  return {
    id: item.id,
    name: item.name,
    brand: item.brand,
    price: item.price,
    qty: item.qty,
    image: item.image,
  };
}

/** A stored category: its fields and the ids of its items. */
export interface StoredCategory {
  id: number;
  name: string;
  subCategory: string;
  description: string;
  image: string;
  itemIds: number[];
  version: number;
}

/** A category as getcategorybyid answers, its lists computed from `items`. */
export function categoryResult(stored: StoredCategory, items: readonly Item[]): Category {
  const inIt = new Set(stored.itemIds);
  return {
    id: stored.id,
    name: stored.name,
    subCategory: stored.subCategory,
    description: stored.description,
    image: stored.image,
    version: stored.version,
    availableItems: encodeCatalogItems(items.filter((i) => !inIt.has(i.id)).map(toCatalogEntry)),
    associatedItems: encodeCatalogItems(items.filter((i) => inIt.has(i.id)).map(toCatalogEntry)),
  };
}

/** Two lines of groceries and one of bakery, all available (PayOnDelivery unless overridden). */
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

/** An order whose amounts follow its tree (contract orderTotals), as the server would answer. */
export function makeOrder(
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
  const paymentType = overrides.paymentType ?? 'PayOnDelivery';
  return {
    id: 101,
    orderNumber: 'ORD-000101',
    status: 0,
    orderUserName: 'Ravi Kumar',
    orderUserPhoneNumber: '9876543210',
    orderUserAddress1: 'Flat 4B, Lake View',
    orderUserAddress2: 'Madhapur',
    orderUserAddress3: 'Near Metro',
    orderUserCity: 'Hyderabad',
    orderUserState: 'Telangana',
    orderUserCountry: 'India',
    orderUserPincode: '500081',
    orderUserItems: encodeOrderUserItems(tree),
    itemsCount: lines.reduce((n, l) => n + l.itemsCount, 0),
    totalPrice: fromPaise(itemsTotal),
    deliveryPrice: delivery,
    grandTotal: fromPaise(grandTotal),
    paymentType,
    isSettled: 'No',
    settlementAmt: paymentType === 'Online' ? fromPaise(grandTotal) : null,
    createdDate: '2025-03-14T09:30:00.000Z',
    merchantName: 'BlueTik Foods',
    expectedDeliveryDate: null,
    expHours: null,
    expMinutes: null,
    expTimePeriod: null,
    cancelledReason: 0,
    version: 1,
    ...overrides,
  };
}

/** A managed user (a store), valid for the user form as loaded. */
export function makeUser(overrides: Partial<User> = {}): User {
  return makeProfile({
    id: 7,
    name: 'Priya Stores',
    email: 'priya@stores.example',
    phoneNumber: '9000000005',
    role: 'WebAdmin',
    bussinessName: 'Priya Stores',
    ...overrides,
  });
}

/** The four roles as the roles table holds them. */
export function makeRoles(): RoleRecord[] {
  return [
    { id: 1, name: 'BlueTikAdmin', description: 'Platform administrator', version: 1 },
    { id: 2, name: 'WebAdmin', description: 'Store administrator', version: 1 },
    { id: 3, name: 'WebUser', description: 'Store staff', version: 1 },
  ];
}
