import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EnvelopeSchema } from '#contract/envelope';
import { ITEM_MESSAGES } from '#contract/items';
import { call } from '../../test/harness';
import {
  admin,
  anonymous,
  auditRows,
  body,
  db,
  itemCount,
  ItemStrict,
  mobileUser,
  remove,
  t,
  upsert,
  webAdmin,
  webAdminB,
  webUser,
} from './items.fixtures';

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
