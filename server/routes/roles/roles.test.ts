import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PagedResultSchema } from '#contract/lists';
import { BulkInsertResultSchema, ROLE_MESSAGES, RoleSchema } from '#contract/roles';
import { call, send, type Session, signIn, signInWith, type TestServer } from '../../test/harness';
import { catalogEntries } from './roles.service';
import { useSuite } from '../../test/suite';

let t: TestServer;
let admin: Session;
let anonymous: { csrf: string };
useSuite({}, (s) => {
  ({ t, anonymous } = s);
  admin = s.as.admin;
});

type Caller = { token?: string; csrf?: string };
const getById = (s: Caller, id: string | number) =>
  call(t.app, 'getRoleById', { params: { id }, session: s });
const upsert = (s: Caller, body: unknown) => call(t.app, 'upsertRole', { session: s, body });
const remove = (s: Caller, id: string | number) => call(t.app, 'removeRole', { params: { id }, session: s });
const bulk = (s: Caller) => call(t.app, 'bulkItemsInsert', { session: s });

const roleRow = (name: string) =>
  t.db.kysely.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
const count = async (table: 'roles' | 'items' | 'audit_log') =>
  Number(
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditOf = (entity: string, entityId: number) =>
  t.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('id', 'asc')
    .execute();

describe('permissions (DECISIONS §2: roles and bulk insert are BlueTikAdmin only)', () => {
  const calls = [
    ['GET', '/api/roles/listroles'],
    ['GET', '/api/roles/listroles?page=1'],
    ['GET', '/api/roles/getrolebyid/1'],
    ['POST', '/api/roles/upsertrole'],
    ['DELETE', '/api/roles/removerole/4'],
    ['GET', '/api/roles/bulkitemsinsert'],
  ] as const;

  it('refuses anonymous callers with 401', async () => {
    for (const [method, path] of calls) {
      const r = await send(t.app, method, path, {
        session: anonymous,
        body: method === 'POST' ? {} : undefined,
      });
      expect(r.status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses WebAdmin (stores A and B), WebUser and MobileUser with 403, changing nothing', async () => {
    const sessions = [
      await signIn(t.app, 'WebAdmin'),
      await signInWith(t.app, '9000000005', 'Store@123'),
      await signIn(t.app, 'WebUser'),
      await signIn(t.app, 'MobileUser'),
    ];
    const before = {
      roles: await count('roles'),
      items: await count('items'),
      audit: await count('audit_log'),
    };
    for (const s of sessions) {
      for (const [method, path] of calls) {
        const body = method === 'POST' ? { id: '', name: 'WebUser', description: 'Hijack' } : undefined;
        const r = await send(t.app, method, path, { session: s, body });
        expect(r.status, `${s.result.userId} ${method} ${path}`).toBe(403);
        expect(r.body).toMatchObject({ isSuccess: false, result: null });
      }
    }
    expect({
      roles: await count('roles'),
      items: await count('items'),
      audit: await count('audit_log'),
    }).toEqual(before);
  });
});

describe('GET /api/roles/listroles and getrolebyid', () => {
  it('answers the four roles as a plain array', async () => {
    const r = await call(t.app, 'listRoles', { session: admin });
    expect(r.status).toBe(200);
    const roles = v.parse(v.array(v.strictObject(RoleSchema.entries)), r.body.result);
    expect(roles.map((x) => x.name)).toEqual(['BlueTikAdmin', 'WebAdmin', 'WebUser', 'MobileUser']);
  });

  it('pages, sorts and searches: { rows, total, page, pageSize }', async () => {
    const paged = PagedResultSchema(v.strictObject(RoleSchema.entries));
    const desc = v.parse(
      paged,
      (
        await call(t.app, 'listRoles', {
          query: { sort: 'name', order: 'desc', pageSize: '2' },
          session: admin,
        })
      ).body.result,
    );
    expect(desc).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(desc.rows.map((x) => x.name)).toEqual(['WebUser', 'WebAdmin']);
    const page2 = v.parse(
      paged,
      (
        await call(t.app, 'listRoles', {
          query: { sort: 'name', order: 'desc', pageSize: '2', page: '2' },
          session: admin,
        })
      ).body.result,
    );
    expect(page2.rows.map((x) => x.name)).toEqual(['MobileUser', 'BlueTikAdmin']);
    const byDescription = v.parse(
      paged,
      (await call(t.app, 'listRoles', { query: { sort: 'description' }, session: admin })).body.result,
    );
    expect(byDescription.rows.map((x) => x.name)).toEqual([
      'BlueTikAdmin',
      'WebAdmin',
      'MobileUser',
      'WebUser',
    ]);
    const search = v.parse(
      paged,
      (await call(t.app, 'listRoles', { query: { q: 'STORE staff' }, session: admin })).body.result,
    );
    expect(search.rows.map((x) => x.name)).toEqual(['WebUser', 'MobileUser']);
    expect(
      v.parse(paged, (await call(t.app, 'listRoles', { query: { q: '%' }, session: admin })).body.result)
        .total,
    ).toBe(0);
  });

  it('answers bad list parameters with 400 and the contract messages', async () => {
    const r = await call(t.app, 'listRoles', {
      query: { pageSize: '0', sort: 'id', order: 'sideways' },
      session: admin,
    });
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual([
      'Page size must be between 1 and 500.',
      'Sort must be one of: name, description.',
      'Order must be asc or desc.',
    ]);
  });

  it('answers one role, a missing one with 404 and a bad id with 400', async () => {
    const webUser = (await roleRow('WebUser'))!;
    const r = await getById(admin, webUser.id);
    expect(r.status).toBe(200);
    expect(v.parse(v.strictObject(RoleSchema.entries), r.body.result)).toEqual({
      id: webUser.id,
      name: 'WebUser',
      description: 'Store staff on the web',
      version: webUser.version,
    });
    const missing = await getById(admin, 999999);
    expect(missing.status).toBe(404);
    expect(missing.body.errorMessages).toEqual([ROLE_MESSAGES.notFound]);
    for (const bad of ['x', '0', '2.5']) {
      const b = await getById(admin, bad);
      expect(b.status, bad).toBe(400);
      expect(b.body.errorMessages).toEqual(['Invalid id']);
    }
  });
});

describe('POST /api/roles/upsertrole', () => {
  it('validates with the contract messages (400), each under its field, changing nothing', async () => {
    const before = await count('roles');
    expect((await upsert(admin, {})).body).toEqual({
      isSuccess: false,
      result: { fields: { name: ['Role is required'], description: ['Description is required'] } },
      errorMessages: ['Role is required', 'Description is required'],
    });
    const long = await upsert(admin, { id: '', name: 'SuperUser', description: 'x'.repeat(41) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({
      isSuccess: false,
      result: {
        fields: {
          name: ['Role is required'],
          description: ['Description cannot be more than 40 characters long.'],
        },
      },
      errorMessages: ['Role is required', 'Description cannot be more than 40 characters long.'],
    });
    expect((await upsert(admin, { id: 'one', name: 'WebUser', description: 'A' })).body).toEqual({
      isSuccess: false,
      result: { fields: { id: ['Invalid id'] } },
      errorMessages: ['Invalid id'],
    });
    expect(await count('roles')).toBe(before);
  });

  it('refuses a second role with the same name, on the name field', async () => {
    const before = await count('roles');
    const taken = {
      isSuccess: false,
      result: { fields: { name: [ROLE_MESSAGES.exists('WebAdmin')] } },
      errorMessages: [ROLE_MESSAGES.exists('WebAdmin')],
    };
    const r = await upsert(admin, { id: '', name: 'WebAdmin', description: 'Another store admin' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(taken);
    expect(await count('roles')).toBe(before);
    // Nor may an edit take another role's name.
    const webUser = (await roleRow('WebUser'))!;
    const rename = await upsert(admin, { id: webUser.id, name: 'WebAdmin', description: 'x' });
    expect(rename.status).toBe(400);
    expect(rename.body).toEqual(taken);
  });

  it('edits a description; audited with the change', async () => {
    const role = (await roleRow('WebUser'))!;
    const r = await upsert(admin, {
      id: String(role.id),
      name: 'WebUser',
      description: '  Store staff (web)  ',
    });
    expect(r.status).toBe(200);
    expect(v.parse(RoleSchema, r.body.result)).toEqual({
      id: role.id,
      name: 'WebUser',
      description: 'Store staff (web)',
      version: role.version + 1,
    });
    expect((await roleRow('WebUser'))!.description).toBe('Store staff (web)');
    const audit = await auditOf('role', role.id);
    expect(audit.at(-1)).toMatchObject({ action: 'update', user_name: 'Platform Admin' });
    expect(JSON.parse(audit.at(-1)!.changes)).toEqual({
      description: ['Store staff on the web', 'Store staff (web)'],
    });
  });

  it('answers an unknown id with 404', async () => {
    const r = await upsert(admin, { id: 999999, name: 'WebUser', description: 'x' });
    expect(r.status).toBe(404);
    expect(r.body.errorMessages).toEqual([ROLE_MESSAGES.notFound]);
  });
});

describe('DELETE /api/roles/removerole/:id', () => {
  it('refuses a role still in use, saying by how many users', async () => {
    const role = (await roleRow('WebAdmin'))!;
    const { n } = await t.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role_id', '=', role.id)
      .executeTakeFirstOrThrow();
    const r = await remove(admin, role.id);
    expect(r.status).toBe(400);
    // Removal is no form's field: the message alone.
    expect(r.body).toEqual({
      isSuccess: false,
      result: null,
      errorMessages: [ROLE_MESSAGES.inUse(Number(n))],
    });
    expect(r.body.errorMessages[0]).toMatch(/^Role is in use by \d+ users\.$/);
    expect(await roleRow('WebAdmin')).toBeDefined();
  });

  it('removes an unused role and re-creates it; an in-use role keeps its name; audited', async () => {
    const mobile = (await roleRow('MobileUser'))!;
    const webUser = (await roleRow('WebUser'))!;
    // Move MobileUser's holders away so the role is free.
    const holders = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('role_id', '=', mobile.id)
      .execute();
    await t.db.kysely
      .updateTable('users')
      .set({ role_id: webUser.id })
      .where('role_id', '=', mobile.id)
      .execute();

    const removed = await remove(admin, mobile.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ isSuccess: true, result: true, errorMessages: [] });
    expect(await roleRow('MobileUser')).toBeUndefined();
    expect((await remove(admin, mobile.id)).status).toBe(404);
    expect(JSON.parse((await auditOf('role', mobile.id)).at(-1)!.changes)).toMatchObject({
      name: 'MobileUser',
    });
    const listed = await call(t.app, 'listUsersRoles', { session: admin });
    expect(listed.body.result.map((x) => x.name)).not.toContain('MobileUser');

    // An in-use role keeps its name even when the new name is free.
    const inUse = await upsert(admin, { id: webUser.id, name: 'MobileUser', description: 'x' });
    expect(inUse.status).toBe(400);
    expect(inUse.body.errorMessages[0]).toMatch(/^Role is in use by \d+ users\.$/);
    // The new name is what is refused, so the message is the name field's.
    expect(inUse.body.result).toEqual({ fields: { name: inUse.body.errorMessages } });

    const created = await upsert(admin, { id: '', name: 'MobileUser', description: 'Mobile app staff' });
    expect(created.status).toBe(200);
    const role = v.parse(RoleSchema, created.body.result);
    expect(role).toMatchObject({ name: 'MobileUser', description: 'Mobile app staff' });
    expect(role.id).not.toBe(mobile.id);
    expect((await auditOf('role', role.id)).map((a) => a.action)).toEqual(['create']);

    // Its former holders take the re-created role.
    await t.db.kysely
      .updateTable('users')
      .set({ role_id: role.id })
      .where(
        'id',
        'in',
        holders.map((h) => h.id),
      )
      .execute();
    expect((await call(t.app, 'listRoles', { session: admin })).body.result.map((x) => x.name)).toContain(
      'MobileUser',
    );
  });

  it('answers a bad id with 400', async () => {
    expect((await remove(admin, 'abc')).status).toBe(400);
  });
});

describe('GET /api/roles/bulkitemsinsert', () => {
  it('imports the master catalog once: new items inserted, existing ones (name+brand, any case) skipped', async () => {
    const catalog = catalogEntries();
    expect(catalog.length).toBe(264);
    // An item that matches a catalog entry only case-insensitively is still "the same".
    const first = catalog[0]!;
    await t.db.kysely
      .insertInto('items')
      .values({
        name: first.name.toUpperCase(),
        brand: first.brand.toLowerCase(),
        description: 'Already here',
        price: 100,
        mrp: 100,
        qty: '1 kg',
        category: 'Fruits',
        sub_category: 'Fresh Fruits',
        image: '',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const existing = await t.db.kysely.selectFrom('items').select(['name', 'brand']).execute();
    const key = (name: string, brand: string) => `${name.toLowerCase()}|${brand.toLowerCase()}`;
    const have = new Set(existing.map((i) => key(i.name, i.brand)));
    const expectedNew = catalog.filter((e) => !have.has(key(e.name, e.brand))).length;
    expect(expectedNew).toBeGreaterThan(0);
    expect(expectedNew).toBeLessThan(catalog.length);

    const itemsBefore = await count('items');
    const r1 = await bulk(admin);
    expect(r1.status).toBe(200);
    expect(v.parse(BulkInsertResultSchema, r1.body.result)).toEqual({
      inserted: expectedNew,
      skipped: catalog.length - expectedNew,
    });
    expect(await count('items')).toBe(itemsBefore + expectedNew);

    // Prices are stored as exact paise.
    const banana = await t.db.kysely
      .selectFrom('items')
      .selectAll()
      .where('name', '=', 'Banana Robusta')
      .where('brand', '=', 'Fresh Farms')
      .executeTakeFirstOrThrow();
    expect({ price: banana.price, mrp: banana.mrp, sub: banana.sub_category }).toEqual({
      price: 4140,
      mrp: 5000,
      sub: 'Fresh Fruits',
    });

    const r2 = await bulk(admin);
    expect(r2.body).toEqual({
      isSuccess: true,
      result: { inserted: 0, skipped: catalog.length },
      errorMessages: [],
    });
    expect(await count('items')).toBe(itemsBefore + expectedNew);

    const audit = await auditOf('catalog', 0);
    expect(audit.map((a) => [a.action, JSON.parse(a.changes)])).toEqual([
      ['bulk-insert', { inserted: expectedNew, skipped: catalog.length - expectedNew }],
      ['bulk-insert', { inserted: 0, skipped: catalog.length }],
    ]);
    expect(audit[0]).toMatchObject({ user_name: 'Platform Admin' });
    expect(t.logger.entries.filter((e) => e.msg === 'master catalog imported')).toHaveLength(2);
  });
});
