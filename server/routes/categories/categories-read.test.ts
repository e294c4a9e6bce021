import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AvailableItemsSchema, CATEGORY_MESSAGES, type Category } from '#contract/categories';
import { EnvelopeSchema } from '#contract/envelope';
import { PagedResultSchema } from '#contract/lists';
import { call, send } from '../../test/harness';
import {
  admin,
  body,
  categoryCount,
  CategoryStrict,
  db,
  decoded,
  get,
  itemIds,
  ListRow,
  mobileUser,
  t,
  upsert,
  webAdmin,
  webAdminB,
  webUser,
} from './categories.fixtures';

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
