import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CATEGORY_MESSAGES } from '#contract/categories';
import { encodeAssociatedItems } from '#contract/codecs';
import { EnvelopeSchema } from '#contract/envelope';
import { call } from '../../test/harness';
import {
  admin,
  anonymous,
  auditRows,
  body,
  categoryCount,
  CategoryStrict,
  db,
  decoded,
  itemIds,
  mobileUser,
  remove,
  t,
  upsert,
  webAdmin,
  webAdminB,
  webUser,
} from './categories.fixtures';

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
    expect(r.body).toEqual({
      isSuccess: false,
      result: { fields: { associatedItems: [CATEGORY_MESSAGES.unknownItems([987654, 987655])] } },
      errorMessages: [CATEGORY_MESSAGES.unknownItems([987654, 987655])],
    });
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
