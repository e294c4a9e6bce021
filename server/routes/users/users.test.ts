import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PagedResultSchema } from '#contract/lists';
import { UsersRolesSchema } from '#contract/roles';
import {
  USER_EXISTS_RESULT,
  USER_MESSAGES,
  UserListRowSchema,
  UserSchema,
  UserUpsertResultSchema,
  type UserUpsertInput,
} from '#contract/users';
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
let anonymous: { csrf: string };
beforeAll(async () => {
  t = await createTestServer();
  admin = await signIn(t.app, 'BlueTikAdmin');
  anonymous = { csrf: await anonymousCsrf(t.app) };
});
afterAll(() => t.close());

const getById = (s: { token?: string; csrf?: string }, id: string | number) =>
  call(t.app, 'getUserById', { params: { id }, session: s });
const upsert = (s: { token?: string; csrf?: string }, body: unknown) =>
  call(t.app, 'upsertUser', { session: s, body });
const remove = (s: { token?: string; csrf?: string }, id: string | number) =>
  call(t.app, 'removeUser', { params: { id }, session: s });

const rowByPhone = (phone: string) =>
  t.db.kysely.selectFrom('users').selectAll().where('phone_number', '=', phone).executeTakeFirst();
const idOf = async (phone: string) => (await rowByPhone(phone))!.id;
const userCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditOf = (entityId: number) =>
  t.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'user')
    .where('entity_id', '=', entityId)
    .orderBy('id', 'asc')
    .execute();
const login = (username: string, password: string) =>
  call(t.app, 'login', { session: anonymous, body: { username, password } });

let phoneCounter = 0;
/** A valid new-user form with a fresh phone number. */
function newUser(overrides: Partial<UserUpsertInput> = {}): UserUpsertInput {
  phoneCounter += 1;
  return {
    id: '',
    name: 'Test Store Owner',
    email: 'owner@teststore.example',
    phoneNumber: `97000000${String(phoneCounter).padStart(2, '0')}`,
    passWord: 'Start@123',
    role: 'WebAdmin',
    address1: 'Plot 12, Road 3',
    address2: 'Banjara Hills',
    address3: 'Near Park',
    city: 'Hyderabad',
    state: 'Telangana',
    country: 'India',
    pincode: '500034',
    bussinessName: 'Test Store',
    deleveryMessage: 'Ring the bell',
    bussinessImage: 'test-store',
    deliveryTime: '30',
    deliveryPrice: '25',
    bussinessType: 'Grocery Store',
    description: 'A store made by a test',
    isHomeDeliveryAvailable: 'Yes',
    isActive: 'Yes',
    isOnlinePaymentEnabled: 'No',
    isAddCategoryItems: 'No',
    ispasswordchangeconfirms: 'No',
    ...overrides,
  };
}

/** Creates a user through the API and answers the saved user. */
async function create(overrides: Partial<UserUpsertInput> = {}) {
  const form = newUser(overrides);
  const r = await upsert(admin, form);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { form, user: v.parse(UserSchema, r.body.result) };
}

/** The edit form of an existing user, as the screen builds it. */
async function editForm(id: number, overrides: Partial<UserUpsertInput> = {}): Promise<UserUpsertInput> {
  const user = v.parse(UserSchema, (await getById(admin, id)).body.result);
  return { ...user, passWord: '', ispasswordchangeconfirms: 'No', ...overrides };
}

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

describe('POST /api/user/upsertuser: create', () => {
  it('creates a user with an argon2id hash, who can sign in; audited without the password', async () => {
    const { form, user } = await create({ name: '  New Store Owner ', deliveryPrice: '40' });
    expect(user).toMatchObject({
      name: 'New Store Owner',
      phoneNumber: form.phoneNumber,
      role: 'WebAdmin',
      deliveryTime: 30,
      deliveryPrice: 40,
      isActive: 'Yes',
    });
    const row = (await rowByPhone(form.phoneNumber))!;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.delivery_price).toBe(4000);
    const signedIn = await login(form.phoneNumber, 'Start@123');
    expect(signedIn.status).toBe(200);

    const audit = await auditOf(user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'create',
      user_id: await idOf('9000000001'),
      user_name: 'Platform Admin',
    });
    expect(JSON.parse(audit[0]!.changes)).toMatchObject({ phoneNumber: form.phoneNumber, role: 'WebAdmin' });
    expect(audit[0]!.changes).not.toMatch(/Start@123|argon2/);
  });

  it('answers an existing phone number with success and an empty result, creating nothing', async () => {
    const before = await userCount();
    const auditBefore = (await t.db.kysely.selectFrom('audit_log').select('id').execute()).length;
    const r = await upsert(admin, newUser({ phoneNumber: '9000000003', name: 'Someone Else' }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ isSuccess: true, result: USER_EXISTS_RESULT, errorMessages: [] });
    expect(v.parse(UserUpsertResultSchema, r.body.result)).toBe('');
    expect(await userCount()).toBe(before);
    expect((await rowByPhone('9000000003'))!.name).toBe('Sita Devi');
    expect((await t.db.kysely.selectFrom('audit_log').select('id').execute()).length).toBe(auditBefore);
  });

  it('validates with the contract messages (400), creating nothing', async () => {
    const before = await userCount();
    const empty = await upsert(admin, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessages).toEqual(
      expect.arrayContaining([
        'Name is required.',
        'Email is required.',
        'Phone Number is required',
        'Role is required',
        'Business Name is required.',
        'Is Active is required.',
        'Change Password is required.',
      ]),
    );
    const bad = await upsert(
      admin,
      newUser({
        phoneNumber: '12345',
        passWord: 'abc',
        email: 'not-an-email',
        deliveryTime: '1001',
        pincode: '50A',
        bussinessType: 'x'.repeat(41),
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessages).toEqual(
      expect.arrayContaining([
        'Phone Number must be exactly 10 digits.',
        'Password must be at least 4 characters long.',
        'Please enter a valid email address.',
        'Delivery Time less than or equal to 1000.',
        'Only numbers are allowed.',
        'Business Type cannot be more than 40 characters long.',
      ]),
    );
    // A new user always needs a password, whatever change-password says.
    expect((await upsert(admin, newUser({ passWord: '' }))).body.errorMessages).toEqual([
      'Password is required',
    ]);
    expect((await upsert(admin, newUser({ passWord: 'x'.repeat(17) }))).body.errorMessages).toEqual([
      'Password cannot be more than 16 characters long.',
    ]);
    expect((await upsert(admin, newUser({ role: 'Root' as never }))).body.errorMessages).toEqual([
      'Role is required',
    ]);
    expect((await upsert(admin, newUser({ id: 'abc' }))).body.errorMessages).toEqual(['Invalid id']);
    const notJson = await upsert(admin, '{"name":');
    expect(notJson.status).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('ignores unknown and forbidden fields', async () => {
    const { form, user } = await create({
      password_hash: 'plain-text',
      role_id: 1,
      created_at: '2000-01-01',
      isAdmin: true,
    } as Partial<UserUpsertInput>);
    const row = (await rowByPhone(form.phoneNumber))!;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.role).toBe('WebAdmin');
    expect(row.created_at).not.toBe('2000-01-01');
  });
});

describe('POST /api/user/upsertuser: update', () => {
  it('keeps the password when ispasswordchangeconfirms is No, whatever the box holds', async () => {
    const { form, user } = await create();
    const session = await signInWith(t.app, form.phoneNumber, 'Start@123');
    const hash = (await rowByPhone(form.phoneNumber))!.password_hash;
    const r = await upsert(
      admin,
      await editForm(user.id, {
        name: 'Renamed Owner',
        passWord: 'Other@123',
        ispasswordchangeconfirms: 'No',
      }),
    );
    expect(r.status).toBe(200);
    expect(v.parse(UserSchema, r.body.result).name).toBe('Renamed Owner');
    expect((await rowByPhone(form.phoneNumber))!.password_hash).toBe(hash);
    expect((await login(form.phoneNumber, 'Start@123')).status).toBe(200);
    // No role change, no deactivation, no new password: the session lives on.
    expect((await call(t.app, 'getUserByUserId', { params: { userId: user.id }, session })).status).toBe(200);

    const audit = await auditOf(user.id);
    expect(audit.at(-1)).toMatchObject({ action: 'update' });
    expect(JSON.parse(audit.at(-1)!.changes)).toEqual({ name: ['Test Store Owner', 'Renamed Owner'] });
  });

  it('sets a new password when ispasswordchangeconfirms is Yes: the old fails, the new works', async () => {
    const { form, user } = await create();
    const session = await signInWith(t.app, form.phoneNumber, 'Start@123');
    const missing = await upsert(
      admin,
      await editForm(user.id, { ispasswordchangeconfirms: 'Yes', passWord: '' }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errorMessages).toEqual(['Password is required']);

    const r = await upsert(
      admin,
      await editForm(user.id, { ispasswordchangeconfirms: 'Yes', passWord: 'Fresh@456' }),
    );
    expect(r.status).toBe(200);
    expect((await login(form.phoneNumber, 'Start@123')).status).toBe(401);
    expect((await login(form.phoneNumber, 'Fresh@456')).status).toBe(200);
    // A reset password ends the user's old sessions too.
    expect((await call(t.app, 'getUserByUserId', { params: { userId: user.id }, session })).status).toBe(401);

    const changes = JSON.parse((await auditOf(user.id)).at(-1)!.changes) as Record<string, unknown>;
    expect(changes).toEqual({ password: '[redacted]' });
    expect(JSON.stringify(changes)).not.toMatch(/Fresh@456|argon2/);
  });

  it("deactivation ends the user's sessions and sign-in", async () => {
    const { form, user } = await create();
    const session = await signInWith(t.app, form.phoneNumber, 'Start@123');
    const r = await upsert(admin, await editForm(user.id, { isActive: 'No' }));
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ isActive: 'No' });
    expect((await call(t.app, 'getUserByUserId', { params: { userId: user.id }, session })).status).toBe(401);
    expect((await login(form.phoneNumber, 'Start@123')).status).toBe(401);
    const revoked = await t.db.kysely
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(revoked.every((s) => s.revoked_at !== null)).toBe(true);
  });

  it("a role change ends the user's sessions; the new role applies at the next sign-in", async () => {
    const { form, user } = await create({ role: 'WebUser' });
    const session = await signInWith(t.app, form.phoneNumber, 'Start@123');
    const r = await upsert(admin, await editForm(user.id, { role: 'MobileUser' }));
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ role: 'MobileUser' });
    expect((await call(t.app, 'getUserByUserId', { params: { userId: user.id }, session })).status).toBe(401);
    const again = await signInWith(t.app, form.phoneNumber, 'Start@123');
    expect(
      (await call(t.app, 'getUserByUserId', { params: { userId: user.id }, session: again })).status,
    ).toBe(200);
    expect(JSON.parse((await auditOf(user.id)).at(-1)!.changes)).toEqual({ role: ['WebUser', 'MobileUser'] });
  });

  it("changing the phone to another user's answers the empty result and changes nothing", async () => {
    const { form, user } = await create();
    const r = await upsert(
      admin,
      await editForm(user.id, { phoneNumber: '9000000002', name: 'Should Not Save' }),
    );
    expect(r.body).toEqual({ isSuccess: true, result: '', errorMessages: [] });
    expect((await rowByPhone(form.phoneNumber))!.name).toBe('Test Store Owner');
    expect((await rowByPhone('9000000002'))!.name).toBe('Ravi Kumar');
    // Its own number is not "another user's".
    const same = await upsert(admin, await editForm(user.id, { name: 'Same Phone' }));
    expect(same.body.result).toMatchObject({ name: 'Same Phone' });
  });

  it('answers an unknown id with 404', async () => {
    const r = await upsert(admin, newUser({ id: 999999 }));
    expect(r.status).toBe(404);
    expect(r.body.errorMessages).toEqual([USER_MESSAGES.notFound]);
  });

  it('never deactivates or demotes the last active BlueTikAdmin', async () => {
    const adminId = await idOf('9000000001');
    for (const change of [{ isActive: 'No' }, { role: 'WebAdmin' }] as const) {
      const r = await upsert(admin, await editForm(adminId, change));
      expect(r.status).toBe(400);
      expect(r.body.errorMessages).toEqual([USER_MESSAGES.lastAdmin]);
    }
    const row = (await rowByPhone('9000000001'))!;
    expect(row.is_active).toBe(1);
    // With a second active admin, one of them may be demoted; then the other is the last.
    const { user: second } = await create({ role: 'BlueTikAdmin' });
    expect((await upsert(admin, await editForm(second.id, { role: 'WebAdmin' }))).status).toBe(200);
    expect((await upsert(admin, await editForm(adminId, { isActive: 'No' }))).status).toBe(400);
    // An edit that keeps the last admin active and an admin is fine.
    expect((await upsert(admin, await editForm(adminId, { description: 'Runs the platform' }))).status).toBe(
      200,
    );
    expect((await call(t.app, 'listUsers', { session: admin })).status).toBe(200);
  });

  it('refuses a role name the roles table no longer has', async () => {
    // Free MobileUser (move its only user), then remove the role row itself.
    const mobileId = await idOf('9000000004');
    const webUserRole = await t.db.kysely
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'WebUser')
      .executeTakeFirstOrThrow();
    const mobileRole = await t.db.kysely
      .selectFrom('roles')
      .selectAll()
      .where('name', '=', 'MobileUser')
      .executeTakeFirstOrThrow();
    const moved = (
      await t.db.kysely.selectFrom('users').select('id').where('role_id', '=', mobileRole.id).execute()
    ).map((u) => u.id);
    expect(moved).toContain(mobileId);
    await t.db.kysely
      .updateTable('users')
      .set({ role_id: webUserRole.id })
      .where('id', 'in', moved)
      .execute();
    await t.db.kysely.deleteFrom('roles').where('id', '=', mobileRole.id).execute();
    try {
      const before = await userCount();
      const r = await upsert(admin, newUser({ role: 'MobileUser' }));
      expect(r.status).toBe(400);
      expect(r.body.errorMessages).toEqual([USER_MESSAGES.unknownRole('MobileUser')]);
      expect(await userCount()).toBe(before);
    } finally {
      await t.db.kysely.insertInto('roles').values(mobileRole).execute();
      await t.db.kysely
        .updateTable('users')
        .set({ role_id: mobileRole.id })
        .where('id', 'in', moved)
        .execute();
    }
  });
});

describe('DELETE /api/user/removeuser/:id', () => {
  it('removes a user without orders, with their sessions; audited', async () => {
    const { form, user } = await create();
    await signInWith(t.app, form.phoneNumber, 'Start@123');
    const r = await remove(admin, user.id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ isSuccess: true, result: true, errorMessages: [] });
    expect(await rowByPhone(form.phoneNumber)).toBeUndefined();
    expect(
      await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    expect((await getById(admin, user.id)).status).toBe(404);
    const audit = await auditOf(user.id);
    expect(audit.at(-1)).toMatchObject({ action: 'remove' });
    expect(JSON.parse(audit.at(-1)!.changes)).toMatchObject({ phoneNumber: form.phoneNumber });
    // Removing it again: missing.
    expect((await remove(admin, user.id)).status).toBe(404);
  });

  it('refuses removing oneself', async () => {
    const r = await remove(admin, await idOf('9000000001'));
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual([USER_MESSAGES.removeSelf]);
    expect(await rowByPhone('9000000001')).toBeDefined();
  });

  it('refuses a store that has orders (deactivate it instead)', async () => {
    const id = await idOf('9000000005');
    const { n } = await t.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThan(0);
    const r = await remove(admin, id);
    expect(r.status).toBe(400);
    expect(r.body.errorMessages).toEqual([USER_MESSAGES.hasOrders(Number(n))]);
    expect(await rowByPhone('9000000005')).toBeDefined();
  });

  it('answers a bad id with 400 and a missing one with 404', async () => {
    expect((await remove(admin, 'abc')).status).toBe(400);
    const missing = await remove(admin, 999999);
    expect(missing.status).toBe(404);
    expect(missing.body.errorMessages).toEqual([USER_MESSAGES.notFound]);
  });
});
