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
    store.changes = { latestId: 122, newOrders: 2, untaken: 0 };
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
    store.changes = { latestId: 121, newOrders: 1, untaken: 0 };
    await tick();
    await waitFor(() => expect(document.title).toBe('(1) New order · BlueTik Back Office'));
    expect(play).not.toHaveBeenCalled();
  });
});

describe('ringing until taken (issue 28)', () => {
  it('repeats while orders wait, snoozes for five minutes (kept across a reload), stops when taken', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    store.changes = { latestId: 120, newOrders: 0, untaken: 2 };
    signInAs('WebAdmin');
    const { unmount } = await renderApp('/');
    const bar = await screen.findByRole('region', { name: 'Orders waiting' });
    await waitFor(() => expect(bar).toHaveTextContent('2 new orders wait to be taken'));
    const rings = play.mock.calls.length;
    expect(rings).toBeGreaterThanOrEqual(1);
    await tick();
    await tick();
    // One ring every ten seconds, not one per check and timer both.
    expect(play.mock.calls.length - rings).toBe(2);

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Snooze 5 min' }));
    expect(Number(localStorage.getItem('alerts.snoozeUntil'))).toBeGreaterThan(Date.now());
    const snoozedAt = play.mock.calls.length;
    await tick();
    await tick();
    expect(play.mock.calls.length).toBe(snoozedAt);
    // A reload keeps the snooze.
    unmount();
    await renderApp('/');
    expect(await screen.findByText(/^Ringing snoozed until/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ring again' }));
    await tick();
    expect(play.mock.calls.length).toBeGreaterThan(snoozedAt);

    // A colleague takes them: the next check stops the ringing and hides the bar.
    store.changes = { latestId: 120, newOrders: 0, untaken: 0 };
    await tick();
    const stopped = play.mock.calls.length;
    await tick();
    await tick();
    expect(play.mock.calls.length).toBe(stopped);
    expect(screen.queryByRole('region', { name: 'Orders waiting' })).toBeNull();
  });

  it('opening a New Order takes it', async () => {
    store.orders.set(101, { ...store.orders.get(101)!, status: 0 });
    signInAs('WebAdmin');
    await renderApp('/order/edit/101');
    await waitFor(() => expect(asked('takeOrder').map((r) => r.body)).toEqual([{ id: 101 }]));
  });

  it('the read-only role’s look takes nothing', async () => {
    store.orders.set(101, { ...store.orders.get(101)!, status: 0 });
    signInAs('MobileUser');
    await renderApp('/order/edit/101');
    await screen.findByRole('heading', { level: 1, name: /^Order / });
    await tick();
    expect(asked('takeOrder')).toEqual([]);
  });
});
