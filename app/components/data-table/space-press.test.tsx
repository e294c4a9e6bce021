import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs } from '../../test/render-app';

/* Space acts on the list's buttons and check boxes when pressed, not when released (space-press.ts). */

/** The orders list with Space held down on the control `find` answers (not released yet). */
async function spaceDownOn(find: () => Promise<HTMLElement>) {
  signInAs('BlueTikAdmin');
  const app = await renderApp('/listorders');
  const control = await find();
  control.focus();
  await app.user.keyboard('[Space>]');
  return { ...app, control };
}

describe("Space on the list's controls", () => {
  it('sorts when pressed on a header, and the release does nothing more', async () => {
    const {
      user,
      router,
      control: header,
    } = await spaceDownOn(() => screen.findByRole('button', { name: 'Name' }));
    await waitFor(() => expect(header.closest('th')).toHaveAttribute('aria-sort', 'ascending'));
    await user.keyboard('[/Space]');
    await waitFor(() => expect(router.state.location.search).toHaveProperty('sort', 'orderUserName'));
    expect(header.closest('th')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('ticks a filter box when pressed, once, and a held key repeats nothing', async () => {
    const {
      user,
      router,
      control: box,
    } = await spaceDownOn(() => screen.findByRole('checkbox', { name: 'Delivered' }));
    await waitFor(() => expect(box).toBeChecked());
    // The key held: the browser repeats its keydown.
    fireEvent.keyDown(box, { key: ' ', code: 'Space', repeat: true });
    fireEvent.keyDown(box, { key: ' ', code: 'Space', repeat: true });
    await user.keyboard('[/Space]');
    await waitFor(() => expect(router.state.location.search).toHaveProperty('status', [3]));
    expect(box).toBeChecked();
  });
});
