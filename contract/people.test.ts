import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BulkInsertResultSchema, RoleSchema, RoleUpsertSchema, UsersRolesSchema } from './roles';
import {
  NEW_USER_DEFAULTS,
  passwordRequired,
  userFormValues,
  UserListRowSchema,
  UserSchema,
  UserUpsertSchema,
  type User,
  type UserUpsertInput,
} from './users';

/** What a caller sees: each field's messages, by dot path. */
function errors(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const r = v.safeParse(schema, input);
  const out: Record<string, string[]> = {};
  for (const issue of r.issues ?? []) (out[v.getDotPath(issue) ?? ''] ??= []).push(issue.message);
  return out;
}

const newUser: UserUpsertInput = {
  ...userFormValues(),
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  phoneNumber: '9000000011',
  passWord: 'secret1',
  role: 'WebAdmin',
  bussinessName: 'Ravi Stores',
};

describe('UserUpsertSchema', () => {
  it('starts a new user with the spec §4 defaults, and a filled form validates', () => {
    expect(userFormValues()).toMatchObject({
      isHomeDeliveryAvailable: 'Yes',
      isActive: 'Yes',
      ispasswordchangeconfirms: 'No',
      isOnlinePaymentEnabled: 'No',
      isAddCategoryItems: 'No',
    });
    expect(NEW_USER_DEFAULTS.isActive).toBe('Yes');
    const out = v.parse(UserUpsertSchema, newUser);
    expect(out).toMatchObject({
      id: 0,
      passWord: 'secret1',
      deliveryTime: 0,
      deliveryPrice: 0,
      address1: '',
    });
  });

  it('gives the spec messages for the required fields', () => {
    const blank = errors(UserUpsertSchema, {
      ...newUser,
      phoneNumber: '',
      email: '',
      role: '',
      name: '',
      bussinessName: '',
    });
    expect(blank).toMatchObject({
      name: ['Name is required.'],
      phoneNumber: ['Phone Number is required'],
      role: ['Role is required'],
      bussinessName: ['Business Name is required.'],
    });
    // The email rule is the profile's own (profile.ts); the form shows its first message.
    expect(blank.email?.[0]).toBe('Email is required.');
    expect(
      errors(UserUpsertSchema, { ...newUser, phoneNumber: '+919000000011', email: 'not-an-email-at-all' }),
    ).toEqual({
      phoneNumber: ['Phone Number must be exactly 10 digits.'],
      email: ['Please enter a valid email address.'],
    });
    expect(errors(UserUpsertSchema, { ...newUser, name: 'abc', bussinessName: 'x'.repeat(31) })).toEqual({
      name: ['Name must be at least 4 characters long.'],
      bussinessName: ['Business Name cannot be more than 30 characters long.'],
    });
  });

  it('lets the store fields be blank but bounds them when given', () => {
    expect(
      errors(UserUpsertSchema, {
        ...newUser,
        address1: 'abc',
        address3: 'x'.repeat(41),
        city: 'abc',
        pincode: '12a',
        deleveryMessage: 'abc',
        bussinessImage: 'x'.repeat(41),
        deliveryTime: '1001',
        deliveryPrice: '2.5',
        bussinessType: 'x'.repeat(41),
        description: 'abc',
        state: 'Kerala',
      }),
    ).toEqual({
      address1: ['Address 1 must be at least 4 characters long.'],
      address3: ['Address 3 cannot be more than 40 characters long.'],
      city: ['City must be at least 4 characters long.'],
      state: ['State must be Telangana or Andhra Pradesh.'],
      pincode: ['Only numbers are allowed.'],
      deleveryMessage: ['Delivery Message must be at least 4 characters long.'],
      // DECISIONS §5: the business-image errors belong to the business-image field.
      bussinessImage: ['Business Image cannot be more than 40 characters long.'],
      deliveryTime: ['Delivery Time less than or equal to 1000.'],
      deliveryPrice: ['Only numbers are allowed.'],
      // DECISIONS §5: the message says 40, matching the rule.
      bussinessType: ['Business Type cannot be more than 40 characters long.'],
      description: ['Description must be at least 4 characters long.'],
    });
    expect(errors(UserUpsertSchema, { ...newUser, pincode: '12345678901' })).toEqual({
      pincode: ['Pincode cannot be more than 10 characters long.'],
    });
    const { deliveryTime: _t, deliveryPrice: _p, ...withoutDelivery } = newUser;
    expect(v.parse(UserUpsertSchema, withoutDelivery)).toMatchObject({ deliveryTime: 0, deliveryPrice: 0 });
  });

  it('requires a 4–16 character password for a new user', () => {
    expect(errors(UserUpsertSchema, { ...newUser, passWord: '' })).toEqual({
      passWord: ['Password is required'],
    });
    expect(errors(UserUpsertSchema, { ...newUser, passWord: 'abc' })).toEqual({
      passWord: ['Password must be at least 4 characters long.'],
    });
    expect(errors(UserUpsertSchema, { ...newUser, passWord: 'x'.repeat(17) })).toEqual({
      passWord: ['Password cannot be more than 16 characters long.'],
    });
    expect(v.parse(UserUpsertSchema, { ...newUser, passWord: ' spaced ' }).passWord).toBe(' spaced ');
  });

  it('for an existing user checks and sets the password only when change-password is Yes', () => {
    const existing = { ...newUser, id: 12, passWord: '' };
    expect(v.parse(UserUpsertSchema, existing).passWord).toBeUndefined();
    expect(v.parse(UserUpsertSchema, { ...existing, passWord: 'ab' }).passWord).toBeUndefined();
    expect(errors(UserUpsertSchema, { ...existing, ispasswordchangeconfirms: 'Yes' })).toEqual({
      passWord: ['Password is required'],
    });
    expect(
      v.parse(UserUpsertSchema, { ...existing, ispasswordchangeconfirms: 'Yes', passWord: 'newpass' })
        .passWord,
    ).toBe('newpass');
    expect(passwordRequired({ id: '', ispasswordchangeconfirms: 'No' })).toBe(true);
    expect(passwordRequired({ id: 3, ispasswordchangeconfirms: 'No' })).toBe(false);
    expect(passwordRequired({ id: 3, ispasswordchangeconfirms: 'Yes' })).toBe(true);
  });

  it('requires each Yes/No flag', () => {
    expect(
      errors(UserUpsertSchema, { ...newUser, isActive: 'Maybe', ispasswordchangeconfirms: undefined }),
    ).toEqual({
      isActive: ['Is Active is required.'],
      ispasswordchangeconfirms: ['Change Password is required.'],
    });
  });
});

const user: User = {
  id: 12,
  version: 4,
  gstin: '',
  fssaiNumber: '',
  taxScheme: 'Regular',
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  phoneNumber: '9000000011',
  role: 'WebAdmin',
  address1: '1 Main Road',
  address2: 'Near Park',
  address3: 'Ward 4',
  city: 'Hyderabad',
  state: 'Telangana',
  country: 'India',
  pincode: '500001',
  bussinessName: 'Ravi Stores',
  deleveryMessage: 'Leave at door',
  bussinessImage: 'ravi',
  deliveryTime: 30,
  deliveryPrice: 40,
  bussinessType: 'Grocery',
  description: 'Daily needs',
  isHomeDeliveryAvailable: 'Yes',
  isActive: 'Yes',
  isOnlinePaymentEnabled: 'No',
  isAddCategoryItems: 'No',
};

describe('user results never carry a password', () => {
  it('UserSchema and UserListRowSchema drop password fields a row may carry', () => {
    const out = v.parse(UserSchema, { ...user, passWord: 'hash', passwordHash: 'x' });
    expect(out).toEqual(user);
    expect(Object.keys(UserSchema.entries).filter((k) => /pass/i.test(k))).toEqual([]);
    const row = {
      id: 12,
      type: 'WebAdmin',
      name: 'Ravi',
      email: 'ravi@example.com',
      phoneNumber: '9000000011',
      bussinessName: 'Ravi Stores',
      isHomeDeliveryAvailable: 'Yes',
      isActive: 'No',
      isOnlinePaymentEnabled: 'No',
    };
    expect(v.parse(UserListRowSchema, { ...row, passWord: 'x' })).toEqual(row);
  });

  it('an edit form starts from the user with a blank password and change-password No', () => {
    const values = userFormValues(user);
    expect(values).toMatchObject({ id: 12, passWord: '', ispasswordchangeconfirms: 'No', deliveryTime: 30 });
    expect(v.parse(UserUpsertSchema, values).passWord).toBeUndefined();
  });
});

describe('roles', () => {
  it('RoleUpsertSchema gives the spec messages', () => {
    expect(errors(RoleUpsertSchema, { name: '', description: '' })).toEqual({
      name: ['Role is required'],
      description: ['Description is required'],
    });
    expect(errors(RoleUpsertSchema, {})).toEqual({
      name: ['Role is required'],
      description: ['Description is required'],
    });
    expect(errors(RoleUpsertSchema, { name: 'SuperUser', description: 'x'.repeat(41) })).toEqual({
      name: ['Role is required'],
      description: ['Description cannot be more than 40 characters long.'],
    });
  });

  it('accepts each of the four role types', () => {
    for (const name of ['BlueTikAdmin', 'WebAdmin', 'WebUser', 'MobileUser']) {
      expect(v.parse(RoleUpsertSchema, { id: '', name, description: 'A' })).toEqual({
        id: 0,
        name,
        description: 'A',
      });
    }
  });

  it('results: role, bulk insert counts, listusersroles', () => {
    expect(v.parse(RoleSchema, { id: 1, name: 'WebUser', description: 'Staff', version: 2 })).toEqual({
      id: 1,
      name: 'WebUser',
      description: 'Staff',
      version: 2,
    });
    // A role without its version, or with version 0, is not a role the server answers.
    expect(v.safeParse(RoleSchema, { id: 1, name: 'WebUser', description: 'Staff' }).success).toBe(false);
    expect(
      v.safeParse(RoleSchema, { id: 1, name: 'WebUser', description: 'Staff', version: 0 }).success,
    ).toBe(false);
    expect(v.parse(BulkInsertResultSchema, { inserted: 180, skipped: 20 })).toEqual({
      inserted: 180,
      skipped: 20,
    });
    expect(v.safeParse(BulkInsertResultSchema, { inserted: -1, skipped: 0 }).success).toBe(false);
    // The server sends each role's id and name (its description is not part of the result).
    expect(v.parse(UsersRolesSchema, [{ id: 1, name: 'WebAdmin', description: 'x' }])).toEqual([
      { id: 1, name: 'WebAdmin' },
    ]);
  });
});
