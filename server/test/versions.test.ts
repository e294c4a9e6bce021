import { describe, expect, it } from 'vitest';
import type { EndpointName } from '#contract/endpoints';
import { categoryFormValues } from '#contract/categories';
import { decodeCatalogItems, encodeAssociatedItems } from '#contract/codecs';
import { itemFormValues } from '#contract/items';
import { orderFormValues } from '#contract/order-update';
import { userFormValues } from '#contract/users';
import { call, issueSession, type Answer } from './harness';
import { STORE_A, useSuite } from './suite';

/*
 * Optimistic concurrency on every edit (issue 19, decision 041), on whichever engine the
 * project runs (server: SQLite, server-pg: PostgreSQL): a save naming the version it read
 * is refused with 409 once another user has saved, naming that user and changing nothing;
 * a save after reloading works; an unchanged save writes nothing; no version, no check.
 */

const s = useSuite({ orders: 40 });

type Rec = Record<string, unknown> & { id: number; version: number };
/** A signed-in caller: a sign-in's session or one issued directly. */
type Session = { token: string; csrf: string };
type Entity = 'order' | 'category' | 'item' | 'user' | 'role' | 'profile';

interface Case {
  entity: Entity;
  /** The table and audit entities behind the record. */
  table: 'orders' | 'categories' | 'items' | 'users' | 'roles';
  audited: string[];
  /** Who saves first, and the name the 409 must say. */
  first: () => Session;
  firstName: string;
  /** Who keeps the stale copy. */
  stale: () => Session;
  read: (as: Session) => Promise<Rec>;
  /** The body with which `as` saves `rec` with change number `n`. */
  body: (rec: Rec, n: number, as: Session) => Record<string, unknown>;
  /** The call `as` saves through. */
  save: (as: Session) => EndpointName;
}

let ids: { order: number; category: number; item: number; user: number; role: number };
let secondAdmin: Session;

const read = async (name: EndpointName, as: Session, params: Record<string, string>) => {
  const r = await call(s.t.app, name, { params, session: as } as never);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as unknown as Rec;
};

/** A users row is saved by the admin as a user and by its owner as a profile. */
const userSave = (as: Session): EndpointName => (as === s.as.admin ? 'upsertUser' : 'editUserProfile');
const userBody = (rec: Rec, n: number, as: Session) =>
  as === s.as.admin
    ? { ...userFormValues(rec as never), description: `Grocer ${n}` }
    : { ...rec, description: `Grocer ${n}` };
const readUser = (as: Session) =>
  as === s.as.admin
    ? read('getUserById', as, { id: String(ids.user) })
    : read('getUserByUserId', as, { userId: STORE_A });

const CASES: Case[] = [
  {
    entity: 'order',
    table: 'orders',
    audited: ['order'],
    first: () => s.as.admin,
    firstName: 'Platform Admin',
    stale: () => s.as.webAdmin,
    read: (as) => read('getOrderById', as, { id: String(ids.order) }),
    body: (rec, n) => ({ ...orderFormValues(rec as never), deliveryprice: 700 + n }),
    save: () => 'upsertOrder',
  },
  {
    entity: 'category',
    table: 'categories',
    audited: ['category'],
    first: () => s.as.admin,
    firstName: 'Platform Admin',
    stale: () => s.as.webAdmin,
    read: (as) => read('getCategoryById', as, { id: String(ids.category) }),
    body: (rec, n) => {
      const items = decodeCatalogItems(rec.associatedItems as string);
      const kept = items.success ? items.output.map((i) => ({ id: i.id, label: i.name })) : [];
      return {
        ...categoryFormValues(rec as never),
        description: `Shelf ${n}`,
        associatedItems: encodeAssociatedItems(kept),
      };
    },
    save: () => 'upsertCategory',
  },
  {
    entity: 'item',
    table: 'items',
    audited: ['item'],
    first: () => s.as.admin,
    firstName: 'Platform Admin',
    stale: () => s.as.webAdmin,
    read: (as) => read('getItemById', as, { id: String(ids.item) }),
    body: (rec, n) => ({ ...itemFormValues(rec as never, 'edit'), description: `Pack number ${n}` }),
    save: () => 'upsertItem',
  },
  {
    entity: 'user',
    table: 'users',
    audited: ['user', 'profile'],
    // The store owner edits their own profile while the admin has the user open.
    first: () => s.as.webAdmin,
    firstName: 'Ravi Kumar',
    stale: () => s.as.admin,
    read: readUser,
    body: userBody,
    save: userSave,
  },
  {
    entity: 'role',
    table: 'roles',
    audited: ['role'],
    first: () => secondAdmin,
    firstName: 'Second Admin',
    stale: () => s.as.admin,
    read: (as) => read('getRoleById', as, { id: String(ids.role) }),
    body: (rec, n) => ({ id: rec.id, name: rec.name, description: `Staff ${n}`, version: rec.version }),
    save: () => 'upsertRole',
  },
  {
    entity: 'profile',
    table: 'users',
    audited: ['user', 'profile'],
    // The admin edits the store while its owner has the profile open.
    first: () => s.as.admin,
    firstName: 'Platform Admin',
    stale: () => s.as.webAdmin,
    read: readUser,
    body: userBody,
    save: userSave,
  },
];

const save = (c: Case, as: Session, rec: Rec, n: number, omit?: 'version') => {
  const body = c.body(rec, n, as);
  if (omit) delete body.version;
  return call(s.t.app, c.save(as), { session: as, body } as never) as Promise<Answer<Rec>>;
};

async function stored(c: Case, id: number) {
  const row = await s.t.db.kysely
    .selectFrom(c.table)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row as Record<string, unknown>;
}

const auditRows = async (c: Case, id: number) =>
  (
    await s.t.db.kysely
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entity', 'in', c.audited)
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow()
  ).n;

describe('a stale save of any record is a 409 that names who changed it, and changes nothing', () => {
  it('sets up one record of each kind and a second platform admin', async () => {
    const k = s.t.db.kysely;
    const order = await k
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.store_user_id')
      .select('orders.id')
      .where('users.phone_number', '=', STORE_A)
      .where('orders.payment_type', '=', 'PayOnDelivery')
      .executeTakeFirstOrThrow();
    const category = await k.selectFrom('categories').select('id').executeTakeFirstOrThrow();
    const item = await k.selectFrom('items').select('id').executeTakeFirstOrThrow();
    const user = await k
      .selectFrom('users')
      .select('id')
      .where('phone_number', '=', STORE_A)
      .executeTakeFirstOrThrow();
    const role = await k
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'MobileUser')
      .executeTakeFirstOrThrow();
    ids = { order: order.id, category: category.id, item: item.id, user: user.id, role: role.id };
    const created = await call(s.t.app, 'upsertUser', {
      session: s.as.admin,
      body: {
        ...userFormValues(),
        name: 'Second Admin',
        email: 'second@bluetik.example',
        phoneNumber: '9000000099',
        passWord: 'Second@123',
        role: 'BlueTikAdmin',
        bussinessName: 'BlueTik HQ',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    secondAdmin = await issueSession(s.t, '9000000099');
  });

  for (const c of CASES) {
    it(`${c.entity}: stale save → 409 naming ${c.firstName}; a save after reloading works`, async () => {
      const stale = await c.read(c.stale());
      const first = await save(c, c.first(), await c.read(c.first()), 1);
      expect(first.status, JSON.stringify(first.body)).toBe(200);

      const before = { row: await stored(c, stale.id), audit: await auditRows(c, stale.id) };
      expect(before.row.version).toBe(stale.version + 1);
      const refused = await save(c, c.stale(), stale, 2);
      expect(refused.status).toBe(409);
      expect(refused.body.isSuccess).toBe(false);
      expect(refused.body.errorMessages).toHaveLength(1);
      expect(refused.body.errorMessages[0]).toMatch(
        new RegExp(`^${c.firstName} changed this ${c.entity} on .+ IST`),
      );
      expect(await stored(c, stale.id)).toEqual(before.row);
      expect(await auditRows(c, stale.id)).toBe(before.audit);

      const fresh = await c.read(c.stale());
      const again = await save(c, c.stale(), fresh, 2);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.result.version).toBe(fresh.version + 1);
      expect(await auditRows(c, stale.id)).toBe(before.audit + 1);
    });

    it(`${c.entity}: an unchanged save writes no audit row and no new version; no version, no check`, async () => {
      const current = await c.read(c.stale());
      const audit = await auditRows(c, current.id);
      const same = await save(c, c.stale(), current, 2);
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      expect(same.body.result.version).toBe(current.version);
      expect((await stored(c, current.id)).version).toBe(current.version);
      expect(await auditRows(c, current.id)).toBe(audit);

      // Decision 041: a client that sends no version (the spec's own) saves as before.
      const old = { ...current, version: 1 };
      const unversioned = await save(c, c.stale(), old, 3, 'version');
      expect(unversioned.status, JSON.stringify(unversioned.body)).toBe(200);
      expect(unversioned.body.result.version).toBe(current.version + 1);
    });
  }
});
