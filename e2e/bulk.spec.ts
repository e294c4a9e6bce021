import { expect, test, type Page } from '@playwright/test';
import { api, makeStore } from './api';
import { ACCOUNTS, expectAccessible, signInWith } from './support';

/*
 * Issue 15, item 2, keyboard only: select 30 orders across two pages, one of them removed
 * meanwhile, and mark them Processing → "29 changed, 1 refused: Order not found". A store of
 * its own (made for the test), so its list holds exactly these orders.
 */

const rows = (page: Page) => page.getByRole('grid', { name: 'Orders' }).locator('tbody tr[data-index]');
const bar = (page: Page) => page.getByRole('region', { name: 'Selection' });

test('select 30 across two pages, one removed meanwhile: 29 changed, 1 refused; another store’s id in the owner’s call is refused', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const store = await makeStore(baseURL!, ACCOUNTS.BlueTikAdmin, {
    name: 'Bulk Store',
    password: 'Bulk@1234',
  });
  const { owner, admin, storeId, made } = store;
  // Eight at a time; `made` keeps them oldest first, so it ends with the newest.
  for (let i = 0; i < 31; i += 8)
    await Promise.all(
      Array.from({ length: Math.min(8, 31 - i) }, (_, j) =>
        store.newOrder(`Bulk Customer ${String(i + j + 1).padStart(2, '0')}`),
      ),
    );

  await signInWith(page, owner.mobile, owner.password);
  await page.goto('/listorders');
  await expect(rows(page)).toHaveCount(25);
  await expect(rows(page).first()).toBeFocused();
  // Page 1: Space, then Shift+↓ to the last row.
  await page.keyboard.press('Space');
  for (let i = 0; i < 24; i++) await page.keyboard.press('Shift+ArrowDown');
  await expect(bar(page).getByRole('status')).toHaveText('25 orders selected');
  // Page 2: the first five.
  await page.keyboard.press(']');
  await expect(rows(page)).toHaveCount(6);
  await expect(rows(page).first()).toBeFocused();
  await page.keyboard.press('Space');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowDown');
  await expect(bar(page).getByRole('status')).toHaveText('30 orders selected');
  await expectAccessible(page);

  // One of them is removed meanwhile (the newest: on page 1).
  const removed = made.at(-1)!;
  expect((await api(admin, 'DELETE', `orders/removeorder/${removed}`)).status).toBe(200);

  // b: to the bulk actions (the first is Change status…).
  await page.keyboard.press('b');
  await expect(bar(page).getByRole('button', { name: 'Change status…' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Change the status of 30 orders' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('New status')).toHaveValue('1'); // Processing
  await expectAccessible(page);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('New status')).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(dialog.getByRole('status')).toHaveText('29 changed, 1 refused: Order not found');
  await expect(dialog.getByRole('list', { name: 'Refused orders' })).toContainText(
    `Order #${removed}: Order not found`,
  );
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(bar(page).getByRole('status')).toHaveText('1 order selected');

  // The server has them: 29 Processing.
  const listed = (await api(admin, 'GET', `orders/listorders?page=1&pageSize=50&store=${storeId}&status=1`))
    .body.result;
  expect(listed.total).toBe(29);

  // On a phone: the selection and the bulk dialog open, axe clean.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.keyboard.press('b');
  await expect(bar(page).getByRole('button', { name: 'Change status…' })).toBeFocused();
  await page.keyboard.press('Enter');
  const phoneDialog = page.getByRole('dialog', { name: 'Change the status of 1 order' });
  await expect(phoneDialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(phoneDialog).toHaveCount(0);

  // The store owner's own session, calling bulkupdate as a tampered client would: another
  // store's order among its own is refused like a missing one, the rest are done.
  const [foreign] = (
    await api(admin, 'GET', 'orders/listorders?page=1&pageSize=1&sort=createdDate&order=asc')
  ).body.result.rows as { id: number }[];
  const own = made.slice(0, 2);
  const before = (await api(admin, 'GET', `orders/getorderbyid/${foreign!.id}`)).body.result;
  const answer = await page.evaluate(
    async (ids) => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const r = await fetch('/api/orders/bulkupdate', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('token')}`,
          'X-XSRF-TOKEN': decodeURIComponent(xsrf),
        },
        body: JSON.stringify({ ids, status: 2 }),
      });
      return { status: r.status, body: (await r.json()) as { result: { results: unknown[] } } };
    },
    [...own, foreign!.id],
  );
  expect(answer.status).toBe(200);
  expect(answer.body.result.results).toEqual([
    ...own.map((id) => expect.objectContaining({ id, outcome: 'changed' })),
    expect.objectContaining({ id: foreign!.id, outcome: 'refused', message: 'Order not found' }),
  ]);
  const after = (await api(admin, 'GET', `orders/getorderbyid/${foreign!.id}`)).body.result;
  expect([after.status, after.version]).toEqual([before.status, before.version]);
  await store.remove();
});
