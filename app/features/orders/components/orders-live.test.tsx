import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '#mocks/factories/orders';
import { asked, store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';
import { NEW_ORDERS_CAP } from '#contract/orders';
import { LIVE_POLL_MS } from '../queries';

/*
 * Issue 6 on the orders list: the list is pinned to a snapshot; a poll while the tab is
 * visible announces newer orders and applies them only on "show"; the pinned page also
 * refreshes in the background, keeping the focused row by identity. What arrives and what
 * it counts is the server's (server/routes/orders/orders-live.test.ts); here the mock
 * answers what a test says arrived, and the test watches what the app asks and shows.
 */

beforeEach(() => {
  // Real time still runs (MSW answers on it); the poll's interval is advanced by hand.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  setHidden(false);
});

const grid = () => screen.getByRole('grid', { name: 'Orders' });
const bodyRows = () => within(grid()).getAllByRole('row').slice(1);
const firstOrderNumber = () => within(bodyRows()[0]!).getByText(/^ORD/).textContent;
const banner = () => screen.getByRole('status', { name: '' });
const changesRequests = () => asked('getOrderChanges').map((r) => r.url);
const poll = () => act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));

/** The server now counts `newOrders` newer than the snapshot, the newest being `latestId`. */
function arrive(newOrders: number, latestId = 120 + newOrders) {
  store.changes = { latestId, newOrders, untaken: 0 };
}

/** Orders newer than every stored one join the server's answers, newest first. */
function storeNewest(...ids: number[]) {
  const newest = ids.map((id) =>
    makeOrder(id, { createdDate: new Date(Date.UTC(2025, 6, 1, id % 24)).toISOString() }),
  );
  store.orders = new Map([...newest.reverse(), ...store.orders.values()].map((o) => [o.id, o]));
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  // As browsers fire it: at the document, bubbling to the window (where react-query listens).
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

async function openList(role: 'BlueTikAdmin' | 'WebAdmin' = 'BlueTikAdmin') {
  signInAs(role);
  const app = await renderApp('/listorders');
  await screen.findByRole('grid', { name: 'Orders' });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { ...app, user };
}

describe('orders list live data', () => {
  it('pins the list to the newest order on opening (the snapshot is in the URL)', async () => {
    const { router } = await openList();
    expect(router.state.location.search).toEqual({ upto: 120 });
    // Every list call is the pinned one: no unpinned load before it.
    const lists = asked('listOrders').map((r) => r.url);
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((u) => u.searchParams.get('upto') === '120')).toBe(true);
  });

  it('announces new orders without moving the rows, and "show" applies the new snapshot', async () => {
    const { router, user } = await openList();
    expect(firstOrderNumber()).toBe('ORD000001');
    expect(screen.getByText('1–25 of 120')).toBeInTheDocument();
    expect(banner()).toBeEmptyDOMElement();

    arrive(1);
    await poll();
    await waitFor(() => expect(banner()).toHaveTextContent('1 new order — show'));
    expect(changesRequests().at(-1)!.searchParams.get('since')).toBe('120');
    // The rows and the total have not moved.
    expect(firstOrderNumber()).toBe('ORD000001');
    expect(screen.getByText('1–25 of 120')).toBeInTheDocument();

    arrive(2);
    await poll();
    await waitFor(() => expect(banner()).toHaveTextContent('2 new orders — show'));
    expect(firstOrderNumber()).toBe('ORD000001');

    storeNewest(121, 122);
    const show = within(banner()).getByRole('button', { name: 'show' });
    show.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ upto: 122 }));
    await waitFor(() => expect(screen.getByText('1–25 of 122')).toBeInTheDocument());
    expect(firstOrderNumber()).toBe('ORD000122');
    expect(asked('listOrders').at(-1)!.url.searchParams.get('upto')).toBe('122');
    expect(banner()).toBeEmptyDOMElement();
    // The button is gone: focus is on the first row, not lost to the page.
    await waitFor(() => expect(bodyRows()[0]).toHaveFocus());
  });

  it('asks with the filters, and says 1,000+ when the server reaches its cap', async () => {
    signInAs('BlueTikAdmin');
    const app = await renderApp('/listorders?status=0');
    await screen.findByRole('grid', { name: 'Orders' });
    await poll();
    await waitFor(() => expect(changesRequests().at(-1)!.searchParams.getAll('status')).toEqual(['0']));
    expect(changesRequests().at(-1)!.searchParams.get('since')).toBe('120');
    expect(banner()).toBeEmptyDOMElement();
    arrive(NEW_ORDERS_CAP, 5000);
    await poll();
    await waitFor(() => expect(banner()).toHaveTextContent('1,000+ new orders — show'));
    expect(app.router.state.location.search).toMatchObject({ status: [0], upto: 120 });
  });

  it('keeps the focused row, by identity, through a background refresh', async () => {
    await openList();
    const target = bodyRows()[2]!;
    expect(within(target).getByText('ORD000003')).toBeInTheDocument();
    act(() => target.focus());
    expect(target).toHaveFocus();

    // A colleague removes the first order and moves order 3 to Delivered.
    store.orders.delete(1);
    store.orders.set(3, { ...store.orders.get(3)!, status: 3 });
    await poll();
    await waitFor(() => expect(screen.getByText('1–25 of 119')).toBeInTheDocument());
    const focused = document.activeElement as HTMLElement;
    expect(within(focused).getByText('ORD000003')).toBeInTheDocument();
    expect(within(focused).getByText('Delivered')).toBeInTheDocument();
    expect(focused).toHaveAttribute('data-index', '1');
    expect(focused).toHaveAttribute('tabindex', '0');
    // No dimming or skeleton for a background refresh.
    expect(grid()).toHaveAttribute('aria-busy', 'false');
  });

  it('checks every 30 s while hidden: the title counts new orders and the sound plays', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    await openList();
    await poll();
    const before = changesRequests().length;
    setHidden(true);
    arrive(3);
    await poll();
    await poll();
    // The list's own poll stops with the tab; the slower check waits for 30 s.
    expect(changesRequests()).toHaveLength(before);
    expect(play).not.toHaveBeenCalled();
    await poll();
    await waitFor(() => expect(document.title).toBe('(3) New orders · BlueTik Back Office'));
    expect(changesRequests()).toHaveLength(before + 1);
    expect(changesRequests().at(-1)!.searchParams.get('since')).toBe('120');
    expect(play).toHaveBeenCalledTimes(1);
    // Shown again: the list's banner takes over, the title clears, nothing rings twice.
    setHidden(false);
    await waitFor(() => expect(banner()).toHaveTextContent('3 new orders — show'));
    await waitFor(() => expect(document.title).toBe('BlueTik Back Office'));
    expect(play).toHaveBeenCalledTimes(1);
  });
});
