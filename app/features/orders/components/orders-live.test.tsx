import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrderRow } from '../../../../mocks/lists/fixtures';
import { listHandlers, listState, resetListState } from '../../../../mocks/lists/handlers';
import { server } from '../../../../mocks/server';
import { renderApp, signInAs } from '../../../test/render-app';
import { LIVE_POLL_MS } from '../queries';

/*
 * Issue 6 on the orders list: the list is pinned to a snapshot; a poll while the tab is
 * visible announces newer orders and applies them only on "show"; the pinned page also
 * refreshes in the background, keeping the focused row by identity.
 */

beforeEach(() => {
  resetListState();
  server.use(...listHandlers);
  // Real time still runs (MSW answers on it); the poll's interval is advanced by hand.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  setHidden(false);
});

const grid = () => screen.getByRole('grid', { name: 'Orders' });
const bodyRows = () => within(grid()).getAllByRole('row').slice(1);
const firstOrderNumber = () => within(bodyRows()[0]!).getByText(/^ORD-/).textContent;
const banner = () => screen.getByRole('status', { name: '' });
const changesRequests = () => listState.requests.filter((u) => u.pathname.endsWith('/getchanges'));
const poll = () => act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));

/** An order newer than every fixture (the fixtures go back a day per id from 2025-06-30). */
function arrive(id: number, overrides: Parameters<typeof makeOrderRow>[1] = {}) {
  listState.orders.push(
    makeOrderRow(id, { createdDate: new Date(Date.UTC(2025, 6, 1, id % 24)).toISOString(), ...overrides }),
  );
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
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
    const lists = listState.requests.filter((u) => u.pathname.endsWith('/listorders'));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((u) => u.searchParams.get('upto') === '120')).toBe(true);
  });

  it('announces new orders without moving the rows, and "show" applies the new snapshot', async () => {
    const { router, user } = await openList();
    expect(firstOrderNumber()).toBe('ORD-1001');
    expect(screen.getByText('1–25 of 120')).toBeInTheDocument();
    expect(banner()).toBeEmptyDOMElement();

    arrive(121);
    await poll();
    await waitFor(() => expect(banner()).toHaveTextContent('1 new order — show'));
    expect(changesRequests().at(-1)!.searchParams.get('since')).toBe('120');
    // The rows and the total have not moved.
    expect(firstOrderNumber()).toBe('ORD-1001');
    expect(screen.getByText('1–25 of 120')).toBeInTheDocument();

    arrive(122);
    await poll();
    await waitFor(() => expect(banner()).toHaveTextContent('2 new orders — show'));
    expect(firstOrderNumber()).toBe('ORD-1001');

    const show = within(banner()).getByRole('button', { name: 'show' });
    show.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ upto: 122 }));
    await waitFor(() => expect(screen.getByText('1–25 of 122')).toBeInTheDocument());
    expect(['ORD-1121', 'ORD-1122']).toContain(firstOrderNumber());
    expect(banner()).toBeEmptyDOMElement();
    // The button is gone: focus is on the first row, not lost to the page.
    await waitFor(() => expect(bodyRows()[0]).toHaveFocus());
  });

  it('counts only what matches the filters, and says 1000+ past the cap', async () => {
    signInAs('BlueTikAdmin');
    const app = await renderApp('/listorders?status=0');
    await screen.findByRole('grid', { name: 'Orders' });
    arrive(121, { status: 3 });
    await poll();
    await waitFor(() => expect(changesRequests().at(-1)!.searchParams.getAll('status')).toEqual(['0']));
    expect(banner()).toBeEmptyDOMElement();
    for (let id = 122; id < 1200; id++) arrive(id, { status: 0 });
    await poll();
    await waitFor(() => expect(banner()).toHaveTextContent('1000+ new orders — show'));
    expect(app.router.state.location.search).toMatchObject({ status: [0], upto: 120 });
  });

  it("never counts another store's orders for a store user", async () => {
    await openList('WebAdmin');
    // Fixture stores rotate by id: 121 is store 5's, 123 is the WebAdmin's own store 2.
    arrive(121);
    expect(listState.orders.at(-1)!.storeId).toBe(5);
    await poll();
    await waitFor(() => expect(changesRequests().length).toBeGreaterThan(0));
    expect(banner()).toBeEmptyDOMElement();
    arrive(123);
    expect(listState.orders.at(-1)!.storeId).toBe(2);
    await poll();
    await waitFor(() => expect(banner()).toHaveTextContent('1 new order — show'));
  });

  it('keeps the focused row, by identity, through a background refresh', async () => {
    await openList();
    const target = bodyRows()[2]!;
    expect(within(target).getByText('ORD-1003')).toBeInTheDocument();
    act(() => target.focus());
    expect(target).toHaveFocus();

    // A colleague removes the first order and moves order 3 to Delivered.
    listState.orders = listState.orders.filter((o) => o.id !== 1);
    listState.orders = listState.orders.map((o) => (o.id === 3 ? { ...o, status: 3 } : o));
    await poll();
    await waitFor(() => expect(screen.getByText('1–25 of 119')).toBeInTheDocument());
    const focused = document.activeElement as HTMLElement;
    expect(within(focused).getByText('ORD-1003')).toBeInTheDocument();
    expect(within(focused).getByText('Delivered')).toBeInTheDocument();
    expect(focused).toHaveAttribute('data-index', '1');
    expect(focused).toHaveAttribute('tabindex', '0');
    // No dimming or skeleton for a background refresh.
    expect(grid()).toHaveAttribute('aria-busy', 'false');
  });

  it('stops polling while the tab is hidden, and resumes when it is shown', async () => {
    await openList();
    await poll();
    const before = changesRequests().length;
    setHidden(true);
    await poll();
    await poll();
    expect(changesRequests()).toHaveLength(before);
    setHidden(false);
    await poll();
    await waitFor(() => expect(changesRequests().length).toBeGreaterThan(before));
  });
});
