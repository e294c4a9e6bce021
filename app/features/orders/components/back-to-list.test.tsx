import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sent } from '#mocks/store';
import { renderApp, signInAs } from '../../../test/render-app';

// Issue 24: leaving an order returns to exactly the list it was opened from, focus on its row.
const LIST = '/listorders?paymentType=PayOnDelivery&page=2&sort=orderUserName&order=desc';
const grid = () => screen.getByRole('grid', { name: 'Orders' });
const bodyRows = () => within(grid()).getAllByRole('row').slice(1);
const orderNumberOf = (row: HTMLElement) => row.textContent!.match(/ORD\d+/)![0];

/** Opens the list, makes the third row active by keyboard and opens it with Enter. */
async function openThirdOrder() {
  signInAs('BlueTikAdmin');
  const app = await renderApp(LIST);
  await screen.findByRole('grid', { name: 'Orders' });
  const listHref = app.router.state.location.href;
  act(() => bodyRows()[0]!.focus());
  await app.user.keyboard('{ArrowDown}{ArrowDown}');
  const number = orderNumberOf(bodyRows()[2]!);
  await app.user.keyboard('{Enter}');
  await screen.findByRole('heading', { name: `Order ${number}` });
  return { ...app, listHref, number };
}

async function expectBackOnRow(app: Awaited<ReturnType<typeof openThirdOrder>>) {
  await screen.findByRole('grid', { name: 'Orders' });
  expect(app.router.state.location.href).toBe(app.listHref);
  expect(app.router.state.location.search).toMatchObject({
    paymentType: 'PayOnDelivery',
    page: 2,
    sort: 'orderUserName',
    order: 'desc',
  });
  await waitFor(() => expect(document.activeElement).toBe(bodyRows()[2]));
  expect(orderNumberOf(bodyRows()[2]!)).toBe(app.number);
  expect(bodyRows()[2]).toHaveAttribute('tabindex', '0');
}

describe('back to the same list', () => {
  it('Cancel returns to the filtered, sorted page 2 with focus on the order', async () => {
    const app = await openThirdOrder();
    await app.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expectBackOnRow(app);
  });

  it('Save stores the order, then returns the same way', async () => {
    const app = await openThirdOrder();
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('upsertOrder')).toHaveLength(1));
    await expectBackOnRow(app);
  });

  it('Escape leaves as Cancel does, but not while typing', async () => {
    const app = await openThirdOrder();
    act(() => screen.getByLabelText('Status').focus());
    await app.user.keyboard('{Escape}');
    expect(app.router.state.location.pathname).toMatch(/^\/order\/edit\//);
    act(() => (document.activeElement as HTMLElement).blur());
    await app.user.keyboard('{Escape}');
    await expectBackOnRow(app);
  });

  it('the browser’s Back lands on the same row', async () => {
    const app = await openThirdOrder();
    act(() => app.router.history.back());
    await expectBackOnRow(app);
  });

  it('from the keyboard: s focuses the status, Ctrl+Enter saves and returns', async () => {
    const app = await openThirdOrder();
    await app.user.keyboard('s');
    const status = screen.getByLabelText('Status');
    expect(status).toHaveFocus();
    expect(status).toHaveAttribute('aria-keyshortcuts', 's');
    await app.user.selectOptions(status, 'Processing');
    await app.user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(sent('upsertOrder')).toHaveLength(1));
    expect(sent('upsertOrder')[0]).toMatchObject({ status: '1' });
    await expectBackOnRow(app);
  });

  it('an order opened directly goes back to the plain list', async () => {
    signInAs('BlueTikAdmin');
    const { router, user } = await renderApp('/order/edit/7');
    await screen.findByRole('heading', { name: /^Order ORD/ });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listorders'));
    // Unfiltered, first page (the list pins its snapshot, `upto`, as it always does).
    expect(Object.keys(router.state.location.search)).toEqual(['upto']);
  });
});
