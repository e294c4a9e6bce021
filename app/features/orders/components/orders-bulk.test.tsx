import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { on } from '#mocks/endpoint';
import { server } from '#mocks/server';
import { sent, store } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

/* Selection and bulk status on the orders list (issue 15, item 2), from the keyboard. */

const grid = () => screen.getByRole('grid', { name: 'Orders' });
const bodyRows = () => within(grid()).getAllByRole('row').slice(1);
const bar = () => screen.getByRole('region', { name: 'Selection' });
const idOf = (row: HTMLElement) => Number(/ORD0*(\d+)/.exec(row.textContent ?? '')![1]);

async function openList(role: 'BlueTikAdmin' | 'WebAdmin' = 'WebAdmin') {
  signInAs(role);
  await renderApp('/listorders');
  await screen.findByRole('grid', { name: 'Orders' });
  await waitFor(() => expect(bodyRows()[0]).toHaveFocus());
  return userEvent.setup();
}

describe('selection', () => {
  it('Space toggles the active row, Shift+↓ extends, the bar counts them', async () => {
    const user = await openList();
    await user.keyboard(' ');
    expect(bodyRows()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    expect(
      bodyRows()
        .slice(0, 4)
        .map((r) => r.getAttribute('aria-selected')),
    ).toEqual(['true', 'true', 'true', 'false']);
    expect(within(bar()).getByRole('status')).toHaveTextContent('3 orders selected');
    await user.keyboard(' ');
    expect(within(bar()).getByRole('status')).toHaveTextContent('2 orders selected');
    await user.click(within(bar()).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
  });

  it('a filter starts the selection afresh; another page keeps it', async () => {
    const user = await openList();
    await user.keyboard(' ');
    expect(within(bar()).getByRole('status')).toHaveTextContent('1 order selected');
    await user.keyboard(']');
    await waitFor(() => expect(bodyRows()[0]).toHaveAttribute('aria-rowindex', '27'));
    expect(within(bar()).getByRole('status')).toHaveTextContent('1 order selected');
    await user.click(screen.getByRole('checkbox', { name: 'Delivered' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull());
    expect(bodyRows().every((row) => row.getAttribute('aria-selected') === 'false')).toBe(true);
  });

  it('changes the status of the selection; a refused order stays selected with its reason', async () => {
    const user = await openList();
    await user.keyboard(' {ArrowDown} ');
    const [first, second] = bodyRows().slice(0, 2).map(idOf);
    store.orders.delete(second!); // removed meanwhile
    await user.click(within(bar()).getByRole('button', { name: 'Change status…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the status of 2 orders' });
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'Processing');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 orders' }));
    await within(dialog).findByText('1 changed, 1 refused: Order not found');
    expect(within(dialog).getByRole('list', { name: 'Refused orders' })).toHaveTextContent(
      `Order #${second}: Order not found`,
    );
    expect(sent('bulkUpdateOrders')).toEqual([{ ids: [first, second], status: 1 }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(within(bar()).getByRole('status')).toHaveTextContent('1 order selected');
  });

  it('asks for the reason before cancelling', async () => {
    const user = await openList();
    await user.keyboard(' ');
    await user.click(within(bar()).getByRole('button', { name: 'Change status…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the status of 1 order' });
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'Cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 1 order' }));
    expect(await within(dialog).findByText('Please select a cancelled reason')).toBeInTheDocument();
    expect(sent('bulkUpdateOrders')).toEqual([]);
    await user.selectOptions(within(dialog).getByLabelText('Cancelled Reason'), 'Out of Stock');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 1 order' }));
    await within(dialog).findByText(/^1 changed, 0 refused/);
    expect(sent('bulkUpdateOrders')).toEqual([
      { ids: [idOf(bodyRows()[0]!)], status: 4, cancelledreason: 4 },
    ]);
  });

  it('selects every order matching the filter and walks it with the snapshot', async () => {
    const user = await openList('BlueTikAdmin');
    await user.click(within(grid()).getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(within(bar()).getByRole('status')).toHaveTextContent('25 orders selected');
    await user.click(within(bar()).getByRole('button', { name: 'Select all 120 matching' }));
    expect(within(bar()).getByRole('status')).toHaveTextContent(
      '120 orders selected (all matching the filter)',
    );
    // The server walks the filter in batches; here two: 100 orders, then 20.
    let call = 0;
    server.use(
      on('bulkUpdateOrders', () => {
        call++;
        const ids = Array.from({ length: call === 1 ? 100 : 20 }, (_, i) => (call - 1) * 100 + i + 1);
        return {
          results: ids.map((id) => ({ id, orderNumber: null, outcome: 'changed' as const })),
          next: call === 1 ? 100 : null,
        };
      }),
    );
    await user.click(within(bar()).getByRole('button', { name: 'Mark settled…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settlement of 120 orders' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 120 orders' }));
    await within(dialog).findByText('120 changed, 0 refused');
    expect(sent('bulkUpdateOrders')).toEqual([
      { filter: { q: '', upto: 120 }, after: 0, issettled: 'Yes' },
      { filter: { q: '', upto: 120 }, after: 100, issettled: 'Yes' },
    ]);
  });
});
