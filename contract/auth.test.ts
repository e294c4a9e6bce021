import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChangePasswordSchema, LoginSchema } from './auth';
import { EditProfileSchema } from './profile';
import { issueMessages } from './envelope';
import { can, grantOf, PERMISSIONS } from './permissions';
import { ENDPOINTS, apiPath } from './endpoints';

const messages = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? [] : issueMessages(r.issues);
};

describe('LoginSchema', () => {
  it('gives the spec messages', () => {
    expect(messages(LoginSchema, {})).toEqual(['Mobile number is required', 'Password is required']);
    expect(messages(LoginSchema, { username: '12345', password: 'x' })).toEqual([
      'Mobile number should be 10 digit',
    ]);
  });
  it('accepts +91 and 0 prefixes and defaults rememberme to false', () => {
    for (const username of ['9000000001', '+919000000001', '09000000001']) {
      expect(v.parse(LoginSchema, { username, password: 'p' })).toEqual({
        username,
        password: 'p',
        rememberme: false,
      });
    }
  });
  it('accepts a 64-character password untouched', () => {
    const password = 'x'.repeat(63) + ' ';
    expect(v.parse(LoginSchema, { username: '9000000001', password }).password).toBe(password);
  });
});

describe('ChangePasswordSchema', () => {
  it('requires all three with the spec messages', () => {
    expect(messages(ChangePasswordSchema, {})).toEqual([
      'Current Password is required',
      'New Password is required',
      'Confirm Password is required',
    ]);
  });
  it('refuses a mismatch on the confirm field', () => {
    const r = v.safeParse(ChangePasswordSchema, {
      currentpassword: 'a',
      newpassword: 'b',
      confirmpassword: 'c',
    });
    expect(r.success).toBe(false);
    expect(r.issues?.[0]?.message).toBe('Password and Confirm Password must be same.');
    expect(v.getDotPath(r.issues![0]!)).toBe('confirmpassword');
  });
});

describe('EditProfileSchema', () => {
  it('gives one message for a blank email', () => {
    const m = messages(EditProfileSchema, { email: '' });
    expect(m.filter((x) => x.startsWith('Email') || x.includes('email'))).toEqual(['Email is required.']);
  });
  it('keeps deleveryMessage optional but bounded', () => {
    expect(messages(EditProfileSchema, { deleveryMessage: 'ab' })).toContain(
      'Delivery Message must be at least 4 characters long.',
    );
    expect(messages(EditProfileSchema, {})).not.toContain('Delivery Message is required.');
  });
});

describe('permissions and endpoints', () => {
  it('names an action from the table for every non-public endpoint', () => {
    for (const [name, ep] of Object.entries(ENDPOINTS)) {
      if (ep.action === 'public') continue;
      expect(Object.keys(PERMISSIONS), name).toContain(ep.action);
    }
  });
  it('denies unknown roles and actions', () => {
    expect(grantOf('Nobody', 'orders.read')).toBe('no');
    expect(grantOf('BlueTikAdmin', 'no.such.action')).toBe('no');
    expect(can('', 'orders.read')).toBe(false);
    expect(can('WebAdmin', 'categories.upsert')).toBe(false);
    expect(can('WebAdmin', 'categories.upsert', { isAddCategoryItems: true })).toBe(true);
    expect(can('WebAdmin', 'users.manage')).toBe(false);
    expect(can('BlueTikAdmin', 'users.manage')).toBe(true);
  });
  it('builds relative URLs with params and query', () => {
    expect(apiPath('getOrderById', { id: 7 })).toBe('orders/getorderbyid/7');
    expect(apiPath('listOrders', {}, { status: [0, 2], q: 'a b', page: 1, x: undefined })).toBe(
      'orders/listorders?status=0&status=2&q=a+b&page=1',
    );
  });
});
