import { GST_STATE_CODES, gstinCheckCharacter } from '#contract/tax';
import type { Kysely } from 'kysely';
import type { Role } from '#contract/enums';
import { orderNumberOf } from '#contract/orders';
import { promisedAt } from '#contract/time-left';
import { hashPassword } from '../auth/passwords';
import type { Db } from './database';
import {
  BRANDS,
  CATALOG,
  DEMO_ACCOUNTS,
  EXTRA_STORE_PASSWORD,
  FIRST,
  LAST,
  ROLE_DESCRIPTIONS,
  STORES,
  STREETS,
} from './seed-data';
import type { Database, NewOrder, NewOrderItem, NewUser } from './schema';

/*
 * Demo data (DECISIONS §8): the four roles, one account per role, a few more stores, a
 * catalog of ~200 items in 10 categories and ~2,000 orders over the last two years.
 * Deterministic (a seeded PRNG; dates relative to `now`) and written only into an empty
 * database, in one transaction with batched inserts.
 */

/** The demo accounts the README lists (DECISIONS §8). */
export { DEMO_ACCOUNTS } from './seed-data';

/** mulberry32: tiny, fast, good enough for demo data, and the same everywhere. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, int, pick };
}

/** Whether the database holds anything the seed would write. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  for (const table of ['roles', 'users', 'categories', 'items', 'orders'] as const) {
    const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
    if (row) return false;
  }
  return true;
}

/** Options for {@link seedIfEmpty}. */
export interface SeedOptions {
  /** "Now" for the order dates (default: the current time). */
  now?: number;
  /** Number of orders (default 2,000). */
  orders?: number;
  /** Password hasher (tests may share hashes across files). */
  hash?: (password: string) => Promise<string>;
}

const chunk = <T>(xs: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
};

/** Seeds the demo data when the database is empty; returns whether it did. */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  if (!(await isDatabaseEmpty(db.kysely))) return false;
  const now = opts.now ?? Date.now();
  const stamp = new Date(now).toISOString();
  const hash = opts.hash ?? hashPassword;
  const rnd = prng(20240601);

  // Hash before the transaction: argon2 is the slow part and needs no lock.
  const demoPasswords = Object.fromEntries(
    await Promise.all(
      [...Object.entries(DEMO_ACCOUNTS).map(([, a]) => a.password), EXTRA_STORE_PASSWORD]
        .filter((p, i, all) => all.indexOf(p) === i)
        .map(async (p) => [p, await hash(p)] as const),
    ),
  ) as Record<string, string>;

  return db.kysely.transaction().execute(async (trx) => {
    // Re-check inside the transaction so two processes starting together seed once.
    if (!(await isDatabaseEmpty(trx))) return false;

    const roles = await trx
      .insertInto('roles')
      .values(
        (Object.keys(ROLE_DESCRIPTIONS) as Role[]).map((name) => ({
          name,
          description: ROLE_DESCRIPTIONS[name],
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const roleId = new Map(roles.map((r) => [r.name, r.id]));

    const users: NewUser[] = STORES.map((s, i) => {
      const demo = Object.values(DEMO_ACCOUNTS).find((a) => a.mobile === s.mobile);
      return {
        phone_number: s.mobile,
        password_hash: demoPasswords[demo?.password ?? EXTRA_STORE_PASSWORD]!,
        role_id: roleId.get(s.role)!,
        name: s.name,
        email: s.email,
        address1: `Shop ${i + 11}, ${s.business}`,
        address2: STREETS[i % STREETS.length]!,
        address3: `Near Bus Stand, ${s.city}`,
        city: s.city,
        state: s.state,
        country: 'India',
        pincode: s.pincode,
        bussiness_name: s.business,
        delevery_message: 'Delivered fresh to your door',
        bussiness_image: `store-${i + 1}`,
        delivery_time: 30 + 15 * (i % 4),
        delivery_price: (20 + 10 * (i % 4)) * 100,
        bussiness_type: s.type,
        description: `${s.type} in ${s.city}`,
        is_home_delivery_available: 1,
        is_active: 1,
        is_online_payment_enabled: s.onlinePayment ? 1 : 0,
        is_add_category_items: s.addCategoryItems ? 1 : 0,
        ...taxProfileOf(s, i),
        created_at: stamp,
        updated_at: stamp,
      };
    });
    const userRows = await trx.insertInto('users').values(users).returning(['id', 'phone_number']).execute();
    const userId = new Map(userRows.map((u) => [u.phone_number, u.id]));

    const catRows = await trx
      .insertInto('categories')
      .values(
        CATALOG.map((c) => ({
          name: c.name,
          sub_category: c.sub,
          description: `${c.name} for everyday needs`,
          image: c.name.toLowerCase().replace(/\s+/g, '-'),
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const categoryId = new Map(catRows.map((c) => [c.name, c.id]));

    const itemSpecs = CATALOG.flatMap((c) =>
      c.products.flatMap(([product, qty]) =>
        BRANDS.map((brand) => {
          const price = rnd.int(20, 1200) * 50; // ₹10.00 … ₹600.00 in 50-paise steps
          return {
            name: `${brand} ${product}`,
            description: `${product} by ${brand}`,
            brand,
            price,
            mrp: price + rnd.int(0, 10) * 100,
            qty,
            category: c.name,
            sub_category: c.sub,
            image: `${brand}-${product}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
            created_at: stamp,
            updated_at: stamp,
          };
        }),
      ),
    );
    const itemRows = await trx.insertInto('items').values(itemSpecs).returning(['id', 'name']).execute();
    const itemId = new Map(itemRows.map((r) => [r.name, r.id]));
    const items = itemSpecs.map((s) => ({ ...s, id: itemId.get(s.name)! }));

    const position = new Map<string, number>();
    await trx
      .insertInto('category_items')
      .values(
        items.map((it) => {
          const p = position.get(it.category) ?? 0;
          position.set(it.category, p + 1);
          return { category_id: categoryId.get(it.category)!, item_id: it.id, position: p };
        }),
      )
      .execute();

    // Orders: ascending in time, so ids and order numbers follow creation order.
    const storeIds = STORES.filter((s) => s.role !== 'BlueTikAdmin').map((s) => userId.get(s.mobile)!);
    const storeDelivery = new Map(users.map((u) => [userId.get(u.phone_number)!, u.delivery_price ?? 0]));
    const count = opts.orders ?? 2000;
    const dayMs = 86_400_000;
    const times = Array.from({ length: count }, () => now - Math.floor(rnd.next() * 730 * dayMs)).sort(
      (a, b) => a - b,
    );

    const orders: NewOrder[] = [];
    const lines: { orderNumber: string; line: Omit<NewOrderItem, 'order_id'> }[] = [];
    times.forEach((created, i) => {
      const orderNumber = orderNumberOf(i + 1);
      // The demo stores come first in rotation so each is sure to have orders.
      const store = i < storeIds.length ? storeIds[i]! : rnd.pick(storeIds);
      const recent = now - created < 10 * dayMs;
      const r = rnd.next();
      const status = recent ? rnd.int(0, 4) : r < 0.8 ? 3 : r < 0.92 ? 4 : rnd.int(0, 2);
      const paymentType = rnd.next() < 0.5 ? 'Online' : 'PayOnDelivery';
      const chosen = new Set<number>();
      const k = rnd.int(1, 6);
      while (chosen.size < k) chosen.add(rnd.int(0, items.length - 1));
      const picked = [...chosen]
        .map((ix) => items[ix]!)
        .sort((a, b) => a.category.localeCompare(b.category) || a.id - b.id);
      let itemsTotal = 0;
      picked.forEach((it, position) => {
        const itemsCount = rnd.int(1, 5);
        const notAvailable = paymentType === 'PayOnDelivery' && rnd.next() < 0.08 ? 1 : 0;
        const total = itemsCount * it.price;
        if (!notAvailable) itemsTotal += total;
        lines.push({
          orderNumber,
          line: {
            position,
            category_name: it.category,
            item_id: it.id,
            is_not_available: notAvailable,
            name: it.name,
            items_count: itemsCount,
            qty: it.qty,
            price: it.price,
            total,
            image: it.image,
          },
        });
      });
      const deliveryPrice = rnd.next() < 0.2 ? 0 : storeDelivery.get(store)!;
      const first = rnd.pick(FIRST);
      const last = rnd.pick(LAST);
      const city = rnd.pick([
        'Hyderabad',
        'Secunderabad',
        'Warangal',
        'Vijayawada',
        'Guntur',
        'Visakhapatnam',
      ]);
      orders.push({
        order_number: orderNumber,
        store_user_id: store,
        status,
        customer_name: `${first} ${last}`,
        customer_phone: `${rnd.int(6, 9)}${String(rnd.int(0, 999_999_999)).padStart(9, '0')}`,
        customer_address1: `Flat ${rnd.int(101, 909)}, ${rnd.pick(['Sai Residency', 'Lotus Apartments', 'Green Park', 'Sri Nilayam'])}`,
        customer_address2: rnd.pick(STREETS),
        customer_address3: `Near ${rnd.pick(['Temple', 'Park', 'Metro Station', 'School'])}`,
        customer_city: city,
        customer_state: ['Vijayawada', 'Guntur', 'Visakhapatnam'].includes(city)
          ? 'Andhra Pradesh'
          : 'Telangana',
        customer_country: 'India',
        customer_pincode: String(rnd.int(500001, 535999)),
        payment_type: paymentType,
        is_settled: paymentType === 'Online' && status === 3 && rnd.next() < 0.8 ? 1 : 0,
        items_total: itemsTotal,
        delivery_price: deliveryPrice,
        settlement_amount: paymentType === 'Online' ? itemsTotal + deliveryPrice : 0,
        created_at: new Date(created).toISOString(),
        expected_delivery_date: new Date(created + rnd.int(0, 3) * dayMs).toISOString().slice(0, 10),
        exp_hours: rnd.int(1, 12),
        exp_minutes: rnd.pick([0, 15, 30, 45]),
        exp_time_period: rnd.pick(['AM', 'PM']),
        cancelled_reason: status === 4 ? rnd.int(1, 10) : null,
        // The demo's history: its New Orders were seen long ago (only new arrivals ring).
        taken_at: new Date(created).toISOString(),
        updated_at: new Date(created).toISOString(),
      });
    });

    // Every order's promise (contract/time-left.ts), as createorder and updates store it.
    for (const o of orders)
      o.due_at = promisedAt({
        expectedDate: o.expected_delivery_date ?? null,
        hours: o.exp_hours,
        minutes: o.exp_minutes,
        period: o.exp_time_period,
        createdAt: o.created_at,
        deliveryTime: null,
      });
    const orderId = new Map<string, number>();
    for (const part of chunk(orders, 500)) {
      const rows = await trx.insertInto('orders').values(part).returning(['id', 'order_number']).execute();
      for (const r of rows) orderId.set(r.order_number, r.id);
    }
    const orderItems: NewOrderItem[] = lines.map(({ orderNumber, line }) => ({
      ...line,
      order_id: orderId.get(orderNumber)!,
    }));
    for (const part of chunk(orderItems, 1000)) await trx.insertInto('order_items').values(part).execute();
    return true;
  });
}

/**
 * A demo store's tax profile (DECISIONS §9): every store an FSSAI number; the demo WebAdmin's
 * store and every third other one Regular with a GSTIN (Tax Invoice), every third
 * Composition (Bill of Supply), the rest without a GSTIN (Bill). The platform admin is no store.
 */
function taxProfileOf(s: (typeof STORES)[number], i: number) {
  // Every row names every column: a multi-row insert leaves a missing one null on SQLite.
  if (s.role === 'BlueTikAdmin') return { fssai_number: null, gstin: null, tax_scheme: 'Regular' };
  const letter = (n: number) => String.fromCharCode(65 + (n % 26));
  const first14 = `${GST_STATE_CODES[s.state as keyof typeof GST_STATE_CODES]}AAAC${letter(i)}${String(i + 1).padStart(4, '0')}${letter(i * 7)}1Z`;
  const kind = s.mobile === DEMO_ACCOUNTS.WebAdmin.mobile ? 0 : i % 3;
  return {
    fssai_number: `1362301100${String(i + 1).padStart(4, '0')}`,
    gstin: kind === 2 ? null : `${first14}${gstinCheckCharacter(first14)}`,
    tax_scheme: kind === 1 ? 'Composition' : 'Regular',
  };
}
