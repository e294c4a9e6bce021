import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { asked, store } from '#mocks/store';
import { renderApp, signInAs } from '../../test/render-app';

// The palette's chunk (cmdk) loads on first use; a loaded machine may take a few seconds.
const LAZY = { timeout: 8000 };
const palette = () => screen.getByRole('dialog', { name: 'Command palette' });
const paletteOpen = () =>
  document.querySelector('dialog[aria-label="Command palette"]')?.hasAttribute('open');
const options = () =>
  within(palette())
    .getAllByRole('option')
    .map((o) => o.textContent);

async function openOn(path: string, role: Parameters<typeof signInAs>[0] = 'BlueTikAdmin') {
  signInAs(role);
  const app = await renderApp(path);
  await screen.findByRole('button', { name: /Search or jump to/ });
  return app;
}

describe('command palette', () => {
  it('opens with Ctrl+K on the typed field, offers the role’s screens and actions, Enter goes', async () => {
    const { user, router } = await openOn('/');
    await user.keyboard('{Control>}k{/Control}');
    const input = within(await screen.findByRole('dialog', { name: 'Command palette' }, LAZY)).getByRole(
      'combobox',
    );
    await waitFor(() => expect(input).toHaveFocus());
    expect(options()).toEqual([
      'Dashboard',
      'Orders',
      'Categories',
      'Items',
      'Users',
      'Roles',
      'New item',
      'New user',
      'Edit profile',
      'Change password',
      'Log out',
    ]);
    await user.type(input, 'item');
    expect(options()).toEqual(['Items', 'New item']);
    // The active option is announced through the combobox.
    expect(within(palette()).getByRole('option', { name: 'Items' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/listitems'));
    expect(paletteOpen()).toBe(false);
  });

  it('offers a WebUser no administration and no new item', async () => {
    const { user } = await openOn('/', 'WebUser');
    await user.click(screen.getByRole('button', { name: /Search or jump to/ }));
    await screen.findByRole('dialog', { name: 'Command palette' }, LAZY);
    expect(options()).toEqual([
      'Dashboard',
      'Orders',
      'Categories',
      'Items',
      'Edit profile',
      'Change password',
      'Log out',
    ]);
  });

  it('finds orders through the orders search and opens one with Enter', async () => {
    const { user, router } = await openOn('/');
    await user.keyboard('{Control>}k{/Control}');
    const input = within(await screen.findByRole('dialog', { name: 'Command palette' }, LAZY)).getByRole(
      'combobox',
    );
    // A first answer (for "00") is on screen before the last one (for "0012") arrives.
    await user.type(input, '00');
    await within(palette()).findAllByRole('option', { name: /^ORD000001/ });
    // (The mocks do not search: the next answer differs because the first eleven are gone.)
    for (let id = 1; id <= 11; id++) store.orders.delete(id);
    await user.type(input, '12');
    await within(palette()).findByRole('option', { name: /^ORD000012/ });
    const found = within(palette()).getAllByRole('option', { name: /^ORD\d+/ });
    // The server's search answers; the palette asks it with what was typed, a few at a time.
    const query = new URL(asked('listOrders').at(-1)!.url).searchParams;
    expect([query.get('q'), query.get('pageSize')]).toEqual(['0012', '6']);
    const id = Number(found[0]!.textContent!.match(/ORD(\d+)/)![1]);
    // The first order of the last answer is the active one: Enter takes it, no arrows needed.
    expect(found[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order/edit/${id}`));
  });

  it('Ctrl+K again closes it (Escape is the native dialog’s, checked in the browser)', async () => {
    const { user } = await openOn('/');
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Command palette' }, LAZY);
    expect(paletteOpen()).toBe(true);
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(paletteOpen()).toBe(false));
  });
});

describe('go keys', () => {
  it('g then o opens the orders, g then u the users for the admin only', async () => {
    const { user, router } = await openOn('/');
    await user.keyboard('go');
    await waitFor(() => expect(router.state.location.pathname).toBe('/listorders'));
    // The list takes the focus on arrival: the next keys are the grid's.
    await waitFor(() => expect(document.activeElement?.closest('tbody')).not.toBeNull());
    await user.keyboard('gu');
    await waitFor(() => expect(router.state.location.pathname).toBe('/listusers'));
  });

  it('do nothing for a WebUser’s admin letters, or while typing', async () => {
    const { user, router } = await openOn('/changepassword', 'WebUser');
    await user.keyboard('gu');
    expect(router.state.location.pathname).toBe('/changepassword');
    act(() => screen.getByLabelText('Current Password').focus());
    await user.keyboard('go');
    expect(router.state.location.pathname).toBe('/changepassword');
  });
});
