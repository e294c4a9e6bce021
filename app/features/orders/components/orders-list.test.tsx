import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail } from '#contract/envelope';
import { url } from '#mocks/endpoint';
import { server } from '#mocks/server';
import { asked, store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const grid = () => screen.getByRole('grid', { name: 'Orders' });
const bodyRows = () => within(grid()).getAllByRole('row').slice(1);
const ordersRequests = () => asked('listOrders').map((r) => r.url);
const lastRequest = () => ordersRequests().at(-1)!;

describe('orders table', () => {
  it('shows BlueTikAdmin every column, Store Name and Delete included', async () => {
    signInAs('BlueTikAdmin');
    await renderApp('/listorders');
    await screen.findByRole('grid', { name: 'Orders' });
    expect(headers()).toEqual([
      // The selection's column: its box is named "Select every row on this page".
      '',
      'Order Id',
      'Status',
      'Name',
      'Total Price',
      'Created Date',
      'Time Left',
      'Payment Type',
      'Is Settled?',
      'Settlement Amt',
      'Store Name',
      'Edit',
      'Delete',
    ]);
    expect(screen.getByLabelText('Store')).toBeInTheDocument();
  });

  it.each(['WebAdmin', 'WebUser', 'MobileUser'] as const)(
    'hides Store Name, Delete and the store filter from %s',
    async (role) => {
      signInAs(role);
      await renderApp('/listorders');
      await screen.findByRole('grid', { name: 'Orders' });
      // Boxes for those who may change orders in bulk (MobileUser only reads).
      expect(headers()).toEqual([
        ...(role === 'MobileUser' ? [] : ['']),
        'Order Id',
        'Status',
        'Name',
        'Total Price',
        'Created Date',
        'Time Left',
        'Payment Type',
        'Is Settled?',
        'Settlement Amt',
        'Edit',
      ]);
      expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Store')).not.toBeInTheDocument();
    },
  );

  it('shows readable status, rupees, NA for cash on delivery, and the range', async () => {
    signInAs('BlueTikAdmin');
    await renderApp('/listorders');
    await screen.findByRole('grid', { name: 'Orders' });
    // In the server's order: order 1 (cash on delivery, Processing) then order 2 (Online, On the Way).
    const [first, second] = bodyRows();
    expect(within(first!).getByText('ORD000001')).toBeInTheDocument();
    expect(within(first!).getByText('Processing')).toBeInTheDocument();
    expect(within(first!).getByText('Rs 566.50')).toBeInTheDocument();
    expect(within(first!).getByText('Pay on Delivery')).toBeInTheDocument();
    expect(within(first!).getAllByText('NA')).toHaveLength(2);
    expect(within(second!).getByText('On the Way')).toBeInTheDocument();
    expect(within(second!).getByText('Rs 566.50')).toBeInTheDocument();
    expect(within(second!).getByText('Rs 596.50')).toBeInTheDocument();
    expect(within(second!).queryByText('NA')).not.toBeInTheDocument();
    expect(screen.getByText('1–25 of 120')).toBeInTheDocument();
    expect(grid()).toHaveAttribute('aria-rowcount', '121');
  });

  it('reads its state from the URL, sends it to the server, and writes changes back', async () => {
    signInAs('BlueTikAdmin');
    const { router, user } = await renderApp(
      '/listorders?page=2&pageSize=10&sort=orderNumber&order=desc&status=1,3&paymentType=Online&q=ORD',
    );
    await screen.findByRole('grid', { name: 'Orders' });
    expect(screen.getByLabelText('Search orders')).toHaveValue('ORD');
    expect(screen.getByRole('checkbox', { name: 'Processing' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Delivered' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New Order' })).not.toBeChecked();
    expect(screen.getByLabelText('Payment type')).toHaveValue('Online');
    expect(screen.getByLabelText('Rows per page')).toHaveValue('10');
    expect(screen.getByRole('columnheader', { name: 'Order Id' })).toHaveAttribute('aria-sort', 'descending');
    const sent = ordersRequests()[0]!.searchParams;
    expect(sent.getAll('status')).toEqual(['1', '3']);
    expect(Object.fromEntries([...sent].filter(([k]) => k !== 'status'))).toEqual({
      page: '2',
      pageSize: '10',
      sort: 'orderNumber',
      order: 'desc',
      q: 'ORD',
      paymentType: 'Online',
      // The snapshot the list opened with (the newest order id then).
      upto: '120',
    });

    // The next page is already on its way.
    await waitFor(() =>
      expect(ordersRequests().some((url) => url.searchParams.get('page') === '3')).toBe(true),
    );

    // Sorting by another column: page 1 again, the URL says so, and so does the server call.
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      // 'asc' is the default order, so it stays out of the URL; so does page 1.
      expect(router.state.location.search).toEqual({
        sort: 'orderUserName',
        status: [1, 3],
        paymentType: 'Online',
        q: 'ORD',
        pageSize: 10,
        upto: 120,
      }),
    );
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(lastRequest().searchParams.get('sort')).toBe('orderUserName'));

    // Unticking a status narrows the URL's list.
    await user.click(screen.getByRole('checkbox', { name: 'Delivered' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: [1] }));
  });

  it('opens a hand-broken link without crashing, keeping what is valid', async () => {
    signInAs('BlueTikAdmin');
    const { router } = await renderApp(
      '/listorders?page=abc&pageSize=9999&status=9&paymentType=Online&from=2025-02-30',
    );
    await screen.findByRole('grid', { name: 'Orders' });
    // Bad keys are dropped (defaults stay out of the URL); the valid one is kept, and the
    // list is pinned to the newest order.
    expect(router.state.location.search).toEqual({ paymentType: 'Online', upto: 120 });
    expect(lastRequest().searchParams.get('paymentType')).toBe('Online');
    expect(screen.getByText(/^1–25 of/)).toBeInTheDocument();
  });

  it('sends the search into the URL and back to page 1', async () => {
    signInAs('BlueTikAdmin');
    const { router, user } = await renderApp('/listorders?page=3');
    await screen.findByRole('grid', { name: 'Orders' });
    await user.type(screen.getByLabelText('Search orders'), 'ORD000007');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'ORD000007' }));
    expect(router.state.location.search).not.toHaveProperty('page');
    // Keys go out as typed (one request at a time: the mocks answer at once), each a prefix
    // of the text, the last the whole word, from page 1; what it finds is the server's to say.
    await waitFor(() => expect(ordersRequests().at(-1)?.searchParams.get('q')).toBe('ORD000007'));
    const searched = ordersRequests().filter((u) => u.searchParams.has('q'));
    for (const u of searched) expect('ORD000007'.startsWith(u.searchParams.get('q')!)).toBe(true);
    expect(searched[0]!.searchParams.get('page')).toBe('1');
  });

  it('is driven from the keyboard: rows, pages, search, shortcuts and Enter', async () => {
    signInAs('WebAdmin');
    const { router, user } = await renderApp('/listorders');
    await screen.findByRole('grid', { name: 'Orders' });
    const rows = bodyRows();
    // Only the active row is in the Tab order.
    expect(rows[0]).toHaveAttribute('tabindex', '0');
    expect(rows[1]).toHaveAttribute('tabindex', '-1');
    act(() => rows[0]!.focus());
    await user.keyboard('{ArrowDown}');
    expect(bodyRows()[1]).toHaveFocus();
    await user.keyboard('j');
    expect(bodyRows()[2]).toHaveFocus();
    await user.keyboard('k');
    expect(bodyRows()[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(bodyRows().at(-1)).toHaveFocus();

    // Next page from the keyboard; focus stays in the grid when the new rows arrive.
    const firstOnPage1 = bodyRows()[0]!.textContent;
    await user.keyboard('{PageDown}');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }));
    await waitFor(() => expect(bodyRows()[0]!.textContent).not.toBe(firstOnPage1));
    await waitFor(() => expect(bodyRows()[0]).toHaveFocus());
    await user.keyboard('[[');
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('page'));
    await waitFor(() => expect(bodyRows()[0]).toHaveFocus());

    await user.keyboard('/');
    expect(screen.getByLabelText('Search orders')).toHaveFocus();
    act(() => bodyRows()[0]!.focus());
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    const id = bodyRows()[0]!.textContent!.match(/ORD(\d+)/)![1];
    act(() => bodyRows()[0]!.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order/edit/${Number(id)}`));
  });

  it('sorts from the keyboard with Enter on a header', async () => {
    signInAs('BlueTikAdmin');
    const { router, user } = await renderApp('/listorders');
    await screen.findByRole('grid', { name: 'Orders' });
    expect(screen.getByRole('columnheader', { name: 'Created Date' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    act(() => screen.getByRole('button', { name: 'Total Price' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'totalPrice', upto: 120 }));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ sort: 'totalPrice', order: 'desc' }),
    );
    expect(screen.getByRole('columnheader', { name: 'Total Price' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: 'Created Date' })).toHaveAttribute('aria-sort', 'none');
  });

  it('asks before deleting, then refreshes the list without a reload', async () => {
    signInAs('BlueTikAdmin');
    const { user } = await renderApp('/listorders');
    await screen.findByRole('grid', { name: 'Orders' });
    expect(screen.getByText('1–25 of 120')).toBeInTheDocument();
    act(() => bodyRows()[0]!.focus());
    await user.keyboard('{Delete}');
    const dialog = await screen.findByRole('dialog', { name: 'Delete order ORD000001' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this row?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('1–25 of 119')).toBeInTheDocument());
    expect(screen.queryByText('ORD000001')).not.toBeInTheDocument();
    expect(store.orders.has(1)).toBe(false);
    await waitFor(() => expect(bodyRows()[0]).toHaveFocus());
  });

  it('shows an error with Try again when the list fails', async () => {
    signInAs('BlueTikAdmin');
    let failing = true;
    server.use(
      http.get(url('listOrders'), () =>
        failing ? HttpResponse.json(fail('Database is resting.'), { status: 500 }) : undefined,
      ),
    );
    const { user } = await renderApp('/listorders');
    expect(await screen.findByText('The order list could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Database is resting.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('grid', { name: 'Orders' })).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
  });

  it('says so when nothing matches, and clears the filters', async () => {
    store.orders.clear();
    signInAs('BlueTikAdmin');
    const { router, user } = await renderApp('/listorders?q=nothing-like-this');
    expect(await screen.findByText('No order matches your search or filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('q'));
    await waitFor(() => expect(lastRequest().searchParams.has('q')).toBe(false));
  });
});
