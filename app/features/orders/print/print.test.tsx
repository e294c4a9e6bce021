import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBill, makeOrder } from '#mocks/factories/orders';
import { asked, store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

/*
 * Print from order details (issue 16, item 3; the customer bill, issue 28 item 3); the paper
 * itself is checked end to end (e2e/print.spec.ts).
 */

beforeEach(() => {
  store.orders.set(101, makeOrder(101, { orderUserName: 'Lakshmi Devi' }));
});

/** Order 101's details as `role`, its Print menu opened from the keyboard: the menu's items. */
async function openPrintMenu(role: 'WebAdmin' | 'MobileUser') {
  signInAs(role);
  await renderApp('/order/edit/101');
  const user = userEvent.setup();
  (await screen.findByRole('button', { name: 'Print' })).focus();
  await user.keyboard('{Enter}');
  const menu = await screen.findByRole('menu');
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((i) => i.textContent);
  return { user, items };
}

describe('Print on order details', () => {
  it('offers the receipt and the ticket from the keyboard, and prints the chosen one', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user, items } = await openPrintMenu('WebAdmin');
    expect(items).toEqual(['Customer bill', 'Kitchen ticket']);
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

describe('The customer bill', () => {
  async function printBill() {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = await openPrintMenu('WebAdmin');
    // The menu opens on its first item: the customer bill.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    return document.querySelector('.print-root')!;
  }

  it('prints a Tax Invoice with its number, GSTIN, FSSAI and the split of the total (printbills)', async () => {
    const bill = makeBill(store.orders.get(101)!, { invoiceNumber: 'S2/2627/000045' });
    store.bills.set(101, bill);
    const paper = await printBill();
    expect(asked('printOrderBills').map((r) => r.body)).toEqual([{ ids: [101] }]);
    expect(paper).toHaveAttribute('data-kind', 'receipt');
    for (const text of [
      'Tax Invoice · Order',
      'Invoice No.: S2/2627/000045 · Date: 26/11/2026',
      `GSTIN: ${bill.gstin}`,
      `FSSAI Lic. No.: ${bill.fssaiNumber}`,
      'SAC 996331',
      'CGST 2.5 %',
    ])
      expect(paper).toHaveTextContent(text);
  });

  it('prints a Bill of Supply with the composition heading and no tax lines', async () => {
    store.bills.set(
      101,
      makeBill(store.orders.get(101)!, { kind: 'Bill of Supply', taxable: null, cgst: null, sgst: null }),
    );
    const paper = await printBill();
    expect(paper).toHaveTextContent('Bill of Supply · Order');
    expect(paper).toHaveTextContent('composition taxable person, not eligible to collect tax on supplies');
    expect(paper).not.toHaveTextContent('CGST');
  });

  it('is not offered to the read-only role (printing it issues a number); the ticket is', async () => {
    expect((await openPrintMenu('MobileUser')).items).toEqual(['Kitchen ticket']);
  });
});
