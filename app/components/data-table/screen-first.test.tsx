import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signInAs } from '../../test/render-app';

/*
 * Issue 26, record 089: new rows on the screen first; record 090: the URL after them
 * (shown-search.ts). jsdom lays nothing out, so the screen is played here: an
 * IntersectionObserver that sees the first three rows in view, and frames that come when
 * the test says so.
 */

const IN_VIEW = 3;
/** The rows the screen shows: the first three, or as a test sets them. */
let inView = { from: 0, to: IN_VIEW };
/** Whether the browser played here has scroll anchoring (Safari has none). */
let anchoring = true;

class RowsInView {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    const index = Number((target as HTMLElement).dataset.index);
    queueMicrotask(() =>
      this.callback(
        [{ target, isIntersecting: index >= inView.from && index < inView.to } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
}

let frames: Map<number, FrameRequestCallback>;
/** One frame: the callbacks asked for before it. */
const frame = () => {
  const due = [...frames];
  frames.clear();
  for (const [, callback] of due) callback(performance.now());
};

beforeEach(() => {
  frames = new Map();
  let next = 1;
  inView = { from: 0, to: IN_VIEW };
  anchoring = true;
  vi.stubGlobal('IntersectionObserver', RowsInView);
  // Chromium's and Firefox's scroll anchoring (jsdom has no CSS.supports).
  vi.stubGlobal('CSS', { supports: (property: string) => anchoring && property === 'overflow-anchor' });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});
afterEach(() => vi.unstubAllGlobals());

// The Order Id cell (after the selection box), read from the DOM: a hidden row has no roles.
const cells = (row: HTMLElement) => row.children[1]!.textContent;

/** The orders list as BlueTikAdmin sees it, its grid and a row by position. */
async function ordersList(path = '/listorders') {
  signInAs('BlueTikAdmin');
  const app = await renderApp(path);
  const grid = await screen.findByRole('grid', { name: 'Orders' });
  const rowAt = (index: number) => grid.querySelector<HTMLElement>(`tbody tr[data-index="${index}"]`)!;
  return { ...app, grid, rowAt };
}

describe('new rows on the screen first', () => {
  it('renders the rows in view with the new page, the rows below in the next frame', async () => {
    const { user, grid, rowAt } = await ordersList();
    const before = [0, 5, 24].map((i) => cells(rowAt(i)));

    rowAt(0).focus();
    await user.keyboard(']');
    await waitFor(() => expect(cells(rowAt(0))).not.toBe(before[0]));
    // The frame with the new page: the rows in view are new, the rows below are hidden and
    // still the elements they were (not rendered again yet).
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    expect(rowAt(IN_VIEW - 1)).not.toHaveAttribute('hidden');
    expect(rowAt(IN_VIEW)).toHaveAttribute('hidden');
    expect(cells(rowAt(5))).toBe(before[1]);
    expect(cells(rowAt(24))).toBe(before[2]);
    expect(within(grid).getAllByRole('row')).toHaveLength(1 + IN_VIEW);
    expect(grid).toHaveAttribute('aria-busy', 'true');

    // The frame it is drawn in; the task after it renders every row of page 2, none hidden.
    expect(rowAt(5)).toHaveAttribute('hidden');
    frame();
    await waitFor(() => expect(grid.querySelectorAll('tbody tr[hidden]')).toHaveLength(0));
    expect(cells(rowAt(5))).not.toBe(before[1]);
    expect(cells(rowAt(24))).not.toBe(before[2]);
    expect(grid.querySelectorAll('tbody tr[data-index]')).toHaveLength(25);
    expect(grid).toHaveAttribute('aria-busy', 'false');
  });

  it('renders the active row at once when a key moves it below the screen', async () => {
    const { user, rowAt } = await ordersList();
    const before = cells(rowAt(6));

    rowAt(0).focus();
    await user.keyboard(']');
    await waitFor(() => expect(rowAt(IN_VIEW)).toHaveAttribute('hidden'));
    // Before any frame: End goes to the last row, which shows page 2's and has the focus.
    await user.keyboard('{End}');
    await waitFor(() => expect(rowAt(24)).toHaveFocus());
    expect(rowAt(24)).not.toHaveAttribute('hidden');
    expect(rowAt(6)).not.toHaveAttribute('hidden');
    expect(cells(rowAt(6))).not.toBe(before);
  });

  it('keeps the rows above the screen in place, out of the accessibility tree, until the frame after', async () => {
    // Scrolled to the table's foot: its last five rows in view.
    inView = { from: 20, to: 25 };
    const { user, grid, rowAt } = await ordersList();
    const before = [0, 19, 20, 24, 1].map((i) => cells(rowAt(i)));

    // The pager under the table (where "Last page" is), not a row: the focus stays there.
    screen.getByRole('button', { name: 'Next page' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cells(rowAt(24))).not.toBe(before[3]));
    // The rows in view show page 2; the rows above keep their place and the old page's
    // elements, hidden from a screen reader (no role), and none is out of the page.
    expect(cells(rowAt(20))).not.toBe(before[2]);
    expect(cells(rowAt(19))).toBe(before[1]);
    expect(cells(rowAt(1))).toBe(before[4]);
    expect(rowAt(19)).toHaveAttribute('aria-hidden', 'true');
    expect(rowAt(20)).not.toHaveAttribute('aria-hidden');
    expect(grid.querySelectorAll('tbody tr[hidden]')).toHaveLength(0);
    // The rows in view and the active row (the first, where the focus goes on a Tab).
    expect(within(grid).getAllByRole('row')).toHaveLength(1 + 5 + 1);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveFocus();
    expect(grid).toHaveAttribute('aria-busy', 'true');

    // The task after the frame renders the rows above (25 a task: all of them here).
    frame();
    await waitFor(() => expect(grid).toHaveAttribute('aria-busy', 'false'));
    expect(cells(rowAt(0))).not.toBe(before[0]);
    expect(cells(rowAt(19))).not.toBe(before[1]);
    expect(within(grid).getAllByRole('row')).toHaveLength(1 + 25);
  });

  it('renders every row at once when the new page is shorter (the page shortens under the screen)', async () => {
    // 100 rows a page (120 orders in the mocks), scrolled to the table's foot.
    inView = { from: 80, to: 100 };
    const { user, grid, rowAt } = await ordersList('/listorders?pageSize=100');
    const before = [1, 19].map((i) => cells(rowAt(i)));

    screen.getByRole('button', { name: 'Next page' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(grid.querySelectorAll('tbody tr[data-index]')).toHaveLength(20));
    // No row kept from the page before: the 20 rows are the whole table now, in view.
    expect(grid.querySelectorAll('tbody tr[aria-hidden]')).toHaveLength(0);
    expect(grid.querySelectorAll('tbody tr[hidden]')).toHaveLength(0);
    expect(cells(rowAt(1))).not.toBe(before[0]);
    expect(cells(rowAt(19))).not.toBe(before[1]);
    expect(grid).toHaveAttribute('aria-busy', 'false');
  });

  it('renders the rows above the screen at once where the browser has no scroll anchoring', async () => {
    inView = { from: 20, to: 25 };
    anchoring = false;
    const { user, grid, rowAt } = await ordersList();
    const before = cells(rowAt(1));
    screen.getByRole('button', { name: 'Next page' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cells(rowAt(1))).not.toBe(before));
    expect(grid.querySelectorAll('tbody tr[aria-hidden]')).toHaveLength(0);
    expect(within(grid).getAllByRole('row')).toHaveLength(1 + 25);
  });

  it('renders the rows from the active one to the screen when the focus goes there', async () => {
    inView = { from: 20, to: 25 };
    const { user, grid, rowAt } = await ordersList();
    const before = cells(rowAt(10));

    // A key in the rows: the new page starts at its first row, which takes the focus (and
    // the page scrolls there), so no row between it and the screen may keep the old page.
    rowAt(22).focus();
    await user.keyboard(']');
    await waitFor(() => expect(rowAt(0)).toHaveFocus());
    expect(cells(rowAt(10))).not.toBe(before);
    expect(within(grid).getAllByRole('row')).toHaveLength(1 + 25);
  });

  /** The orders list after `]`, its page 2 on screen (before any frame). */
  async function secondPageShown() {
    const app = await ordersList();
    const { rowAt } = app;
    const before = cells(rowAt(0));
    rowAt(0).focus();
    await app.user.keyboard(']');
    await waitFor(() => expect(cells(rowAt(0))).not.toBe(before));
    return app;
  }

  it('writes the change to the URL after the frame that shows it, the active row kept', async () => {
    const { user, router, rowAt } = await secondPageShown();
    // Page 2 is on screen; the router runs its navigation after the frame (shown-search.ts).
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    expect(router.state.location.search).not.toHaveProperty('page', 2);
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(rowAt(1)).toHaveFocus());

    frame();
    await waitFor(() => expect(router.state.location.search).toHaveProperty('page', 2));
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    expect(rowAt(1)).toHaveFocus();
  });

  it('drops a change not yet in the URL when the user has gone to another page', async () => {
    const { router } = await secondPageShown();
    await act(() => router.navigate({ to: '/listcategories' }));
    frame();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(router.state.location.pathname).toBe('/listcategories');
    expect(router.state.location.search).not.toHaveProperty('page', 2);
  });

  it('opens a row after a change not yet in the URL from the changed list, so Back returns to it', async () => {
    const { user, router } = await secondPageShown();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/listorders'));
    await act(() => router.history.back());
    await waitFor(() => expect(router.state.location.pathname).toBe('/listorders'));
    expect(router.state.location.search).toHaveProperty('page', 2);
  });
});
