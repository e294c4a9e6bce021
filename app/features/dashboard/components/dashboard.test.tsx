import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fail } from '#contract/envelope';
import { formatRupees } from '#contract/rules';
import { url } from '#mocks/endpoint';
import { makeDashboard, makeSales } from '#mocks/factories/orders';
import { server } from '#mocks/server';
import { asked, store } from '#mocks/store';
import { readText, renderApp, signInAs } from '../../../test/render-app';
import { DASHBOARD_REFRESH_MS } from '../queries';

const cardsList = () => screen.findByRole('list', { name: 'Orders by status' });
const cardLink = (name: RegExp) =>
  within(screen.getByRole('list', { name: 'Orders by status' })).getByRole('link', { name });
const salesTable = (year: number) =>
  screen.findByRole('table', { name: `Delivered sales by month, ${year}` });
const thisYear = new Date().getUTCFullYear();

/** The table's rows as [month, amount] pairs (the body only). */
const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1, 13)
    .map((row) => [readText(within(row).getByRole('rowheader')), readText(within(row).getByRole('cell'))]);

describe('dashboard cards', () => {
  it('shows the six counts the server answers for BlueTikAdmin (every store)', async () => {
    signInAs('BlueTikAdmin');
    await renderApp('/');
    await cardsList();
    expect(cardLink(/^Upcoming:/)).toHaveAccessibleName('Upcoming: 42 orders');
    expect(cardLink(/^New Order:/)).toHaveAccessibleName('New Order: 120 orders');
    expect(cardLink(/^Processing:/)).toHaveAccessibleName('Processing: 35 orders');
    expect(cardLink(/^On the Way:/)).toHaveAccessibleName('On the Way: 18 orders');
    expect(cardLink(/^Delivered:/)).toHaveAccessibleName('Delivered: 15,230 orders');
    expect(cardLink(/^Cancelled:/)).toHaveAccessibleName('Cancelled: 911 orders');
  });

  it.each(['WebAdmin', 'WebUser', 'MobileUser'] as const)(
    'shows %s the counts the server answers (its own store: the server scopes them)',
    async (role) => {
      store.dashboard.cards = makeDashboard({ upCommingOrder: 4, ontheWayOrder: 1, deliveredOrder: 1_523 });
      signInAs(role);
      await renderApp('/');
      await cardsList();
      expect(cardLink(/^Upcoming:/)).toHaveAccessibleName('Upcoming: 4 orders');
      expect(cardLink(/^On the Way:/)).toHaveAccessibleName('On the Way: 1 order');
      expect(cardLink(/^Delivered:/)).toHaveAccessibleName('Delivered: 1,523 orders');
    },
  );

  it('links each card to the orders list with its filter in the URL', async () => {
    signInAs('BlueTikAdmin');
    await renderApp('/');
    await cardsList();
    const hrefs = ['Upcoming', 'New Order', 'Processing', 'On the Way', 'Delivered', 'Cancelled'].map(
      (label) => cardLink(new RegExp(`^${label}:`)).getAttribute('href'),
    );
    expect(hrefs).toEqual([
      '/listorders?upcoming=Yes',
      '/listorders?status=0',
      '/listorders?status=1',
      '/listorders?status=2',
      '/listorders?status=3',
      '/listorders?status=4',
    ]);
  });

  it('opens the list with the Upcoming filter ticked, and unticking it clears the filter', async () => {
    signInAs('BlueTikAdmin');
    const { user, router } = await renderApp('/');
    await cardsList();
    await user.click(cardLink(/^Upcoming:/));
    const box = await screen.findByRole('checkbox', { name: 'Open, expected after today' });
    expect(box).toBeChecked();
    expect(router.state.location.search).toMatchObject({ upcoming: 'Yes' });
    await user.click(box);
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('upcoming'));
  });

  it('shows an error with Try again, which loads the counts', async () => {
    server.use(
      http.get(url('getDashboardOrder'), () =>
        HttpResponse.json(fail('Database unavailable.'), { status: 500 }),
      ),
    );
    signInAs('BlueTikAdmin');
    const { user } = await renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The order counts could not be loaded.');
    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await cardsList();
    expect(cardLink(/^New Order:/)).toHaveAccessibleName('New Order: 120 orders');
  });
});

describe('yearly sales', () => {
  it("lists this year's twelve monthly totals from the API in the accessible table", async () => {
    signInAs('BlueTikAdmin');
    await renderApp('/');
    const table = await salesTable(thisYear);
    const months = makeSales(thisYear);
    expect(tableRows(table)).toEqual(
      [
        'January',
        'February',
        'March',
        'April',
        'May',
        'June',
        'July',
        'August',
        'September',
        'October',
        'November',
        'December',
      ].map((month, i) => [month, formatRupees(months[i]!)]),
    );
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue(String(thisYear));
  });

  it('asks for the chosen year and shows its values', async () => {
    store.dashboard.sales.set(thisYear - 1, [0, 0, 100.5, 0, 0, 0, 0, 0, 0, 0, 0, 2500]);
    signInAs('WebAdmin');
    const { user, router } = await renderApp('/');
    await salesTable(thisYear);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), String(thisYear - 1));
    const table = await salesTable(thisYear - 1);
    expect(tableRows(table)[2]).toEqual(['March', formatRupees(100.5)]);
    expect(tableRows(table)[11]).toEqual(['December', formatRupees(2500)]);
    expect(router.state.location.search).toEqual({ year: thisYear - 1 });
    const years = asked('getYearlySales').map((r) => r.url.searchParams.get('year'));
    expect(years).toEqual([String(thisYear), String(thisYear - 1)]);
  });

  it('says so when the year has no delivered orders', async () => {
    store.dashboard.sales.set(thisYear, Array(12).fill(0));
    signInAs('BlueTikAdmin');
    await renderApp('/');
    expect(await screen.findByText(`No delivered orders in ${thisYear}.`)).toBeInTheDocument();
  });

  it('shows an error with Try again for the sales', async () => {
    server.use(
      http.get(url('getYearlySales'), () =>
        HttpResponse.json(fail('Database unavailable.'), { status: 500 }),
      ),
    );
    signInAs('BlueTikAdmin');
    const { user } = await renderApp('/');
    const alert = await screen.findByText(`The sales of ${thisYear} could not be loaded.`, { exact: false });
    server.resetHandlers();
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    await salesTable(thisYear);
  });
});

describe('live data', () => {
  it('refreshes cards and sales in the background every interval, without a skeleton', async () => {
    // Only the poll's timer is fake; requests and promises run as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      signInAs('BlueTikAdmin');
      const { queryClient } = await renderApp('/');
      await cardsList();
      await salesTable(thisYear);
      expect(queryClient.getQueryCache().find({ queryKey: ['dashboard', 'cards'] })?.options).toMatchObject({
        refetchInterval: DASHBOARD_REFRESH_MS,
        refetchIntervalInBackground: false,
      });
      const calls = () => asked('getDashboardOrder').length + asked('getYearlySales').length;
      const before = calls();
      store.dashboard.cards = { ...store.dashboard.cards, newOrders: 121 };
      store.dashboard.sales.set(thisYear, [...makeSales(thisYear).slice(0, 11), 99_999]);
      act(() => vi.advanceTimersByTime(DASHBOARD_REFRESH_MS));
      await waitFor(() => expect(cardLink(/^New Order:/)).toHaveAccessibleName('New Order: 121 orders'));
      await waitFor(async () =>
        expect(tableRows(await salesTable(thisYear))[11]).toEqual(['December', formatRupees(99_999)]),
      );
      // One cards call and one sales call, and the cards never went back to a skeleton.
      expect(calls() - before).toBe(2);
      expect(screen.queryByLabelText('Loading order counts')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('rupee axis', () => {
  it('reads every tick in the unit of the largest month (thousand, lakh, crore)', async () => {
    const { rupeeAxis } = await import('./sales-chart');
    const lakhs = rupeeAxis(240_000);
    expect([0, 60_000, 120_000, 240_000].map(lakhs)).toEqual(['Rs 0', 'Rs 0.6L', 'Rs 1.2L', 'Rs 2.4L']);
    expect(rupeeAxis(25_000_000)(15_000_000)).toBe('Rs 1.5Cr');
    expect(rupeeAxis(8_000)(2_500)).toBe('Rs 2.5K');
    expect(rupeeAxis(500)(250)).toBe('Rs 250');
  });
});
