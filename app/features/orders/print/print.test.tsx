import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '#mocks/factories/orders';
import { asked, store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

/* Print from order details (issue 16, item 3); the paper itself is checked end to end (e2e/print.spec.ts). */

beforeEach(() => {
  store.orders.set(101, makeOrder(101, { orderUserName: 'Lakshmi Devi' }));
});

describe('Print on order details', () => {
  it('offers the receipt and the ticket from the keyboard, and prints the chosen one', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    signInAs('WebAdmin');
    await renderApp('/order/edit/101');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Print' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Customer receipt', 'Kitchen ticket']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(asked('getOrderPrints').map((r) => r.url.searchParams.get('ids'))).toEqual(['101']);
    const paper = document.querySelector('.print-root')!;
    expect(paper).toHaveAttribute('data-kind', 'ticket');
    expect(paper).toHaveTextContent('Lakshmi Devi');
    expect(paper).not.toHaveTextContent('Rs ');
    // The dialog closed: the paper goes.
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(document.querySelector('.print-root')).toBeNull());
  });
});
