import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '#mocks/factories/orders';
import { store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

/*
 * Order details on a phone (issue 22, item 2): below the md breakpoint each item is a
 * compact block — name, count × qty, the price box, the row total, Not Available — and
 * the status with Save sits in the action bar (issue 24, item 2). jsdom has no layout, so
 * the phone is told by matchMedia, as a browser would tell it.
 */

function screenWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)rem/.exec(query);
    return {
      matches: min ? px >= Number(min[1]) * 16 : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}

// The factory's three lines: Basmati Rice 2 × 1 kg at 120.00, Toor Dal 3 × 500 g at 95.50,
// Milk Bread 1 × 400 g at 40.00; cash on delivery, so everything is editable.
beforeEach(() => {
  store.orders.set(101, makeOrder(101, { status: 0, paymentType: 'PayOnDelivery', deliveryPrice: 30 }));
});
afterEach(() => vi.unstubAllGlobals());

async function openOrder(width: number) {
  screenWidth(width);
  signInAs('WebAdmin');
  const app = await renderApp('/order/edit/101');
  await screen.findByRole('heading', { name: /^Order ORD/ });
  return app;
}

const block = (name: string) => screen.getByRole('button', { name }).closest('li')!;
const actionBar = () => screen.getByRole('group', { name: 'Order status' }).parentElement!.parentElement!;

describe('order items on a phone', () => {
  it('shows each item as a block: name, count × qty, price, row total and Not Available', async () => {
    await openOrder(390);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByRole('list', { name: /^Items of / }).length).toBeGreaterThan(0);

    const rice = block('Basmati Rice');
    expect(within(rice).getByText('2 × 1 kg')).toBeInTheDocument();
    expect(within(rice).getByText('Rs 240.00')).toBeInTheDocument();
    // The visible labels are short; a screen reader hears which item they belong to.
    expect(within(rice).getByText('Price')).toBeVisible();
    expect(within(rice).getByLabelText('Price of Basmati Rice')).toHaveValue('120.00');
    expect(within(rice).getByLabelText('Not available: Basmati Rice')).not.toBeChecked();
    expect(within(block('Toor Dal')).getByText('3 × 500 g')).toBeInTheDocument();
  });

  it('a price edit updates the block’s total and the bar’s grand total; Not Available takes it off', async () => {
    const { user } = await openOrder(390);
    const rice = block('Basmati Rice');
    expect(within(actionBar()).getByText('Rs 596.50')).toBeInTheDocument();

    const price = within(rice).getByLabelText('Price of Basmati Rice');
    await user.clear(price);
    await user.type(price, '100');
    expect(within(rice).getByText('Rs 200.00')).toBeInTheDocument();
    expect(within(actionBar()).getByText('Rs 556.50')).toBeInTheDocument();

    await user.click(within(rice).getByLabelText('Not available: Basmati Rice'));
    expect(within(actionBar()).getByText('Rs 356.50')).toBeInTheDocument();
    // Status and Save are in the same bar.
    expect(within(actionBar()).getByLabelText('Status')).toHaveValue('0');
    expect(within(actionBar()).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('keeps the table from the md breakpoint up', async () => {
    await openOrder(1280);
    expect(screen.getAllByRole('table').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Basmati Rice' }).closest('tr')).not.toBeNull();
    expect(screen.queryByText('Price', { selector: 'label' })).not.toBeInTheDocument();
  });
});
