import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AvailableItemsSchema,
  CATEGORY_MESSAGES,
  CategoryListRowSchema,
  CategorySchema,
  type Category,
} from '#contract/categories';
import { decodeCatalogItems, encodeAssociatedItems } from '#contract/codecs';
import { EnvelopeSchema } from '#contract/envelope';
import { PagedResultSchema } from '#contract/lists';
import {
  anonymousCsrf,
  call,
  createTestServer,
  send,
  type Session,
  signIn,
  signInWith,
  type TestServer,
} from '../../test/harness';

let t: TestServer;
let admin: Session;
let webAdmin: Session; // store A, isAddCategoryItems = Yes
let webAdminB: Session; // store B (9000000005), isAddCategoryItems = No
let webUser: Session;
let mobileUser: Session;
let anonymous: { csrf: string };

beforeAll(async () => {
  t = await createTestServer();
  [admin, webAdmin, webAdminB, webUser, mobileUser] = await Promise.all([
    signIn(t.app, 'BlueTikAdmin'),
    signIn(t.app, 'WebAdmin'),
    signInWith(t.app, '9000000005', 'Store@123'),
    signIn(t.app, 'WebUser'),
    signIn(t.app, 'MobileUser'),
  ]);
  anonymous = { csrf: await anonymousCsrf(t.app) };
});
afterAll(() => t.close());

const db = () => t.db.kysely;
const strict = <T extends v.ObjectEntries>(s: { entries: T }) => v.strictObject(s.entries);
const ListRow = strict(CategoryListRowSchema);
const CategoryStrict = strict(CategorySchema);

const get = (s: Session | undefined, path: string) =>
  send(t.app, 'GET', `/api/categories/${path}`, s ? { session: s } : {});
const upsert = (s: Session | { csrf: string }, body: unknown) =>
  call(t.app, 'upsertCategory', { session: s, body });
const remove = (s: Session | { csrf: string }, id: number | string) =>
  call(t.app, 'removeCategory', { params: { id }, session: s });

const decoded = (encoded: string) => {
  const r = decodeCatalogItems(encoded);
  if (!r.success) throw new Error(r.issues.join('; '));
  return r.output;
};
const itemIds = async (limit = 400) =>
  (await db().selectFrom('items').select('id').orderBy('id').limit(limit).execute()).map((r) => r.id);
const auditRows = (entityId: number) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'category')
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
const categoryCount = async () =>
  Number(
    (
      await db()
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const body = (over: Record<string, unknown> = {}) => ({
  id: '',
  name: 'Dry Fruits',
  subcategory: 'Nuts and Seeds',
  description: 'Almonds, cashews and more',
  image: 'dry-fruits',
  associatedItems: '',
  ...over,
});

describe('reading categories', () => {
  it('answers every signed-in role, 401 without a token', async () => {
    const first = (await db().selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow())
      .id;
    for (const s of [admin, webAdmin, webAdminB, webUser, mobileUser]) {
      for (const path of ['listcategories', `getcategorybyid/${first}`, 'getavailableitems']) {
        const r = await get(s, path);
        expect(r.status, `${path} as ${s.result.userId}`).toBe(200);
        expect(r.body.isSuccess).toBe(true);
      }
    }
    for (const path of [
      'listcategories',
      `getcategorybyid/${first}`,
      'getavailableitems',
      'listcategories?page=1',
    ]) {
      const r = await get(undefined, path);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ isSuccess: false, result: null, errorMessages: ['Please sign in again.'] });
    }
  });

  it('listcategories without parameters is the whole list, in id order', async () => {
    const r = await call(t.app, 'listCategories', { session: webUser });
    const rows = v.parse(EnvelopeSchema(v.array(ListRow)), r.body).result!;
    expect(rows).toHaveLength(await categoryCount());
    expect(rows.map((x) => x.id)).toEqual([...rows.map((x) => x.id)].sort((a, b) => a - b));
    expect(rows[0]).toMatchObject({ name: 'Fruits', subCategory: expect.any(String), image: 'fruits' });
  });

  it('listcategories pages, sorts and searches', async () => {
    const Paged = EnvelopeSchema(PagedResultSchema(ListRow));
    const total = await categoryCount();
    const page1 = v.parse(
      Paged,
      (
        await call(t.app, 'listCategories', {
          query: { page: '1', pageSize: '4', sort: 'name' },
          session: admin,
        })
      ).body,
    ).result!;
    const page2 = v.parse(
      Paged,
      (
        await call(t.app, 'listCategories', {
          query: { page: '2', pageSize: '4', sort: 'name' },
          session: admin,
        })
      ).body,
    ).result!;
    expect(page1).toMatchObject({ total, page: 1, pageSize: 4 });
    expect(page1.rows).toHaveLength(4);
    const all = v.parse(
      Paged,
      (await call(t.app, 'listCategories', { query: { pageSize: '500', sort: 'name' }, session: admin }))
        .body,
    ).result!.rows;
    const names = all.map((x) => x.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect([...page1.rows, ...page2.rows]).toEqual(all.slice(0, 8));
    const desc = v.parse(
      Paged,
      (
        await call(t.app, 'listCategories', {
          query: { pageSize: '500', sort: 'name', order: 'desc' },
          session: admin,
        })
      ).body,
    ).result!.rows;
    expect(desc).toEqual([...all].reverse());

    // Free text over name, sub-category and description, ignoring case.
    const q = v.parse(
      Paged,
      (await call(t.app, 'listCategories', { query: { q: 'FROZEN' }, session: admin })).body,
    ).result!;
    expect(q.rows.map((x) => x.name)).toEqual(['Frozen Foods']);
    expect(q.total).toBe(1);
    const bySub = v.parse(
      Paged,
      (await call(t.app, 'listCategories', { query: { q: 'tea and' }, session: admin })).body,
    ).result!;
    expect(bySub.rows.map((x) => x.name)).toEqual(['Beverages']);
    const byDescription = v.parse(
      Paged,
      (await call(t.app, 'listCategories', { query: { q: 'everyday' }, session: admin })).body,
    ).result!;
    expect(byDescription.total).toBe(total);
    // LIKE wildcards typed by a user match themselves only.
    expect(
      (await call(t.app, 'listCategories', { query: { q: '%' }, session: admin })).body.result,
    ).toMatchObject({ rows: [], total: 0 });
    expect(
      (await call(t.app, 'listCategories', { query: { q: '_' }, session: admin })).body.result,
    ).toMatchObject({ rows: [], total: 0 });

    // The table's sub-category filter: exact, ignoring case.
    const sub = v.parse(
      Paged,
      (await call(t.app, 'listCategories', { query: { subCategory: 'rice and pulses' }, session: admin }))
        .body,
    ).result!;
    expect(sub.rows.map((x) => x.name)).toEqual(['Staples']);
    expect(
      (await call(t.app, 'listCategories', { query: { subCategory: 'rice' }, session: admin })).body.result
        .total,
    ).toBe(0);

    // Past the last page: no rows, same total.
    expect(
      (await call(t.app, 'listCategories', { query: { page: '99', pageSize: '10' }, session: admin })).body
        .result,
    ).toEqual({
      rows: [],
      total,
      page: 99,
      pageSize: 10,
    });
  });

  it('refuses bad list parameters with 400 and every message', async () => {
    const r = await call(t.app, 'listCategories', {
      query: { page: '0', pageSize: '501', sort: 'image', order: 'up' },
      session: admin,
    });
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual([
      'Page must be a whole number of at least 1.',
      'Page size must be between 1 and 500.',
      'Sort must be one of: name, subCategory, description.',
      'Order must be asc or desc.',
    ]);
    const long = await call(t.app, 'listCategories', { query: { q: 'x'.repeat(101) }, session: admin });
    expect(long.status).toBe(400);
    expect(long.body.errorMessages).toEqual(['Search text cannot be more than 100 characters long.']);
    expect((await call(t.app, 'listCategories', { query: { page: 'abc' }, session: admin })).status).toBe(
      400,
    );
  });

  it('getcategorybyid answers the associated items in order and every other item as available', async () => {
    const cat = await db()
      .selectFrom('categories')
      .selectAll()
      .where('name', '=', 'Dairy')
      .executeTakeFirst();
    const id =
      cat?.id ??
      (await db().selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const r = await call(t.app, 'getCategoryById', { params: { id }, session: mobileUser });
    const category: Category = v.parse(EnvelopeSchema(CategoryStrict), r.body).result!;
    const links = await db()
      .selectFrom('category_items')
      .select('item_id')
      .where('category_id', '=', id)
      .orderBy('position')
      .execute();
    const associated = decoded(category.associatedItems);
    const available = decoded(category.availableItems);
    expect(associated.map((e) => e.id)).toEqual(links.map((l) => l.item_id));
    expect(associated.length).toBeGreaterThan(0);
    const all = await itemIds(10_000);
    expect([...associated, ...available].map((e) => e.id).sort((a, b) => a - b)).toEqual(all);
    // Entries carry the item's fields, price in rupees.
    const row = await db()
      .selectFrom('items')
      .selectAll()
      .where('id', '=', associated[0]!.id)
      .executeTakeFirstOrThrow();
    expect(associated[0]).toEqual({
      id: row.id,
      name: row.name,
      brand: row.brand,
      price: row.price / 100,
      qty: row.qty,
      image: row.image,
    });
  });

  it('getcategorybyid: a missing id is 404, a malformed one 400', async () => {
    const missing = await call(t.app, 'getCategoryById', { params: { id: 999999 }, session: admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      isSuccess: false,
      result: null,
      errorMessages: [CATEGORY_MESSAGES.notFound],
    });
    for (const bad of ['abc', '0', '-1', '1.5', '1e3']) {
      const r = await call(t.app, 'getCategoryById', { params: { id: bad }, session: admin });
      expect(r.status, bad).toBe(400);
      expect(r.body.errorMessages).toEqual(['Invalid id']);
    }
  });

  it('getavailableitems is every catalog item, encoded', async () => {
    const r = await call(t.app, 'getAvailableItems', { session: webAdminB });
    const encoded = v.parse(EnvelopeSchema(AvailableItemsSchema), r.body).result!;
    expect(
      decoded(encoded)
        .map((e) => e.id)
        .sort((a, b) => a - b),
    ).toEqual(await itemIds(10_000));
  });
});

describe('upsertcategory', () => {
  it('creates a category with its items in the posted order and records it', async () => {
    const [a, b, c] = (await itemIds()).slice(5, 8) as [number, number, number];
    const r = await upsert(
      admin,
      body({
        associatedItems: encodeAssociatedItems([
          { id: c, label: 'third, first' },
          { id: a, label: 'a | b' },
          { id: b, label: '' },
          { id: c, label: 'again' },
        ]),
      }),
    );
    expect(r.status).toBe(200);
    const saved = v.parse(EnvelopeSchema(CategoryStrict), r.body).result!;
    expect(saved).toMatchObject({
      name: 'Dry Fruits',
      subCategory: 'Nuts and Seeds',
      description: 'Almonds, cashews and more',
      image: 'dry-fruits',
    });
    expect(decoded(saved.associatedItems).map((e) => e.id)).toEqual([c, a, b]);
    expect(decoded(saved.availableItems).map((e) => e.id)).not.toContain(a);
    // What getcategorybyid answers is what upsert answered.
    expect(
      (await call(t.app, 'getCategoryById', { params: { id: saved.id }, session: admin })).body.result,
    ).toEqual(saved);

    const audit = await auditRows(saved.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', user_name: 'Platform Admin' });
    expect(JSON.parse(audit[0]!.changes)).toEqual({
      name: 'Dry Fruits',
      subCategory: 'Nuts and Seeds',
      description: 'Almonds, cashews and more',
      image: 'dry-fruits',
      associatedItems: [c, a, b],
    });
  });

  it('an update replaces the fields and the association list, recording what changed', async () => {
    const ids = (await itemIds()).slice(10, 16);
    const created = (
      await upsert(
        admin,
        body({ name: 'Bakery Specials', associatedItems: `${ids[0]}|x,${ids[1]}|y,${ids[2]}|z` }),
      )
    ).body.result;
    const r = await upsert(
      webAdmin,
      body({
        id: String(created.id),
        name: '  Bakery Favourites ',
        associatedItems: `${ids[3]}|p,${ids[1]}|q`,
      }),
    );
    expect(r.status).toBe(200);
    const saved = v.parse(EnvelopeSchema(CategoryStrict), r.body).result!;
    expect(saved).toMatchObject({ id: created.id, name: 'Bakery Favourites' });
    expect(decoded(saved.associatedItems).map((e) => e.id)).toEqual([ids[3], ids[1]]);
    const links = await db()
      .selectFrom('category_items')
      .selectAll()
      .where('category_id', '=', created.id)
      .orderBy('position')
      .execute();
    expect(links.map((l) => [l.item_id, l.position])).toEqual([
      [ids[3], 0],
      [ids[1], 1],
    ]);

    const audit = await auditRows(created.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]!.user_name).toBe('Ravi Kumar');
    expect(JSON.parse(audit[1]!.changes)).toEqual({
      name: ['Bakery Specials', 'Bakery Favourites'],
      associatedItems: [
        [ids[0], ids[1], ids[2]],
        [ids[3], ids[1]],
      ],
    });

    // An empty list empties the category.
    const emptied = await upsert(
      admin,
      body({ id: created.id, name: 'Bakery Favourites', associatedItems: '' }),
    );
    expect(emptied.body.result.associatedItems).toBe('');
  });

  it('refuses unknown item ids with 400 and saves nothing', async () => {
    const [a] = await itemIds();
    const before = await categoryCount();
    const r = await upsert(
      admin,
      body({ name: 'Ghost Items', associatedItems: `${a}|ok,987654|gone,987655|gone` }),
    );
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual([CATEGORY_MESSAGES.unknownItems([987654, 987655])]);
    expect(await categoryCount()).toBe(before);

    const existing = (await upsert(admin, body({ name: 'Keep Items', associatedItems: `${a}|ok` }))).body
      .result;
    const refused = await upsert(
      admin,
      body({ id: existing.id, name: 'Changed Name', associatedItems: '987654|gone' }),
    );
    expect(refused.status).toBe(400);
    const after = (await call(t.app, 'getCategoryById', { params: { id: existing.id }, session: admin })).body
      .result;
    expect(after.name).toBe('Keep Items');
    expect(decoded(after.associatedItems).map((e) => e.id)).toEqual([a]);
    expect((await auditRows(existing.id)).map((x) => x.action)).toEqual(['create']);
  });

  it('an id that names no category is 404 and creates nothing', async () => {
    const before = await categoryCount();
    const r = await upsert(admin, body({ id: 999999 }));
    expect(r.status).toBe(404);
    expect(r.body.errorMessages).toEqual([CATEGORY_MESSAGES.notFound]);
    expect(await categoryCount()).toBe(before);
  });

  it('validates with the contract messages, listing every one', async () => {
    const before = await categoryCount();
    const empty = await upsert(admin, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessages).toEqual([
      'Name is required',
      'Sub-Category is required',
      'Description is required',
      'Image is required',
    ]);
    const short = await upsert(
      admin,
      body({ name: 'abc', subcategory: 'x', description: 'yy', image: 'zzz' }),
    );
    expect(short.body.errorMessages).toEqual([
      'Name must be at least 4 characters long.',
      'Sub-Category must be at least 4 characters long.',
      'Description must be at least 4 characters long.',
      'Image must be at least 4 characters long.',
    ]);
    const long = await upsert(
      admin,
      body({ name: 'n'.repeat(101), description: 'd'.repeat(101), image: 'i'.repeat(201) }),
    );
    expect(long.body.errorMessages).toEqual([
      'Name cannot be more than 100 characters long.',
      'Description cannot be more than 100 characters long.',
      'Image cannot be more than 200 characters long.',
    ]);
    const badList = await upsert(admin, body({ associatedItems: 'abc|x,5' }));
    expect(badList.status).toBe(400);
    expect(badList.body.errorMessages).toEqual([
      'associatedItems entry 1: id must be a positive whole number.',
      "associatedItems entry 2 must have 2 fields separated by '|'.",
    ]);
    expect((await upsert(admin, body({ id: 'x1' }))).body.errorMessages).toEqual(['Invalid id']);
    expect((await upsert(admin, [1, 2])).status).toBe(400);
    expect((await upsert(admin, '{"name":')).status).toBe(400);
    expect(await categoryCount()).toBe(before);
  });

  it('ignores fields the form does not have', async () => {
    const r = await upsert(
      admin,
      body({
        name: 'Extra Fields',
        created_at: '1999-01-01',
        availableItems: '1|x|y|1|q|i',
        subCategory: 'Ignored One',
      }),
    );
    expect(r.status).toBe(200);
    const row = await db()
      .selectFrom('categories')
      .selectAll()
      .where('id', '=', r.body.result.id)
      .executeTakeFirstOrThrow();
    expect(row.created_at).not.toBe('1999-01-01');
    expect(row.sub_category).toBe('Nuts and Seeds');
    expect(r.body.result.associatedItems).toBe('');
  });

  it('allows BlueTikAdmin and a WebAdmin whose isAddCategoryItems is Yes; refuses the rest', async () => {
    const before = await categoryCount();
    for (const s of [webAdminB, webUser, mobileUser]) {
      const r = await upsert(s, body({ name: 'Not Allowed' }));
      expect(r.status).toBe(403);
      expect(r.body).toEqual({
        isSuccess: false,
        result: null,
        errorMessages: ['You do not have permission to do this.'],
      });
    }
    expect((await upsert(anonymous, body())).status).toBe(401);
    expect(await categoryCount()).toBe(before);
    expect((await upsert(webAdmin, body({ name: 'Store Made' }))).status).toBe(200);

    // The flag is read on every call: granting it lets store B in, without a new sign-in.
    await db()
      .updateTable('users')
      .set({ is_add_category_items: 1 })
      .where('phone_number', '=', '9000000005')
      .execute();
    expect((await upsert(webAdminB, body({ name: 'Granted Now' }))).status).toBe(200);
    await db()
      .updateTable('users')
      .set({ is_add_category_items: 0 })
      .where('phone_number', '=', '9000000005')
      .execute();
    expect((await upsert(webAdminB, body({ name: 'Revoked Now' }))).status).toBe(403);
  });

  it('round-trips names holding | , $ % through the encoded lists', async () => {
    const stamp = new Date().toISOString();
    const tricky = {
      name: 'Salt | Pepper, 50% off $5',
      description: 'Tricky name',
      brand: 'A|B,C$D%E',
      price: 1234,
      mrp: 1500,
      qty: '1 kg, 2 packs',
      category: 'Spices',
      sub_category: 'Masala',
      image: 'salt-pepper',
      created_at: stamp,
      updated_at: stamp,
    };
    const item = await db().insertInto('items').values(tricky).returning('id').executeTakeFirstOrThrow();
    const r = await upsert(
      admin,
      body({
        name: 'Spice % Box',
        associatedItems: encodeAssociatedItems([{ id: item.id, label: `${tricky.name} (${tricky.brand})` }]),
      }),
    );
    expect(r.status).toBe(200);
    const saved = r.body.result;
    expect(saved.associatedItems).toBe(
      `${item.id}|Salt %7C Pepper%2C 50%25 off %245|A%7CB%2CC%24D%25E|12.34|1 kg%2C 2 packs|salt-pepper`,
    );
    expect(decoded(saved.associatedItems)).toEqual([
      {
        id: item.id,
        name: tricky.name,
        brand: tricky.brand,
        price: 12.34,
        qty: tricky.qty,
        image: 'salt-pepper',
      },
    ]);
    const all = decoded((await call(t.app, 'getAvailableItems', { session: admin })).body.result);
    expect(all.find((e) => e.id === item.id)).toMatchObject({
      name: tricky.name,
      brand: tricky.brand,
      qty: tricky.qty,
    });
    // Ordinary data stays byte for byte the spec's format.
    const plain = all.find((e) => e.id !== item.id)!;
    expect((await call(t.app, 'getAvailableItems', { session: admin })).body.result).toContain(
      `${plain.id}|${plain.name}|${plain.brand}|${plain.price}|${plain.qty}|${plain.image}`,
    );
  });
});

describe('removecategory', () => {
  it('is BlueTikAdmin only', async () => {
    const target = (await upsert(admin, body({ name: 'Doomed One' }))).body.result;
    for (const s of [webAdmin, webAdminB, webUser, mobileUser]) {
      const r = await remove(s, target.id);
      expect(r.status).toBe(403);
    }
    expect((await remove(anonymous, target.id)).status).toBe(401);
    expect((await call(t.app, 'getCategoryById', { params: { id: target.id }, session: admin })).status).toBe(
      200,
    );
  });

  it('removes the category and its associations, keeps the items, and records it', async () => {
    const ids = (await itemIds()).slice(20, 23);
    const target = (
      await upsert(admin, body({ name: 'Short Lived', associatedItems: ids.map((i) => `${i}|x`).join(',') }))
    ).body.result;
    const r = await remove(admin, target.id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ isSuccess: true, result: true, errorMessages: [] });
    expect((await call(t.app, 'getCategoryById', { params: { id: target.id }, session: admin })).status).toBe(
      404,
    );
    expect(
      await db().selectFrom('category_items').selectAll().where('category_id', '=', target.id).execute(),
    ).toEqual([]);
    const items = await db().selectFrom('items').select('id').where('id', 'in', ids).execute();
    expect(items).toHaveLength(3);
    // The items are still in their seed categories.
    const stillLinked = await db()
      .selectFrom('category_items')
      .select('item_id')
      .where('item_id', 'in', ids)
      .execute();
    expect(stillLinked.length).toBeGreaterThanOrEqual(3);

    const audit = await auditRows(target.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'remove']);
    expect(JSON.parse(audit[1]!.changes)).toMatchObject({ name: 'Short Lived', associatedItems: ids });

    const again = await remove(admin, target.id);
    expect(again.status).toBe(404);
    expect(again.body.errorMessages).toEqual([CATEGORY_MESSAGES.notFound]);
    expect((await remove(admin, 'abc')).status).toBe(400);
  });
});

describe('odd input', () => {
  it('answers 4xx, never 500: huge ids, wrong types, hostile search text', async () => {
    const huge = '99999999999'; // beyond a 32-bit id column (PostgreSQL would refuse to compare)
    const cases: [string, string, unknown][] = [
      ['GET', `/api/categories/getcategorybyid/${huge}`, undefined],
      ['DELETE', `/api/categories/removecategory/${huge}`, undefined],
      ['POST', '/api/categories/upsertcategory', body({ id: huge })],
      ['POST', '/api/categories/upsertcategory', body({ associatedItems: `${huge}|x` })],
      ['POST', '/api/categories/upsertcategory', body({ associatedItems: 12 })],
      ['POST', '/api/categories/upsertcategory', body({ name: ['a'], image: null, subcategory: {} })],
      ['GET', '/api/categories/listcategories?q=%27%22%3B--%5C&sort=name', undefined],
      ['GET', '/api/categories/listcategories?subCategory=%00', undefined],
      ['POST', '/api/categories/upsertcategory', body({ name: 'Nul\u0000Name' })],
      ['GET', '/api/categories/listcategories?q=a%00', undefined],
    ];
    for (const [method, path, payload] of cases) {
      const r = await send(t.app, method, path, { session: admin, body: payload });
      expect(r.status, `${method} ${path} ${JSON.stringify(payload)}`).toBeLessThan(500);
    }
    expect((await upsert(admin, body({ associatedItems: `${huge}|x` }))).body.errorMessages).toEqual([
      CATEGORY_MESSAGES.unknownItems([99999999999]),
    ]);
    const nul = await upsert(admin, body({ description: 'Nul\u0000Text' }));
    expect([nul.status, nul.body.errorMessages]).toEqual([400, ['Text cannot contain NUL characters.']]);
    // A long list is read and written in chunks.
    const all = await itemIds(10_000);
    const big = await upsert(
      admin,
      body({ name: 'Everything', associatedItems: all.map((i) => `${i}|x`).join(',') }),
    );
    expect(big.status).toBe(200);
    expect(decoded(big.body.result.associatedItems).map((e) => e.id)).toEqual(all);
    expect(big.body.result.availableItems).toBe('');
  });
});
