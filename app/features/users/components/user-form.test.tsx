import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_EXISTS_RESULT } from '#contract/users';
import { on } from '#mocks/endpoint';
import { server } from '#mocks/server';
import { sent, store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

const posted = () => sent('upsertUser');

async function open(path: string) {
  signInAs('BlueTikAdmin');
  const app = await renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'User Details' });
  return app;
}

type User = Awaited<ReturnType<typeof open>>['user'];
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( ?\\(optional\\))?$`));

async function fill(user: User, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = field(label);
    if (input.tagName === 'SELECT') {
      await user.selectOptions(input, value);
      continue;
    }
    await user.clear(input);
    if (value) {
      await user.click(input);
      await user.paste(value);
    }
  }
}

const validNew = {
  Name: 'Kiran Mart',
  Email: 'kiran@mart.example',
  'Phone Number': '9000000099',
  Role: 'WebAdmin',
  Password: 'Secret1',
  'Business Name': 'Kiran Mart',
};

/** Each field's rules (spec §4): the field, a value it refuses, and the message. */
const RULES: [string, string, string][] = [
  ['Phone Number', '', 'Phone Number is required'],
  ['Phone Number', '98765', 'Phone Number must be exactly 10 digits.'],
  ['Password', '', 'Password is required'],
  ['Password', 'abc', 'Password must be at least 4 characters long.'],
  ['Password', 'x'.repeat(17), 'Password cannot be more than 16 characters long.'],
  ['Email', '', 'Email is required.'],
  ['Email', 'not-an-email', 'Please enter a valid email address.'],
  ['Email', 'a@b.in', 'Email must be at least 10 characters long.'],
  ['Email', `${'x'.repeat(35)}@b.com`, 'Email cannot be more than 40 characters long.'],
  ['Name', '', 'Name is required.'],
  ['Name', 'abc', 'Name must be at least 4 characters long.'],
  ['Name', 'x'.repeat(31), 'Name cannot be more than 30 characters long.'],
  ['Business Name', '', 'Business Name is required.'],
  ['Business Name', 'x'.repeat(31), 'Business Name cannot be more than 30 characters long.'],
  ['Address 1', 'abc', 'Address 1 must be at least 4 characters long.'],
  ['Address 2', 'x'.repeat(41), 'Address 2 cannot be more than 40 characters long.'],
  ['Address 3', 'abc', 'Address 3 must be at least 4 characters long.'],
  ['City', 'abc', 'City must be at least 4 characters long.'],
  ['Pincode', '50A', 'Only numbers are allowed.'],
  ['Pincode', '12345678901', 'Pincode cannot be more than 10 characters long.'],
  ['Delivery Message', 'abc', 'Delivery Message must be at least 4 characters long.'],
  ['Delivery Message', 'x'.repeat(31), 'Delivery Message cannot be more than 30 characters long.'],
  ['Business Image', 'abc', 'Business Image must be at least 4 characters long.'],
  ['Business Image', 'x'.repeat(41), 'Business Image cannot be more than 40 characters long.'],
  ['Delivery Time (minutes)', '1001', 'Delivery Time less than or equal to 1000.'],
  ['Delivery Time (minutes)', '1.5', 'Only numbers are allowed.'],
  ['Delivery Price (Rs)', '1001', 'Delivery Price less than or equal to 1000.'],
  ['Business Type', 'abc', 'Business Type must be at least 4 characters long.'],
  ['Business Type', 'x'.repeat(41), 'Business Type cannot be more than 40 characters long.'],
  ['Description', 'x'.repeat(41), 'Description cannot be more than 40 characters long.'],
];

describe('user form', () => {
  it('new user: two sections, +91 beside the phone, roles from the server, the spec §4 defaults', async () => {
    await open('/adduser');
    expect(screen.getByRole('region', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Store Information' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Personal Information' })).getByText('+91'),
    ).toBeInTheDocument();
    const roles = [...(field('Role') as HTMLSelectElement).options].map((o) => o.text);
    expect(roles).toEqual(['Select a role', ...[...store.roles.values()].map((r) => r.name)]);
    expect(field('Is Home Delivery Available')).toHaveValue('Yes');
    expect(field('Is Active')).toHaveValue('Yes');
    expect(field('Is Online Payment Enabled')).toHaveValue('No');
    expect(field('Is Add Category Items')).toHaveValue('No');
    // A new user always gets a password: no switch.
    expect(screen.queryByRole('switch', { name: /Change Password/ })).not.toBeInTheDocument();
    expect(field('Password')).toBeEnabled();
  });

  // Every rule on one form: each bad value in turn, with the others valid, shows its message
  // on that field and blocks the submit; the field then gets its value back. Rendering the
  // app and filling the form once per rule cost 30 renders (record 080); the last submit,
  // with every value good again, shows the blocks were each rule's own.
  it('each field rule: its message on that field, and submit is blocked', async () => {
    const { user, router } = await open('/adduser');
    await fill(user, validNew);
    for (const [label, value, message] of RULES) {
      const before = (field(label) as HTMLInputElement).value;
      await fill(user, { [label]: value });
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() =>
        expect(field(label), `${label} ${JSON.stringify(value)}`).toHaveAccessibleDescription(
          expect.stringContaining(message),
        ),
      );
      expect(posted(), `${label} ${JSON.stringify(value)}`).toHaveLength(0);
      await fill(user, { [label]: before });
    }
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listusers'));
    expect(posted()).toHaveLength(1);
  }, 60_000);

  it('Role is required', async () => {
    const { user } = await open('/adduser');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Role is required')).toBeInTheDocument();
  });

  it('optional store fields may stay blank; blank delivery time and price are sent as 0', async () => {
    const { user, router } = await open('/adduser');
    await fill(user, { ...validNew, 'Delivery Time (minutes)': '', 'Delivery Price (Rs)': '' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listusers'));
    expect(posted()[0]).toMatchObject({
      id: 0,
      phoneNumber: '9000000099',
      passWord: 'Secret1',
      role: 'WebAdmin',
      deliveryTime: 0,
      deliveryPrice: 0,
      isHomeDeliveryAvailable: 'Yes',
      isActive: 'Yes',
      isOnlinePaymentEnabled: 'No',
      isAddCategoryItems: 'No',
      ispasswordchangeconfirms: 'No',
    });
  });

  it("'User already exists' under the phone number when the server answers empty; no navigation", async () => {
    server.use(on('upsertUser', () => USER_EXISTS_RESULT, { once: true }));
    const { user, router } = await open('/adduser');
    await fill(user, { ...validNew, 'Phone Number': '9000000005' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(field('Phone Number')).toHaveAccessibleDescription(
        expect.stringContaining('User already exists'),
      ),
    );
    expect(router.state.location.pathname).toBe('/adduser');
    // Another number clears the message and saves.
    await fill(user, { 'Phone Number': '9000000098' });
    expect(field('Phone Number')).not.toHaveAccessibleDescription(
      expect.stringContaining('User already exists'),
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listusers'));
  });

  it('edit: the password stays unless Change Password is on', async () => {
    const { user, router } = await open('/users/edit/7');
    expect(field('Name')).toHaveValue(store.users.get(7)!.name);
    const change = screen.getByRole('switch', { name: /Change Password/ });
    expect(change).not.toBeChecked();
    expect(field('Password')).toBeDisabled();
    await user.click(change);
    expect(field('Password')).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(field('Password')).toHaveAccessibleDescription(expect.stringContaining('Password is required')),
    );
    await user.click(change);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listusers'));
    const body = posted()[0] as Record<string, unknown>;
    expect(body.ispasswordchangeconfirms).toBe('No');
    expect(body).not.toHaveProperty('passWord');
  });

  it('edit with Change Password on sends the new password', async () => {
    const { user, router } = await open('/users/edit/7');
    await user.click(screen.getByRole('switch', { name: /Change Password/ }));
    await fill(user, { Password: 'NewPass9' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listusers'));
    expect(posted()[0]).toMatchObject({
      id: 7,
      ispasswordchangeconfirms: 'Yes',
      passWord: 'NewPass9',
    });
  });

  it('Cancel goes to the users list', async () => {
    const { user, router } = await open('/users/edit/7');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listusers'));
  });
});
