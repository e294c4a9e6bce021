import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PagedResultSchema } from '#contract/lists';
import { UsersRolesSchema } from '#contract/roles';
import { USER_MESSAGES, UserListRowSchema, UserSchema } from '#contract/users';
import { call, send, signIn, signInWith } from '../../test/harness';
import { admin, anonymous, getById, idOf, newUser, rowByPhone, t, userCount } from './users.fixtures';

describe('permissions (DECISIONS §2: users are BlueTikAdmin only)', () => {
  const calls = [
    ['GET', '/api/user/listusers'],
    ['GET', '/api/user/listusers?page=1'],
    ['GET', '/api/user/getuserbyid/2'],
    ['GET', '/api/user/listusersroles'],
    ['POST', '/api/user/upsertuser'],
    ['DELETE', '/api/user/removeuser/2'],
  ] as const;

  it('refuses anonymous callers with 401', async () => {
    for (const [method, path] of calls) {
      const r = await send(t.app, method, path, {
        session: anonymous,
        body: method === 'POST' ? {} : undefined,
      });
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.body.isSuccess).toBe(false);
    }
  });

  it('refuses WebAdmin (stores A and B), WebUser and MobileUser with 403, changing nothing', async () => {
    const sessions = [
      await signIn(t.app, 'WebAdmin'),
      await signInWith(t.app, '9000000005', 'Store@123'),
      await signIn(t.app, 'WebUser'),
      await signIn(t.app, 'MobileUser'),
    ];
    const before = await userCount();
    for (const s of sessions) {
      for (const [method, path] of calls) {
        const body = method === 'POST' ? newUser() : undefined;
        const r = await send(t.app, method, path, { session: s, body });
        expect(r.status, `${s.result.userId} ${method} ${path}`).toBe(403);
        expect(r.body).toMatchObject({ isSuccess: false, result: null });
      }
    }
    expect(await userCount()).toBe(before);
    expect(await rowByPhone('9000000002')).toBeDefined();
  });
});

describe('GET /api/user/listusers', () => {
  it('answers every user as a plain array with the Type column, never a hash', async () => {
    const r = await call(t.app, 'listUsers', { session: admin });
    expect(r.status).toBe(200);
    const rows = v.parse(v.array(v.strictObject(UserListRowSchema.entries)), r.body.result);
    expect(rows.length).toBe(await userCount());
    expect(rows.find((u) => u.phoneNumber === '9000000001')).toMatchObject({
      type: 'BlueTikAdmin',
      name: 'Platform Admin',
      bussinessName: 'BlueTik Platform',
      isActive: 'Yes',
    });
    expect(rows.find((u) => u.phoneNumber === '9000000004')?.type).toBe('MobileUser');
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|password|hash/i);
  });

  it('pages, sorts and filters: { rows, total, page, pageSize }', async () => {
    const all = v.parse(
      v.array(UserListRowSchema),
      (await call(t.app, 'listUsers', { session: admin })).body.result,
    );
    const page1 = await call(t.app, 'listUsers', {
      query: { page: '1', pageSize: '3', sort: 'name', order: 'asc' },
      session: admin,
    });
    expect(page1.status).toBe(200);
    const p1 = v.parse(PagedResultSchema(v.strictObject(UserListRowSchema.entries)), page1.body.result);
    expect(p1).toMatchObject({ total: all.length, page: 1, pageSize: 3 });
    expect(p1.rows).toHaveLength(3);
    const page2 = v.parse(
      PagedResultSchema(UserListRowSchema),
      (
        await call(t.app, 'listUsers', {
          query: { page: '2', pageSize: '3', sort: 'name', order: 'asc' },
          session: admin,
        })
      ).body.result,
    );
    const byName = [...all].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    expect([...p1.rows, ...page2.rows].map((u) => u.id)).toEqual(byName.slice(0, 6).map((u) => u.id));

    const desc = v.parse(
      PagedResultSchema(UserListRowSchema),
      (
        await call(t.app, 'listUsers', {
          query: { sort: 'type', order: 'desc', pageSize: '500' },
          session: admin,
        })
      ).body.result,
    );
    expect(desc.rows[0]!.type).toBe('WebUser');
    expect(desc.rows.at(-1)!.type).toBe('BlueTikAdmin');

    const webAdmins = (await call(t.app, 'listUsers', { query: { type: 'WebAdmin' }, session: admin })).body
      .result;
    expect(webAdmins.total).toBe(all.filter((u) => u.type === 'WebAdmin').length);
    expect(webAdmins.rows.every((u: { type: string }) => u.type === 'WebAdmin')).toBe(true);
    expect(
      (await call(t.app, 'listUsers', { query: { isActive: 'No' }, session: admin })).body.result.total,
    ).toBe(all.filter((u) => u.isActive === 'No').length);
  });

  it('searches name, email, phone and business name case-insensitively (q)', async () => {
    const search = async (q: string) =>
      (await call(t.app, 'listUsers', { query: { q: q }, session: admin })).body.result.rows.map(
        (u) => u.phoneNumber,
      );
    expect(await search('FRESH MART')).toEqual(['9000000002']);
    expect(await search('sita@DAILY')).toEqual(['9000000003']);
    expect(await search('9000000004')).toEqual(['9000000004']);
    expect(await search('arjun')).toEqual(['9000000004']);
    // LIKE wildcards are literal text, not patterns.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('answers bad paging, sort and filter parameters with 400 and the contract messages', async () => {
    const r = await call(t.app, 'listUsers', {
      query: {
        page: '0',
        pageSize: '501',
        sort: 'password_hash',
        order: 'up',
        type: 'Root',
        isActive: 'maybe',
      },
      session: admin,
    });
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual([
      'Page must be a whole number of at least 1.',
      'Page size must be between 1 and 500.',
      'Sort must be one of: type, name, email, bussinessName, isHomeDeliveryAvailable, isActive, isOnlinePaymentEnabled.',
      'Order must be asc or desc.',
      'Type must be a role name.',
      'Is Active must be Yes or No.',
    ]);
  });
});

describe('GET /api/user/getuserbyid/:id and /api/user/listusersroles', () => {
  it("answers a user in the contract's shape, never a hash", async () => {
    const id = await idOf('9000000002');
    const r = await getById(admin, id);
    expect(r.status).toBe(200);
    const user = v.parse(v.strictObject(UserSchema.entries), r.body.result);
    expect(user).toMatchObject({
      id,
      phoneNumber: '9000000002',
      role: 'WebAdmin',
      isAddCategoryItems: 'Yes',
    });
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|password|hash|token/i);
  });

  it('answers a missing user with 404 and a bad id with 400', async () => {
    expect((await getById(admin, 999999)).body).toEqual({
      isSuccess: false,
      result: null,
      errorMessages: [USER_MESSAGES.notFound],
    });
    expect((await getById(admin, 999999)).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '1e3']) {
      const r = await getById(admin, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.errorMessages).toEqual(['Invalid id']);
    }
  });

  it('lists the roles the user form offers, each with its name', async () => {
    const r = await call(t.app, 'listUsersRoles', { session: admin });
    expect(r.status).toBe(200);
    expect(v.parse(UsersRolesSchema, r.body.result).map((x) => x.name)).toEqual([
      'BlueTikAdmin',
      'WebAdmin',
      'WebUser',
      'MobileUser',
    ]);
  });
});
