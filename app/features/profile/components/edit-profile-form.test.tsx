import { screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from '#contract/envelope';
import { GSTIN_MESSAGES, gstinCheckCharacter } from '#contract/tax';
import { url } from '#mocks/endpoint';
import { makeProfile } from '#mocks/factories/accounts';
import { OUTSIDE_CONTRACT } from '#mocks/result-check';
import { server } from '#mocks/server';
import { sent, userByPhone } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

async function openEditProfile() {
  signInAs('WebAdmin');
  const app = await renderApp('/editprofile');
  await screen.findByRole('heading', { name: 'Edit User Details' });
  return app;
}

describe('edit profile', () => {
  it('loads the profile into two sections, with the stored number read-only behind +91', async () => {
    await openEditProfile();
    const personal = screen.getByRole('region', { name: 'Personal Information' });
    const store = screen.getByRole('region', { name: 'Store Information' });
    expect(within(personal).getByLabelText('Name')).toHaveValue('Sunil Store');
    expect(within(personal).getByLabelText('Email')).toHaveValue('store@bluetik.example');
    const phone = within(personal).getByLabelText('Phone Number');
    expect(phone).toHaveValue('9000000002');
    expect(phone).toHaveAttribute('readonly');
    expect(within(personal).getByText('+91')).toBeInTheDocument();
    expect(within(personal).getByLabelText('State')).toHaveValue('Telangana');
    expect(within(personal).getByLabelText('Country')).toHaveValue('India');
    expect(within(store).getByLabelText('Business Name')).toHaveValue('BlueTik Foods');
    expect(within(store).getByLabelText('Delivery Time (minutes)')).toHaveValue('30');
    expect(within(store).getByLabelText('Is Home Delivery Available')).toHaveValue('Yes');
    expect(document.querySelector('input[type=hidden][name=id]')).toHaveValue(
      String(userByPhone('9000000002')!.id),
    );
  });

  it('shows a missing delivery time and price as 0', async () => {
    server.use(
      mswHttp.get(url('getUserByUserId'), () =>
        HttpResponse.json(
          ok({ ...makeProfile(), deliveryTime: null, deliveryPrice: undefined } as unknown as ReturnType<
            typeof makeProfile
          >),
          // Spec §3's older servers: the product's own always sends numbers.
          { headers: OUTSIDE_CONTRACT },
        ),
      ),
    );
    await openEditProfile();
    expect(screen.getByLabelText('Delivery Time (minutes)')).toHaveValue('0');
    expect(screen.getByLabelText('Delivery Price (Rs)')).toHaveValue('0');
  });

  it('validates with the contract messages and sends nothing while invalid', async () => {
    const { user } = await openEditProfile();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Abc');
    await user.clear(screen.getByLabelText('Pincode'));
    await user.type(screen.getByLabelText('Pincode'), '50A');
    await user.clear(screen.getByLabelText('Delivery Price (Rs)'));
    await user.type(screen.getByLabelText('Delivery Price (Rs)'), '1001');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Name must be at least 4 characters long.')).toBeInTheDocument();
    expect(screen.getByText('Only numbers are allowed.')).toBeInTheDocument();
    expect(screen.getByText('Delivery Price less than or equal to 1000.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent('editUserProfile')).toHaveLength(0);
  });

  it('saves every field plus the stored phone number, refreshes the menu name and goes home', async () => {
    const { user, router } = await openEditProfile();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Sunil Kumar');
    await user.selectOptions(screen.getByLabelText('State'), 'Andhra Pradesh');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Sunil Kumar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const bodies = sent('editUserProfile');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      id: userByPhone('9000000002')!.id,
      phoneNumber: '9000000002',
      name: 'Sunil Kumar',
      state: 'Andhra Pradesh',
      deliveryTime: 30,
      deliveryPrice: 20,
      isHomeDeliveryAvailable: 'Yes',
    });
    expect(localStorage.getItem('name')).toBe('Sunil Kumar');
    expect(screen.getByRole('button', { name: /Profile menu/ })).toHaveTextContent('Sunil Kumar');
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
  });

  it('State and Country, blanked and left, say so at once (spec §5: errors show once a field is touched)', async () => {
    const { user } = await openEditProfile();
    for (const [label, message] of [
      ['State', 'State is required.'],
      ['Country', 'Country is required.'],
    ] as const) {
      await user.selectOptions(screen.getByLabelText(label), '');
      await user.tab();
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    }
  });

  it('the tax profile: a bad GSTIN says what is wrong once left; a right one is saved with the FSSAI number', async () => {
    const { user } = await openEditProfile();
    const gstin = screen.getByLabelText(/^GSTIN/);
    await user.type(gstin, '36aapfu0939f1z');
    await user.tab();
    expect(gstin).toHaveAccessibleDescription(expect.stringContaining(GSTIN_MESSAGES.shape));
    const right = `36AAPFU0939F1Z${gstinCheckCharacter('36AAPFU0939F1Z')}`;
    // The state's code must match: this profile is in Telangana (36); Andhra Pradesh is 37.
    await user.clear(gstin);
    await user.type(gstin, right);
    await user.selectOptions(screen.getByLabelText('State'), 'Andhra Pradesh');
    await user.tab();
    await waitFor(() =>
      expect(gstin).toHaveAccessibleDescription(
        expect.stringContaining(GSTIN_MESSAGES.state('Andhra Pradesh', '37')),
      ),
    );
    await user.selectOptions(screen.getByLabelText('State'), 'Telangana');
    await user.type(screen.getByLabelText(/^FSSAI licence number/), '13623011000123');
    await user.selectOptions(screen.getByLabelText('Tax scheme'), 'Composition');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent('editUserProfile')).toHaveLength(1));
    expect(sent('editUserProfile')[0]).toMatchObject({
      gstin: right,
      fssaiNumber: '13623011000123',
      taxScheme: 'Composition',
    });
  });

  it('Cancel goes home without saving', async () => {
    const { user, router } = await openEditProfile();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('leaving a changed profile asks first; Stay keeps the typing, Leave goes home unsaved', async () => {
    const { user, router } = await openEditProfile();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Half Typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave this form?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/editprofile');
    expect(screen.getByLabelText('Name')).toHaveValue('Half Typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave this form?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent('editUserProfile')).toHaveLength(0);
  });
});
