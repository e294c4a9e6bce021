import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { renderApp, signInAs } from '../../test/render-app';
import type { DateInput as RealDateInput } from '../date-input/date-input';
import type { SearchBox as RealSearchBox } from './search-box';
import type { ShortcutSheet as RealSheet } from './shortcut-sheet';

/*
 * A sort renders the rows and their header again, not the parts of the table around them
 * that show nothing new (issue 26: on a 1,000,000-order list a sort rendered about a hundred
 * components besides the rows); a filter renders its own control, not the others. Counted by
 * wrapping three of those parts.
 */

// Each wrapped part counts its renders, then renders as itself.
const { renders, counted } = vi.hoisted(() => {
  const renders = { sheet: 0, search: 0, date: 0 };
  const counted =
    <P,>(part: keyof typeof renders, render: (props: P) => unknown) =>
    (props: P) => {
      renders[part]++;
      return render(props);
    };
  return { renders, counted };
});

vi.mock('./shortcut-sheet', async (original) => {
  const real = await original<{ ShortcutSheet: typeof RealSheet }>();
  return { ...real, ShortcutSheet: counted('sheet', real.ShortcutSheet) };
});

vi.mock('./search-box', async (original) => {
  const real = await original<{ SearchBox: typeof RealSearchBox }>();
  return { ...real, SearchBox: counted('search', real.SearchBox) };
});

vi.mock('../date-input/date-input', async (original) => {
  const real = await original<{ DateInput: typeof RealDateInput }>();
  return { ...real, DateInput: counted('date', real.DateInput) };
});

// The tests share module caches (vitest.config.ts: isolate: false), so the table may already
// hold the real parts: load the app afresh, with the wrapped ones.
let app: { signInAs: typeof signInAs; renderApp: typeof renderApp };
beforeAll(async () => {
  vi.resetModules();
  app = await import('../../test/render-app');
});

/** The orders list as the admin sees it, settled (rows shown, the next page asked for), and the counts then. */
async function settledList() {
  app.signInAs('BlueTikAdmin');
  const { router, user } = await app.renderApp('/listorders');
  await screen.findByRole('grid', { name: 'Orders' });
  await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(2));
  return { router, user, before: { ...renders } };
}

describe('a sort on the orders list', () => {
  it('leaves the search box and the shortcut sheet as they were; opening the sheet renders it', async () => {
    const { router, user, before } = await settledList();

    await user.click(screen.getByRole('button', { name: 'Total Price' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'totalPrice' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Total Price' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
    expect(renders).toEqual(before);

    // The count sees a render when there is one: the sheet opened with "?".
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    expect(renders.sheet).toBeGreaterThan(before.sheet);
  });
});

describe('a filter on the orders list', () => {
  it('renders its own control again, not the others; a date renders the date controls', async () => {
    const { router, user, before } = await settledList();

    await user.click(screen.getByRole('checkbox', { name: 'Delivered' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: [3] }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Delivered' })).toBeChecked());
    // The two date controls (From, To) stay as they were.
    expect(renders.date).toBe(before.date);

    // A date chosen renders the date controls (one bounds the other).
    await user.type(screen.getByLabelText('Created from'), '01/11/2026{Enter}');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ from: '2026-11-01' }));
    expect(renders.date).toBeGreaterThan(before.date);
  });
});
