import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  USER_EXISTS_RESULT,
  USER_MESSAGES,
  UserSchema,
  UserUpsertResultSchema,
  type UserUpsertInput,
} from '#contract/users';
import { call, signInWith } from '../../test/harness';
import {
  admin,
  auditOf,
  create,
  editForm,
  getById,
  idOf,
  login,
  newUser,
  remove,
  rowByPhone,
  t,
  upsert,
  userCount,
} from './users.fixtures';

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
      expect(r.body).toEqual({
        isSuccess: false,
        result: { fields: { role: [USER_MESSAGES.unknownRole('MobileUser')] } },
        errorMessages: [USER_MESSAGES.unknownRole('MobileUser')],
      });
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
