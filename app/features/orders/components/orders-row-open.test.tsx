import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signInAs } from '../../../test/render-app';

/*
 * Issue 24, item 3: a row opens with a click or tap anywhere on it, as Enter does; the
 * row's own links and buttons keep their meaning, and a modified or middle click opens the
 * row in a new tab as a link would. Issue 22, item 1: the filters fold behind "Filters (n)".
 */

const rowOf = (grid: HTMLElement, text: string) => within(grid).getByText(text).closest('tr')!;

describe('a list row opens on click', () => {
  it('a click on an order row’s text opens that order', async () => {
    signInAs('BlueTikAdmin');
    const { router, user } = await renderApp('/listorders');
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    await user.click(within(rowOf(grid, 'ORD000002')).getByText('On the Way'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/edit/2'));
  });

  it('a click on the row’s Delete button only asks; a middle or Ctrl-click opens a new tab', async () => {
    signInAs('BlueTikAdmin');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router, user } = await renderApp('/listorders');
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    const row = rowOf(grid, 'ORD000001');

    await user.click(within(row).getByRole('button', { name: 'Delete order ORD000001' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/listorders');

    await user.keyboard('{Control>}');
    await user.click(within(row).getByText('Pay on Delivery'));
    await user.keyboard('{/Control}');
    expect(open).toHaveBeenLastCalledWith('/order/edit/1', '_blank', 'noopener');
    await user.pointer({ keys: '[MouseMiddle]', target: within(row).getByText('Processing') });
    expect(open).toHaveBeenCalledTimes(2);
    expect(router.state.location.pathname).toBe('/listorders');
  });

  it('the items list opens an item’s edit page from its row', async () => {
    signInAs('WebAdmin');
    const { router, user } = await renderApp('/listitems');
    const grid = await screen.findByRole('grid', { name: 'Items' });
    await user.click(within(rowOf(grid, 'Basmati Rice')).getByText('Rs 120.00'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/items/edit/1'));
    expect(router.state.location.search).toEqual({ action: 'edit' });
  });
});

describe('folded filters', () => {
  it('says how many filters are set and opens and closes the panel', async () => {
    signInAs('BlueTikAdmin');
    const { user } = await renderApp('/listorders?status=1,3&paymentType=Online&from=2025-01-01');
    await screen.findByRole('grid', { name: 'Orders' });
    // Two statuses are one filter: status, payment type and the from date.
    const toggle = screen.getByRole('button', { name: 'Filters (3)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(panel).getByLabelText('Payment type')).toHaveValue('Online');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(panel).getByRole('checkbox', { name: 'Open, expected after today' }));
    expect(await screen.findByRole('button', { name: 'Filters (4)' })).toBe(toggle);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('counts only the filters the viewer has: no store filter for a WebAdmin', async () => {
    signInAs('WebAdmin');
    await renderApp('/listorders?store=3');
    await screen.findByRole('grid', { name: 'Orders' });
    expect(screen.getByRole('button', { name: 'Filters (0)' })).toBeInTheDocument();
  });
});

describe('a row’s own controls', () => {
  const bodyRows = (grid: HTMLElement) => within(grid).getAllByRole('row').slice(1);
  const controls = (row: HTMLElement) => [
    within(row).getByRole('link', { name: /^Edit order ORD/ }),
    within(row).getByRole('button', { name: /^Delete order ORD/ }),
  ];

  it('are Tab stops on the active row only, follow it, tick and open their own row', async () => {
    signInAs('BlueTikAdmin');
    const { router, user } = await renderApp('/listorders');
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    const [first, second] = bodyRows(grid) as [HTMLElement, HTMLElement];
    for (const control of controls(first)) expect(control).not.toHaveAttribute('tabindex');
    for (const control of controls(second)) expect(control).toHaveAttribute('tabindex', '-1');

    first.focus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    for (const control of controls(first)) expect(control).toHaveAttribute('tabindex', '-1');
    for (const control of controls(second)) expect(control).not.toHaveAttribute('tabindex');

    // The box is named by its row and ticks that row alone (a click target, never a Tab stop).
    const number = within(second).getByText(/^ORD\d+$/).textContent!;
    const box = within(second).getByRole('checkbox', { name: `Select order ${number}` });
    expect(box).toHaveAttribute('tabindex', '-1');
    await user.click(box);
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('region', { name: 'Selection' })).toHaveTextContent('1 order selected');
    await user.click(box);
    expect(second).toHaveAttribute('aria-selected', 'false');

    // Its Edit link opens it in the app, naming the row it came from (for the way back).
    await user.click(controls(second)[0]!);
    const id = String(Number(number.slice(3)));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order/edit/${id}`));
    expect(router.state.location.state).toMatchObject({ listRow: id });
  });
});
