import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvelopeSchema } from '#contract/envelope';
import { ITEM_MESSAGES, ItemSchema } from '#contract/items';
import { PagedResultSchema } from '#contract/lists';
import {
  anonymousCsrf,
  call,
  createTestServer,
  queryOf,
  send,
  type Session,
  signIn,
  signInWith,
  type TestServer,
} from '../../test/harness';

let t: TestServer;
let admin: Session;
let webAdmin: Session;
let webAdminB: Session;
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
const ItemStrict = v.strictObject(ItemSchema.entries);
const Paged = EnvelopeSchema(PagedResultSchema(ItemStrict));

const get = (s: Session | undefined, path: string) =>
  send(t.app, 'GET', `/api/items/${path}`, s ? { session: s } : {});
const upsert = (s: Session | { csrf: string }, body: unknown) =>
  call(t.app, 'upsertItem', { session: s, body });
const remove = (s: Session | { csrf: string }, id: number | string) =>
  call(t.app, 'removeItem', { params: { id }, session: s });

const itemCount = async () =>
  Number(
    (
      await db()
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditRows = (entityId: number) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'item')
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
const page = async (s: Session, qs: string) => {
  const r = await call(t.app, 'listItems', { query: queryOf(qs), session: s });
  expect(r.status, qs).toBe(200);
  return v.parse(Paged, r.body).result!;
};

const body = (over: Record<string, unknown> = {}) => ({
  id: '',
  name: 'Kashmiri Walnuts',
  description: 'Shelled walnut halves',
  brand: 'Valley Best',
  category: 'Dry Fruits',
  subCategory: 'Nuts and Seeds',
  qty: '250 g',
  image: 'walnuts',
  price: '349.50',
  mrp: '399',
  ...over,
});

describe('reading items', () => {
  it('answers every signed-in role, 401 without a token', async () => {
    for (const s of [admin, webAdmin, webAdminB, webUser, mobileUser]) {
      for (const path of ['listitems', 'listitems?page=2', 'getitembyid/1']) {
        const r = await get(s, path);
        expect(r.status, `${path} as ${s.result.userId}`).toBe(200);
      }
    }
    for (const path of ['listitems', 'listitems?page=2', 'getitembyid/1']) {
      expect((await get(undefined, path)).status).toBe(401);
    }
  });

  it('listitems without parameters is the whole catalog in id order, amounts in rupees', async () => {
    const r = await call(t.app, 'listItems', { session: webUser });
    const items = v.parse(EnvelopeSchema(v.array(ItemStrict)), r.body).result!;
    expect(items).toHaveLength(await itemCount());
    expect(items.map((i) => i.id)).toEqual([...items.map((i) => i.id)].sort((a, b) => a - b));
    const row = await db()
      .selectFrom('items')
      .selectAll()
      .where('id', '=', items[0]!.id)
      .executeTakeFirstOrThrow();
    expect(items[0]).toEqual({
      id: row.id,
      name: row.name,
      description: row.description,
      brand: row.brand,
      price: row.price / 100,
      mrp: row.mrp / 100,
      qty: row.qty,
      category: row.category,
      subCategory: row.sub_category,
      image: row.image,
    });
  });

  it('listitems pages and sorts by each table column', async () => {
    const total = await itemCount();
    const first = await page(admin, 'page=1&pageSize=50');
    expect(first).toMatchObject({ total, page: 1, pageSize: 50 });
    expect(first.rows).toHaveLength(50);
    const second = await page(admin, 'page=2&pageSize=50');
    expect(second.rows[0]!.id).toBeGreaterThan(first.rows[49]!.id);

    const byPrice = (await page(admin, 'sort=price&pageSize=500')).rows;
    expect(byPrice).toHaveLength(total);
    for (let i = 1; i < byPrice.length; i++)
      expect(byPrice[i]!.price).toBeGreaterThanOrEqual(byPrice[i - 1]!.price);
    expect((await page(admin, 'sort=price&order=desc&pageSize=500')).rows).toEqual([...byPrice].reverse());

    for (const [sort, key] of [
      ['name', 'name'],
      ['category', 'category'],
      ['subCategory', 'subCategory'],
      ['qty', 'qty'],
    ] as const) {
      const rows = (await page(admin, `sort=${sort}&pageSize=500`)).rows;
      const keys = rows.map((r) => r[key].toLowerCase());
      expect(keys, sort).toEqual([...keys].sort());
    }
  });

  it('listitems searches and filters, ignoring case, with wildcards taken literally', async () => {
    const organic = await page(admin, 'q=ORGANIC%20valley&pageSize=500');
    expect(organic.total).toBeGreaterThan(0);
    expect(organic.rows.every((r) => /organic valley/i.test(`${r.name} ${r.brand}`))).toBe(true);

    const fruits = await page(admin, 'category=fruits&pageSize=500');
    expect(fruits.total).toBeGreaterThan(0);
    expect(fruits.rows.every((r) => r.category === 'Fruits')).toBe(true);
    const sub = await page(admin, 'subCategory=Fresh%20Fruits&pageSize=500');
    expect(sub.rows.map((r) => r.id)).toEqual(fruits.rows.map((r) => r.id));
    const both = await page(admin, 'category=Fruits&q=banana');
    expect(both.rows.length).toBeGreaterThan(0);
    expect(both.rows.every((r) => r.category === 'Fruits' && /banana/i.test(r.name))).toBe(true);
    const byQty = await page(admin, 'q=1%20dozen');
    expect(byQty.total).toBeGreaterThan(0);

    expect((await page(admin, 'q=%25')).total).toBe(0);
    expect((await page(admin, 'q=_')).total).toBe(0);
    expect((await page(admin, 'category=Fruit')).total).toBe(0);
  });

  it('refuses bad list parameters with 400 and every message', async () => {
    const r = await call(t.app, 'listItems', {
      query: { pageSize: '0', sort: 'image', order: 'sideways' },
      session: admin,
    });
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual([
      'Page size must be between 1 and 500.',
      'Sort must be one of: category, subCategory, name, brand, price, mrp, qty.',
      'Order must be asc or desc.',
    ]);
    const long = await call(t.app, 'listItems', { query: { category: 'c'.repeat(101) }, session: admin });
    expect(long.status).toBe(400);
    expect(long.body.errorMessages).toEqual(['Category cannot be more than 100 characters long.']);
  });

  it('getitembyid: the item, 404 when missing, 400 when malformed', async () => {
    const r = await call(t.app, 'getItemById', { params: { id: 3 }, session: mobileUser });
    expect(v.parse(EnvelopeSchema(ItemStrict), r.body).result!.id).toBe(3);
    const missing = await call(t.app, 'getItemById', { params: { id: 999999 }, session: admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ isSuccess: false, result: null, errorMessages: [ITEM_MESSAGES.notFound] });
    for (const bad of ['x', '0', '2.5', '%20']) {
      const b = await call(t.app, 'getItemById', { params: { id: bad }, session: admin });
      expect(b.status, bad).toBe(400);
      expect(b.body.errorMessages).toEqual(['Invalid id']);
    }
  });
});

describe('upsertitem', () => {
  it('BlueTikAdmin adds an item: exact money, audit row', async () => {
    const r = await upsert(admin, body({ price: '0.29', mrp: 10000 }));
    expect(r.status).toBe(200);
    const item = v.parse(EnvelopeSchema(ItemStrict), r.body).result!;
    expect(item).toMatchObject({ name: 'Kashmiri Walnuts', price: 0.29, mrp: 10000, image: 'walnuts' });
    const row = await db()
      .selectFrom('items')
      .selectAll()
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect([row.price, row.mrp]).toEqual([29, 1_000_000]);
    expect(
      (await call(t.app, 'getItemById', { params: { id: item.id }, session: admin })).body.result,
    ).toEqual(item);
    const audit = await auditRows(item.id);
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(JSON.parse(audit[0]!.changes)).toMatchObject({
      name: 'Kashmiri Walnuts',
      price: 0.29,
      image: 'walnuts',
    });
  });

  it('a WebAdmin clones (creates) an item, image as sent', async () => {
    const source = (await call(t.app, 'getItemById', { params: { id: 5 }, session: webAdmin })).body.result;
    const r = await upsert(webAdmin, {
      ...source,
      id: '',
      name: `${source.name} Family Pack`,
      price: String(source.price),
      mrp: String(source.mrp),
    });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({
      name: `${source.name} Family Pack`,
      image: source.image,
      price: source.price,
    });
    expect(r.body.result.id).not.toBe(source.id);
    expect((await auditRows(r.body.result.id))[0]).toMatchObject({
      action: 'create',
      user_name: 'Ravi Kumar',
    });
  });

  it('BlueTikAdmin edits every field, image included; the trail holds what changed', async () => {
    const created = (await upsert(admin, body({ name: 'Edit Me Item' }))).body.result;
    const r = await upsert(
      admin,
      body({ id: created.id, name: 'Edited Item', image: 'apple-red', price: '350' }),
    );
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({
      id: created.id,
      name: 'Edited Item',
      image: 'apple-red',
      price: 350,
    });
    const audit = await auditRows(created.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(JSON.parse(audit[1]!.changes)).toEqual({
      name: ['Edit Me Item', 'Edited Item'],
      price: [349.5, 350],
      image: ['walnuts', 'apple-red'],
    });
  });

  it("a WebAdmin's edit keeps the stored image whatever it sends", async () => {
    const created = (await upsert(admin, body({ name: 'Image Kept Item', image: 'milk-toned' }))).body.result;
    for (const image of ['tea-premium', '', undefined]) {
      const r = await upsert(
        webAdmin,
        body({ id: created.id, name: 'Renamed By Store', qty: '1 kg', image }),
      );
      expect(r.status).toBe(200);
      expect(r.body.result).toMatchObject({ name: 'Renamed By Store', qty: '1 kg', image: 'milk-toned' });
    }
    const row = await db()
      .selectFrom('items')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.image).toBe('milk-toned');
    const changes = (await auditRows(created.id)).slice(1).map((a) => JSON.parse(a.changes) as object);
    expect(changes[0]).toEqual({ name: ['Image Kept Item', 'Renamed By Store'], qty: ['250 g', '1 kg'] });
    expect(changes.every((ch) => !('image' in ch))).toBe(true);
  });

  it('refuses WebUser and MobileUser (403) and anonymous callers (401), changing nothing', async () => {
    const before = await itemCount();
    const stored = (await call(t.app, 'getItemById', { params: { id: 7 }, session: admin })).body.result;
    for (const s of [webUser, mobileUser]) {
      expect((await upsert(s, body())).status).toBe(403);
      expect((await upsert(s, body({ id: 7, name: 'Hijacked Name' }))).status).toBe(403);
    }
    expect((await upsert(anonymous, body())).status).toBe(401);
    expect(await itemCount()).toBe(before);
    expect((await call(t.app, 'getItemById', { params: { id: 7 }, session: admin })).body.result).toEqual(
      stored,
    );
  });

  it('validates with the contract messages, listing every one', async () => {
    const before = await itemCount();
    const empty = await upsert(admin, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessages).toEqual([
      'Name is required',
      'Description is required',
      'Brand is required',
      'Category is required',
      'Sub-Category is required',
      'Qty is required',
      'Price is required',
      'MRP is required',
    ]);
    const bad = await upsert(
      admin,
      body({ name: 'abc', qty: 'x', image: 'abc', price: '12.345', mrp: '10000.01' }),
    );
    expect(bad.body.errorMessages).toEqual([
      'Name must be at least 4 characters long.',
      'Qty must be at least 2 characters long.',
      'Image Name must be at least 4 characters long.',
      'Only numbers or decimals with two digits are allowed.',
      'MRP must be less than or equal to 10000.',
    ]);
    const more = await upsert(
      admin,
      body({ price: '10000.50', mrp: '-1', image: 'i'.repeat(201), brand: 'b'.repeat(101) }),
    );
    expect(more.body.errorMessages).toEqual([
      'Brand cannot be more than 100 characters long.',
      'Image Name cannot be more than 200 characters long.',
      'Price must be less than or equal to 10000.',
      'Only numbers or decimals with two digits are allowed.',
    ]);
    expect((await upsert(admin, body({ id: 'abc' }))).body.errorMessages).toEqual(['Invalid id']);
    expect((await upsert(admin, 'null')).status).toBe(400);
    expect(await itemCount()).toBe(before);
  });

  it('an id that names no item is 404 and creates nothing', async () => {
    const before = await itemCount();
    const r = await upsert(admin, body({ id: 999999 }));
    expect(r.status).toBe(404);
    expect(r.body.errorMessages).toEqual([ITEM_MESSAGES.notFound]);
    expect(await itemCount()).toBe(before);
  });

  it('ignores fields the form does not have', async () => {
    const r = await upsert(
      admin,
      body({ name: 'Extra Field Item', created_at: '1999-01-01', sub_category: 'Nope', subcategory: 'Nope' }),
    );
    expect(r.status).toBe(200);
    const row = await db()
      .selectFrom('items')
      .selectAll()
      .where('id', '=', r.body.result.id)
      .executeTakeFirstOrThrow();
    expect(row.created_at).not.toBe('1999-01-01');
    expect(row.sub_category).toBe('Nuts and Seeds');
  });
});

describe('removeitem', () => {
  it('is BlueTikAdmin only', async () => {
    const created = (await upsert(admin, body({ name: 'Stays Put Item' }))).body.result;
    for (const s of [webAdmin, webAdminB, webUser, mobileUser])
      expect((await remove(s, created.id)).status).toBe(403);
    expect((await remove(anonymous, created.id)).status).toBe(401);
    expect((await call(t.app, 'getItemById', { params: { id: created.id }, session: admin })).status).toBe(
      200,
    );
  });

  it('removes the item and its category associations; orders keep their copy', async () => {
    // An item that is both in a category and on orders.
    const line = await db()
      .selectFrom('order_items')
      .innerJoin('category_items', 'category_items.item_id', 'order_items.item_id')
      .select(['order_items.item_id', 'category_items.category_id'])
      .orderBy('order_items.item_id')
      .executeTakeFirstOrThrow();
    const id = line.item_id;
    const linesBefore = await db()
      .selectFrom('order_items')
      .selectAll()
      .where('item_id', '=', id)
      .orderBy('id')
      .execute();
    expect(linesBefore.length).toBeGreaterThan(0);

    const r = await remove(admin, id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ isSuccess: true, result: true, errorMessages: [] });
    expect((await call(t.app, 'getItemById', { params: { id }, session: admin })).status).toBe(404);
    expect(await db().selectFrom('category_items').selectAll().where('item_id', '=', id).execute()).toEqual(
      [],
    );
    const category = (
      await call(t.app, 'getCategoryById', { params: { id: line.category_id }, session: admin })
    ).body.result;
    expect(category.associatedItems.split(',').map((e: string) => Number(e.split('|')[0]))).not.toContain(id);
    expect(category.availableItems.split(',').map((e: string) => Number(e.split('|')[0]))).not.toContain(id);
    const linesAfter = await db()
      .selectFrom('order_items')
      .selectAll()
      .where('item_id', '=', id)
      .orderBy('id')
      .execute();
    expect(linesAfter).toEqual(linesBefore);

    const audit = await auditRows(id);
    expect(audit.map((a) => a.action)).toEqual(['remove']);
    expect(JSON.parse(audit[0]!.changes)).toMatchObject({ categories: [line.category_id] });

    const again = await remove(admin, id);
    expect(again.status).toBe(404);
    expect(again.body.errorMessages).toEqual([ITEM_MESSAGES.notFound]);
    expect((await remove(admin, '1e3')).status).toBe(400);
  });
});

describe('odd input', () => {
  it('answers 4xx, never 500: huge ids, wrong types, hostile search text', async () => {
    const huge = '99999999999'; // beyond a 32-bit id column (PostgreSQL would refuse to compare)
    const cases: [string, string, unknown][] = [
      ['GET', `/api/items/getitembyid/${huge}`, undefined],
      ['DELETE', `/api/items/removeitem/${huge}`, undefined],
      ['POST', '/api/items/upsertitem', body({ id: huge })],
      ['POST', '/api/items/upsertitem', body({ id: Number.MAX_SAFE_INTEGER + 2 })],
      ['POST', '/api/items/upsertitem', body({ name: 1234, price: { x: 1 }, mrp: [1], qty: true })],
      ['POST', '/api/items/upsertitem', body({ price: 'NaN', mrp: '1e3', image: 5 })],
      ['GET', '/api/items/listitems?q=%27%22%3B--%5C&sort=name', undefined],
      ['GET', '/api/items/listitems?q=%5C', undefined],
      ['GET', '/api/items/listitems?page=99999999999999999999', undefined],
      ['GET', '/api/items/listitems?page=1&page=2&sort=price&sort=name', undefined],
      ['POST', '/api/items/upsertitem', body({ name: 'Nul\u0000Item', image: 'img\u0000' })],
      ['GET', '/api/items/listitems?q=%00&category=a%00b', undefined],
    ];
    for (const [method, path, payload] of cases) {
      const r = await send(t.app, method, path, { session: admin, body: payload });
      expect(r.status, `${method} ${path} ${JSON.stringify(payload)}`).toBeLessThan(500);
      expect(r.body.errorMessages).not.toContain('There was an error. Please try again later.');
    }
    expect((await call(t.app, 'getItemById', { params: { id: huge }, session: admin })).status).toBe(404);
    expect((await call(t.app, 'listItems', { query: { q: '\\' }, session: admin })).body.result.total).toBe(
      0,
    );
    const nul = await upsert(admin, body({ name: 'Nul\u0000Item' }));
    expect([nul.status, nul.body.errorMessages]).toEqual([400, ['Text cannot contain NUL characters.']]);
  });
});
