import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EnvelopeSchema } from '#contract/envelope';
import { ITEM_MESSAGES } from '#contract/items';
import { call, send } from '../../test/harness';
import {
  admin,
  body,
  db,
  get,
  itemCount,
  ItemStrict,
  mobileUser,
  page,
  t,
  upsert,
  webAdmin,
  webAdminB,
  webUser,
} from './items.fixtures';

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
      version: row.version,
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
