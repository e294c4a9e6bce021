import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asked, store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';
import { LIVE_POLL_MS } from '../queries';

/* The shell's new-order check on screens other than the orders list (issue 16, item 4). */

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const tick = () => act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));
const checks = () => asked('getOrderChanges').map((r) => r.url.searchParams.get('since'));

describe('new-order check in the shell', () => {
  it('counts new orders in the title on the dashboard, rings once, and clears on the orders list', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    signInAs('WebAdmin');
    const { router } = await renderApp('/');
    // The first check asks only for the newest id (a `since` past every id).
    await waitFor(() => expect(checks()).toEqual(['2147483647']));
    store.changes = { latestId: 122, newOrders: 2 };
    await tick();
    await waitFor(() => expect(document.title).toBe('(2) New orders · BlueTik Back Office'));
    expect(checks().at(-1)).toBe('120');
    expect(play).toHaveBeenCalledTimes(1);
    await tick();
    // Still the same two: the title stays, no second ring.
    await waitFor(() => expect(checks()).toHaveLength(3));
    expect(play).toHaveBeenCalledTimes(1);
    await act(() => router.navigate({ to: '/listorders' }));
    await waitFor(() => expect(document.title).toBe('BlueTik Back Office'));
  });

  it('stays silent with the sound switched off in the profile menu (remembered)', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    signInAs('WebUser');
    await renderApp('/');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: /Profile menu/ }));
    const sound = await screen.findByRole('menuitemcheckbox', { name: 'Sound for new orders' });
    expect(sound).toHaveAttribute('aria-checked', 'true');
    await user.click(sound);
    expect(localStorage.getItem('alerts.sound')).toBe('off');
    await waitFor(() => expect(checks()).toHaveLength(1));
    store.changes = { latestId: 121, newOrders: 1 };
    await tick();
    await waitFor(() => expect(document.title).toBe('(1) New order · BlueTik Back Office'));
    expect(play).not.toHaveBeenCalled();
  });
});
