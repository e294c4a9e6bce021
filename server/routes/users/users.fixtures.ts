import * as v from 'valibot';
import { expect } from 'vitest';
import { UserSchema, type UserUpsertInput } from '#contract/users';
import { call, type Session, type TestServer } from '../../test/harness';
import { useSuite } from '../../test/suite';

/* What the users suites share: the test server, the admin, and the calls and rows they read. */

export let t: TestServer;
export let admin: Session;
export let anonymous: { csrf: string };
useSuite({}, (s) => {
  ({ t, anonymous } = s);
  admin = s.as.admin;
});

export const getById = (s: { token?: string; csrf?: string }, id: string | number) =>
  call(t.app, 'getUserById', { params: { id }, session: s });
export const upsert = (s: { token?: string; csrf?: string }, body: unknown) =>
  call(t.app, 'upsertUser', { session: s, body });
export const remove = (s: { token?: string; csrf?: string }, id: string | number) =>
  call(t.app, 'removeUser', { params: { id }, session: s });

export const rowByPhone = (phone: string) =>
  t.db.kysely.selectFrom('users').selectAll().where('phone_number', '=', phone).executeTakeFirst();
export const idOf = async (phone: string) => (await rowByPhone(phone))!.id;
export const userCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
export const auditOf = (entityId: number) =>
  t.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'user')
    .where('entity_id', '=', entityId)
    .orderBy('id', 'asc')
    .execute();
export const login = (username: string, password: string) =>
  call(t.app, 'login', { session: anonymous, body: { username, password } });

export let phoneCounter = 0;
/** A valid new-user form with a fresh phone number. */
export function newUser(overrides: Partial<UserUpsertInput> = {}): UserUpsertInput {
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
export async function create(overrides: Partial<UserUpsertInput> = {}) {
  const form = newUser(overrides);
  const r = await upsert(admin, form);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { form, user: v.parse(UserSchema, r.body.result) };
}

/** The edit form of an existing user, as the screen builds it. */
export async function editForm(
  id: number,
  overrides: Partial<UserUpsertInput> = {},
): Promise<UserUpsertInput> {
  const user = v.parse(UserSchema, (await getById(admin, id)).body.result);
  return { ...user, passWord: '', ispasswordchangeconfirms: 'No', ...overrides };
}
