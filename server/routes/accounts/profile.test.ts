import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema } from '#contract/profile';
import { FSSAI_MESSAGE, GSTIN_MESSAGES, gstinCheckCharacter, TAX_SCHEME_MESSAGE } from '#contract/tax';
import { call, createTestServer, type Session, signIn, type TestServer } from '../../test/harness';

let t: TestServer;
let webUser: Session;
beforeAll(async () => {
  t = await createTestServer();
  webUser = await signIn(t.app, 'WebUser');
});
afterAll(() => t.close());

const read = (s: Session, id: string | number) =>
  call(t.app, 'getUserByUserId', { params: { userId: id }, session: s });
const edit = (s: Session, body: unknown) => call(t.app, 'editUserProfile', { session: s, body });
const row = (phone: string) =>
  t.db.kysely.selectFrom('users').selectAll().where('phone_number', '=', phone).executeTakeFirstOrThrow();

describe('GET /api/accounts/getuserbyuserid/:userId', () => {
  it("answers the caller's own profile by phone number or id, in the contract's shape", async () => {
    const byPhone = await read(webUser, '9000000003');
    expect(byPhone.status).toBe(200);
    const profile = v.parse(v.strictObject(ProfileSchema.entries), byPhone.body.result);
    expect(profile).toMatchObject({
      phoneNumber: '9000000003',
      role: 'WebUser',
      isActive: 'Yes',
      country: 'India',
    });
    expect(JSON.stringify(byPhone.body)).not.toMatch(/argon2|password|hash|jti|token/i);
    const byId = await read(webUser, profile.id);
    expect(byId.body).toEqual(byPhone.body);
  });

  it('shows missing delivery time and price as 0', async () => {
    await t.db.kysely
      .updateTable('users')
      .set({ delivery_time: null, delivery_price: null })
      .where('phone_number', '=', '9000000004')
      .execute();
    const s = await signIn(t.app, 'MobileUser');
    const r = await read(s, '9000000004');
    expect(r.body.result).toMatchObject({ deliveryTime: 0, deliveryPrice: 0 });
  });

  it("answers anyone else's profile as missing (404), even for the admin", async () => {
    const admin = await signIn(t.app, 'BlueTikAdmin');
    for (const [s, id] of [
      [webUser, '9000000002'],
      [webUser, '9999999999'],
      [webUser, '1'],
      [admin, '9000000003'],
    ] as const) {
      const r = await read(s, id);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ isSuccess: false, result: null, errorMessages: ['User Not Found'] });
    }
  });
});

describe('POST /api/accounts/edituserprofile', () => {
  it('saves the caller and answers the saved profile', async () => {
    const current = (await read(webUser, '9000000003')).body.result;
    const r = await edit(webUser, {
      ...current,
      name: '  Sita Devi Rao ',
      deliveryTime: '45',
      deliveryPrice: '25',
      deleveryMessage: '',
      isHomeDeliveryAvailable: 'No',
    });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({
      name: 'Sita Devi Rao',
      deliveryTime: 45,
      deliveryPrice: 25,
      deleveryMessage: '',
      isHomeDeliveryAvailable: 'No',
    });
    expect((await read(webUser, '9000000003')).body.result).toEqual(r.body.result);
    expect((await row('9000000003')).delivery_price).toBe(2500);
  });

  it('ignores identity, role and admin-only flags in the body', async () => {
    const before = await row('9000000003');
    const current = (await read(webUser, '9000000003')).body.result;
    const r = await edit(webUser, {
      ...current,
      id: 1,
      phoneNumber: '9000000001',
      role: 'BlueTikAdmin',
      isActive: 'No',
      isOnlinePaymentEnabled: 'Yes',
      isAddCategoryItems: 'Yes',
      passWord: 'Hacked@123',
      name: 'Sita Edited',
    });
    expect(r.status).toBe(200);
    const after = await row('9000000003');
    expect(after).toMatchObject({
      id: before.id,
      phone_number: '9000000003',
      role_id: before.role_id,
      is_active: 1,
      is_online_payment_enabled: before.is_online_payment_enabled,
      is_add_category_items: before.is_add_category_items,
      password_hash: before.password_hash,
      name: 'Sita Edited',
    });
    // The admin's row is untouched.
    expect((await row('9000000001')).name).toBe('Platform Admin');
    expect(r.body.result).toMatchObject({ role: 'WebUser', isActive: 'Yes', phoneNumber: '9000000003' });
  });

  it('answers bad input with 400 and every message, changing nothing', async () => {
    const before = await row('9000000003');
    const current = (await read(webUser, '9000000003')).body.result;
    const r = await edit(webUser, {
      ...current,
      name: 'abc',
      email: 'not-an-email',
      city: '',
      state: 'Kerala',
      pincode: '12ab',
      deliveryTime: '1001',
      bussinessType: 'x'.repeat(41),
    });
    expect(r.status).toBe(400);
    expect(r.body.isSuccess).toBe(false);
    expect(r.body.errorMessages).toEqual(
      expect.arrayContaining([
        'Name must be at least 4 characters long.',
        'Please enter a valid email address.',
        'City is required.',
        'State is required.',
        'Only numbers are allowed.',
        'Delivery Time less than or equal to 1000.',
        'Business Type cannot be more than 40 characters long.',
      ]),
    );
    expect(await row('9000000003')).toEqual(before);

    const empty = await edit(webUser, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessages).toEqual(
      expect.arrayContaining(['Name is required.', 'Email is required.']),
    );
    expect(empty.body.errorMessages.join(' ')).not.toMatch(/Invalid key/);
    expect(await row('9000000003')).toEqual(before);
  });
});

describe('the store’s tax profile on Edit Profile (issue 28, DECISIONS §9)', () => {
  const ts = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
  const GSTIN = ts('36AAPFU0939F1Z');

  it('saves GSTIN, FSSAI and scheme for the owner and reads them back; blank clears them', async () => {
    const current = (await read(webUser, '9000000003')).body.result;
    const r = await edit(webUser, {
      ...current,
      state: 'Telangana',
      gstin: GSTIN,
      fssaiNumber: '13623011000123',
      taxScheme: 'Composition',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toMatchObject({
      gstin: GSTIN,
      fssaiNumber: '13623011000123',
      taxScheme: 'Composition',
    });
    expect(await row('9000000003')).toMatchObject({ gstin: GSTIN, fssai_number: '13623011000123' });
    const cleared = await edit(webUser, {
      ...r.body.result,
      gstin: '',
      fssaiNumber: '',
      taxScheme: 'Regular',
    });
    expect(cleared.body.result).toMatchObject({ gstin: '', fssaiNumber: '', taxScheme: 'Regular' });
    expect(await row('9000000003')).toMatchObject({ gstin: null, fssai_number: null, tax_scheme: 'Regular' });
  });

  it('a save that leaves the tax keys out (a client older than them) keeps what is stored', async () => {
    const current = (await read(webUser, '9000000003')).body.result;
    await edit(webUser, { ...current, state: 'Telangana', gstin: GSTIN, fssaiNumber: '13623011000123' });
    const {
      gstin: _g,
      fssaiNumber: _f,
      taxScheme: _t,
      ...older
    } = (await read(webUser, '9000000003')).body.result;
    const r = await edit(webUser, { ...older, name: 'Sita Older Tab' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await row('9000000003')).toMatchObject({
      name: 'Sita Older Tab',
      gstin: GSTIN,
      fssai_number: '13623011000123',
    });
  });

  it('refuses a bad GSTIN or FSSAI with the field’s message and stores nothing', async () => {
    const current = (await read(webUser, '9000000003')).body.result;
    const before = await row('9000000003');
    const wrongCheck = GSTIN.slice(0, 14) + (GSTIN[14] === 'A' ? 'B' : 'A');
    for (const [fields, message] of [
      [{ gstin: GSTIN.slice(0, 14) }, GSTIN_MESSAGES.shape],
      [{ gstin: GSTIN.toLowerCase() }, GSTIN_MESSAGES.shape],
      [{ gstin: wrongCheck }, GSTIN_MESSAGES.check],
      [{ gstin: GSTIN, state: 'Andhra Pradesh' }, GSTIN_MESSAGES.state('Andhra Pradesh', '37')],
      [{ fssaiNumber: '1362301100012' }, FSSAI_MESSAGE],
      [{ taxScheme: 'Special' }, TAX_SCHEME_MESSAGE],
    ] as const) {
      const r = await edit(webUser, { ...current, state: 'Telangana', ...fields });
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.body.errorMessages).toEqual([message]);
    }
    expect(await row('9000000003')).toEqual(before);
  });
});
