import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '#contract/enums';
import { makeOrder } from '#mocks/factories/orders';
import { on } from '#mocks/endpoint';
import { server } from '#mocks/server';
import { asked, sent, store } from '#mocks/store';
import { readText, renderApp, signInAs } from '../../../test/render-app';

/* The timeline and notes on order details (issue 16). Words from the trail's entries. */

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

beforeEach(() => {
  store.orders.set(101, makeOrder(101, { orderUserName: 'Lakshmi Devi' }));
  store.history.set(101, [
    {
      id: 7,
      at: at(90),
      userId: 2,
      userName: 'Ravi Kumar',
      action: 'update',
      changes: {
        totalPrice: [566.5, 466.5],
        status: [0, 1],
        'item 2 price': [95.5, 62.17],
        'item 5 notAvailable': [false, true],
        deliveryPrice: [30, 40],
      },
    },
    {
      id: 9,
      at: at(5),
      userId: 1,
      userName: 'Platform Admin',
      action: 'note',
      changes: { text: '<b>Ring twice</b>' },
    },
    {
      id: 10,
      at: at(3),
      userId: 1,
      userName: 'Platform Admin',
      action: 'note',
      changes: { text: null, removedBy: 'Platform Admin', removedAt: at(2) },
    },
  ]);
});

async function openTimeline(role: Role) {
  signInAs(role);
  await renderApp('/order/edit/101');
  const timeline = await screen.findByRole('region', { name: 'Timeline' });
  await within(timeline).findByText('Order updated');
  return timeline;
}

describe('order timeline', () => {
  it('reads each change in words with its author, the placing first, a note as text', async () => {
    const timeline = await openTimeline('MobileUser');
    const entries = within(within(timeline).getByRole('list', { name: /^Timeline of order/ }))
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('h3'));
    expect(entries.map((li) => li.querySelector('h3')!.textContent)).toEqual([
      'Order placed',
      'Order updated',
      'Note',
      'Note (removed)',
    ]);
    expect(entries[0]).toHaveTextContent('Lakshmi Devi');
    const update = within(entries[1]!).getAllByRole('listitem').map(readText);
    expect(update).toEqual([
      'Status: New Order → Processing',
      'Price of Toor Dal: Rs 95.50 → Rs 62.17',
      'Milk Bread marked not available',
      'Items total: Rs 566.50 → Rs 466.50',
      'Delivery price: Rs 30.00 → Rs 40.00',
    ]);
    expect(entries[1]).toHaveTextContent('Ravi Kumar');
    expect(entries[1]).toHaveTextContent('2 hours ago');
    // Markup in a note is text.
    expect(within(entries[2]!).getByText('<b>Ring twice</b>')).toBeInTheDocument();
    expect(entries[2]!.querySelector('b')).toBeNull();
    // The mobile app's users read; they neither add nor remove notes.
    expect(within(timeline).queryByRole('textbox', { name: 'Note' })).toBeNull();
    expect(within(timeline).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('adds a note from the keyboard and shows it; a WebUser may add but not remove', async () => {
    const user = userEvent.setup();
    const timeline = await openTimeline('WebUser');
    expect(within(timeline).queryByRole('button', { name: /^Remove/ })).toBeNull();
    const box = within(timeline).getByRole('textbox', { name: 'Note' });
    await user.click(box);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await within(timeline).findByText('Note is required')).toBeInTheDocument();
    await user.type(box, 'Customer will pay by UPI on delivery');
    expect(within(timeline).getByText(/36 of 500 characters/)).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(sent('addOrderNote')).toEqual([{ orderId: 101, text: 'Customer will pay by UPI on delivery' }]),
    );
    expect(await within(timeline).findByText('Customer will pay by UPI on delivery')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('lets a WebAdmin remove a note after confirming', async () => {
    const user = userEvent.setup();
    const timeline = await openTimeline('WebAdmin');
    await user.click(within(timeline).getByRole('button', { name: 'Remove note by Platform Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove note' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(asked('removeOrderNote').map((r) => r.url.pathname)).toEqual(['/api/orders/removenote/9']),
    );
    await waitFor(() => expect(within(timeline).queryByText('<b>Ring twice</b>')).toBeNull());
  });

  it('pages a long trail: 20 entries, then the later ones on request', async () => {
    const user = userEvent.setup();
    const notes = Array.from({ length: 25 }, (_, i) => ({
      id: 100 + i,
      at: at(60 - i),
      userId: 2,
      userName: 'Ravi Kumar',
      action: 'note',
      changes: { text: `Call ${i + 1}` },
    }));
    // The server's paging (tested there): `limit` entries after `after`.
    server.use(
      on('getOrderHistory', ({ query }) =>
        notes.filter((n) => n.id > (query.after ?? 0)).slice(0, query.limit ?? 100),
      ),
    );
    signInAs('WebAdmin');
    await renderApp('/order/edit/101');
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(await within(timeline).findByText('Call 20')).toBeInTheDocument();
    expect(within(timeline).queryByText('Call 21')).toBeNull();
    await user.click(within(timeline).getByRole('button', { name: 'Show later entries' }));
    expect(await within(timeline).findByText('Call 25')).toBeInTheDocument();
    expect(within(timeline).queryByRole('button', { name: 'Show later entries' })).toBeNull();
    expect(asked('getOrderHistory').map((r) => r.url.search)).toEqual(['?limit=20', '?limit=20&after=119']);
  });
});
