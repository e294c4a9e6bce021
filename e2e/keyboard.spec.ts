import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, api } from './api';
import { ACCOUNTS, expectAccessible, signIn } from './support';

/*
 * Issue 20: the order desk from the keyboard alone. Key presses are counted (typing aside).
 */
const rows = (page: Page) => page.getByRole('grid', { name: 'Orders' }).locator('tbody tr[data-index]');

test('a status change from a loaded list in a handful of keys, back on the row', async ({ page }, info) => {
  await signIn(page, 'BlueTikAdmin');
  // New Order and Processing: the order stays in the list after it moves to Processing.
  await page.goto('/listorders?status=%5B0%2C1%5D');
  await expect(rows(page).nth(2)).toBeVisible();
  // Opening a list puts the focus on its active row.
  await expect(rows(page).first()).toBeFocused();
  const third = rows(page).nth(2);
  const number = (await third.textContent())!.match(/ORD\d+/)![0];

  let presses = 0;
  const press = async (key: string) => {
    presses++;
    await page.keyboard.press(key);
  };
  await press('ArrowDown');
  await press('ArrowDown');
  await press('Enter');
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await press('s');
  const status = page.getByLabel('Status', { exact: true });
  await expect(status).toBeFocused();
  const before = await status.inputValue();
  // Typing aside: the option is chosen by its first letter.
  await page.keyboard.type(before === '1' ? 'N' : 'P');
  const saved = page.waitForResponse((r) => r.url().includes('/api/orders/upsertorder'));
  await press('Control+Enter');
  expect((await saved).status()).toBe(200);
  await expect(page).toHaveURL(/\/listorders\?/);
  const row = rows(page).filter({ hasText: number });
  await expect(row).toBeFocused();
  await expect(row).toContainText(before === '1' ? 'New Order' : 'Processing');
  info.annotations.push({ type: 'key presses', description: String(presses) });
  console.log(`status change from a loaded list: ${presses} key presses (typing aside)`);
  expect(presses).toBeLessThanOrEqual(8);
});

test('Ctrl+K from the dashboard: an order number, Enter, its details', async ({ page, baseURL }) => {
  const session = await apiSignIn(baseURL!, ACCOUNTS.BlueTikAdmin.mobile, ACCOUNTS.BlueTikAdmin.password);
  const { body } = await api(session, 'GET', 'orders/listorders?page=7&pageSize=1');
  const order = body.result.rows[0] as { id: number; orderNumber: string };
  await signIn(page, 'BlueTikAdmin');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.type(order.orderNumber);
  await expect(palette.getByRole('option', { name: new RegExp(order.orderNumber) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/order/edit/${order.id}$`));
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();

  // Escape closes it; g then a letter goes to a screen.
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(/\/listitems/);
});
