import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PAYMENT_TYPES, ROLES } from '#contract/enums';
import { ProfileFieldsSchema } from '#contract/profile';
import { getProfile } from '../routes/accounts/accounts.service';
import { freshDatabase } from '../test/harness';
import type { Db } from './database';
import { DEMO_ACCOUNTS, seedIfEmpty } from './seed';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
});
afterAll(() => drop());

const k = () => db.kysely;
const count = async (
  table: 'roles' | 'users' | 'categories' | 'items' | 'orders' | 'order_items' | 'category_items',
) =>
  Number(
    (
      await k()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('seed', () => {
  it('writes the roles, demo accounts, catalog and ~2,000 orders', async () => {
    expect(await k().selectFrom('roles').select('name').orderBy('id').execute()).toEqual(
      ROLES.map((name) => ({ name })),
    );
    expect(await count('users')).toBeGreaterThanOrEqual(6);
    expect(await count('categories')).toBe(10);
    expect(await count('items')).toBe(200);
    expect(await count('category_items')).toBe(200);
    expect(await count('orders')).toBe(2000);
    const names = await k()
      .selectFrom('items')
      .select('name')
      .union(k().selectFrom('categories').select('name'))
      .execute();
    for (const { name } of names) expect(name.length).toBeGreaterThanOrEqual(4);
  });

  it('gives every demo account its role, an active status and a valid full profile', async () => {
    for (const role of ROLES) {
      const user = await k()
        .selectFrom('users')
        .select('id')
        .where('phone_number', '=', DEMO_ACCOUNTS[role].mobile)
        .executeTakeFirstOrThrow();
      const profile = (await getProfile(k(), user.id))!;
      expect(profile.role).toBe(role);
      expect(profile.isActive).toBe('Yes');
      expect(v.safeParse(ProfileFieldsSchema, profile).issues).toBeUndefined();
      expect(profile.isAddCategoryItems).toBe(role === 'WebAdmin' ? 'Yes' : 'No');
    }
  });

  it('spreads orders over two years, every status and payment type, every demo store', async () => {
    const rows = await k()
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.store_user_id')
      .select(['users.phone_number', 'orders.status', 'orders.payment_type', 'orders.created_at'])
      .execute();
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(ORDER_STATUSES.map((s) => s.id)));
    expect(new Set(rows.map((r) => r.payment_type))).toEqual(new Set(PAYMENT_TYPES));
    for (const role of ['WebAdmin', 'WebUser', 'MobileUser'] as const) {
      expect(rows.filter((r) => r.phone_number === DEMO_ACCOUNTS[role].mobile).length).toBeGreaterThan(100);
    }
    const times = rows.map((r) => Date.parse(r.created_at));
    expect(Date.now() - Math.min(...times)).toBeGreaterThan(600 * 86_400_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
  });

  it('computes every total exactly', async () => {
    const orders = await k().selectFrom('orders').selectAll().execute();
    const lines = await k().selectFrom('order_items').selectAll().execute();
    const byOrder = new Map<number, typeof lines>();
    for (const l of lines) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
    for (const o of orders) {
      const its = byOrder.get(o.id) ?? [];
      expect(its.length).toBeGreaterThanOrEqual(1);
      expect(its.length).toBeLessThanOrEqual(6);
      for (const l of its) expect(l.total).toBe(l.items_count * l.price);
      expect(o.items_total).toBe(its.filter((l) => !l.is_not_available).reduce((s, l) => s + l.total, 0));
      expect(o.settlement_amount).toBe(o.payment_type === 'Online' ? o.items_total + o.delivery_price : 0);
      if (o.payment_type === 'PayOnDelivery') expect(o.is_settled).toBe(0);
      expect(o.cancelled_reason === null).toBe(o.status !== 4);
      // Lines are grouped by category.
      const cats = its.sort((a, b) => a.position - b.position).map((l) => l.category_name);
      expect(cats).toEqual([...cats].sort((a, b) => a.localeCompare(b)));
    }
  });

  it('never touches a database that holds data (seeding twice changes nothing)', async () => {
    const snapshot = async () => ({
      users: await k().selectFrom('users').selectAll().orderBy('id').execute(),
      orders: await count('orders'),
      items: await count('order_items'),
      last: await k().selectFrom('orders').selectAll().orderBy('id', 'desc').limit(1).execute(),
    });
    const before = await snapshot();
    expect(await seedIfEmpty(db)).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('is deterministic for the same "now"', async () => {
    const a = await freshDatabase({ seed: false });
    const b = await freshDatabase({ seed: false });
    try {
      const now = Date.UTC(2025, 0, 15);
      await seedIfEmpty(a.db, { now, orders: 300 });
      await seedIfEmpty(b.db, { now, orders: 300 });
      const dump = (d: Db) =>
        d.kysely
          .selectFrom('orders')
          .select(['order_number', 'items_total', 'created_at', 'status'])
          .orderBy('order_number')
          .execute();
      expect(await dump(a.db)).toEqual(await dump(b.db));
    } finally {
      await a.drop();
      await b.drop();
    }
  });
});
