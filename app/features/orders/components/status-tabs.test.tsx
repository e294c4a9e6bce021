import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { list } from '#mocks/endpoint';
import { orderRowOf } from '#mocks/factories/orders';
import { server } from '#mocks/server';
import { asked, store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

const tablist = () => screen.getByRole('tablist', { name: 'Orders by status' });
const tabs = () => within(tablist()).getAllByRole('tab');
const tabNamed = (name: RegExp) => within(tablist()).getByRole('tab', { name });
const countsAsked = () => asked('getOrderStatusCounts').map((r) => new URL(r.url).searchParams);

describe('status tabs', () => {
  it('show each tab’s count as the server answers it, the picked one selected', async () => {
    store.statusCounts = { all: 1_234_567, byStatus: [30, 25, 20, 30, 15], upcoming: 12, overdue: 9 };
    signInAs('BlueTikAdmin');
    await renderApp('/listorders?status=%5B1%5D&paymentType=Online');
    await waitFor(() => expect(tabNamed(/^All/)).toHaveTextContent('12,34,567'));
    expect(tabs().map((t) => t.textContent)).toEqual([
      'All12,34,567',
      'New Order30',
      'Processing25',
      'On the Way20',
      'Delivered30',
      'Cancelled15',
      'Upcoming12',
      'Overdue9',
    ]);
    expect(tabs().filter((t) => t.getAttribute('aria-selected') === 'true')).toEqual([
      tabNamed(/^Processing/),
    ]);
    // The counts are asked for under the other filters, without the tabs' own status.
    const query = countsAsked().at(-1)!;
    expect([query.get('paymentType'), query.has('status'), query.has('upcoming')]).toEqual([
      'Online',
      false,
      false,
    ]);
    // The table is the tabs' panel, named by the picked tab.
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName(/^Processing/);
    expect(within(panel).getByRole('grid', { name: 'Orders' })).toBeInTheDocument();
  });

  it('ask for a new filter’s counts (and poll its new orders) once its rows are shown', async () => {
    // The list filtered by payment type, as the server does it.
    server.use(
      list('listOrders', ({ query }) =>
        [...store.orders.values()]
          .map(orderRowOf)
          .filter((order) => !query.paymentType || order.paymentType === query.paymentType),
      ),
    );
    signInAs('BlueTikAdmin');
    const { user } = await renderApp('/listorders');
    const grid = () => screen.getByRole('grid', { name: 'Orders' });
    await screen.findByRole('grid', { name: 'Orders' });
    await waitFor(() => expect(countsAsked()).toHaveLength(1));
    expect(grid()).toHaveTextContent('Pay on Delivery');
    // What the table showed when the counts and the new orders under "Online" were asked for.
    const shownWhenAsked: string[] = [];
    const fetchOf = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const call = /(getstatuscounts|getchanges)\?.*paymentType=Online/.exec(url)?.[1];
      if (call)
        shownWhenAsked.push(
          `${call}: ${grid().textContent?.includes('Pay on Delivery') ? 'the old rows' : 'the Online rows'}`,
        );
      return fetchOf(input, init);
    });
    try {
      store.statusCounts = { all: 4_321, byStatus: [1, 2, 3, 4, 5], upcoming: 6, overdue: 7 };
      await user.selectOptions(screen.getByLabelText('Payment type'), 'Online');
      await waitFor(() => expect(tabNamed(/^All/)).toHaveTextContent('4,321'));
      await waitFor(() => expect(shownWhenAsked).toHaveLength(2));
      expect(shownWhenAsked.sort()).toEqual([
        'getchanges: the Online rows',
        'getstatuscounts: the Online rows',
      ]);
      expect(countsAsked().at(-1)!.get('paymentType')).toBe('Online');
    } finally {
      spy.mockRestore();
    }
  });

  it('move with the arrows, Home and End; Enter picks a tab (its status, page 1, other filters kept)', async () => {
    signInAs('BlueTikAdmin');
    const { user, router } = await renderApp('/listorders?page=3&paymentType=Online');
    await waitFor(() => expect(tabNamed(/^All/)).toHaveAttribute('aria-selected', 'true'));
    // Only the picked tab is in the Tab order.
    expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1]);
    act(() => tabNamed(/^All/).focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tabNamed(/^Processing/)).toHaveFocus();
    // Moving asks nothing; Enter picks.
    expect(router.state.location.search).toMatchObject({ page: 3 });
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ status: [1], paymentType: 'Online' }),
    );
    expect(router.state.location.search).not.toHaveProperty('page');
    await waitFor(() => expect(tabNamed(/^Processing/)).toHaveAttribute('aria-selected', 'true'));

    await user.keyboard('{End}');
    expect(tabNamed(/^Overdue/)).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ overdue: 'Yes' }));
    expect(router.state.location.search).not.toHaveProperty('status');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(tabNamed(/^Overdue/)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Enter}');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ upcoming: 'Yes' }));
    expect(router.state.location.search).not.toHaveProperty('overdue');
  });

  it('select none while several statuses are checked in the filters', async () => {
    signInAs('WebAdmin');
    await renderApp('/listorders?status=%5B0%2C1%5D');
    await waitFor(() => expect(tabs()).toHaveLength(8));
    expect(tabs().every((t) => t.getAttribute('aria-selected') === 'false')).toBe(true);
    expect(screen.getByRole('tabpanel', { name: 'Orders' })).toBeInTheDocument();
  });
});
