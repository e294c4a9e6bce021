import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, api, makeStore } from './api';
import { ACCOUNTS, expectAccessible, signIn } from './support';

/*
 * Issue 20: the order desk from the keyboard alone. Key presses are counted (typing aside).
 */
const rows = (page: Page) => page.getByRole('grid', { name: 'Orders' }).locator('tbody tr[data-index]');

test('a status change from a loaded list in a handful of keys, back on the row', async ({
  page,
  baseURL,
}, info) => {
  // A store of its own: the newest orders of all may be another test's meanwhile (bulk.spec.ts
  // selects 30 of its own and counts how many change).
  const store = await makeStore(baseURL!, ACCOUNTS.BlueTikAdmin, {
    name: 'Keys Store',
    password: 'Keys@1234',
  });
  for (const n of [1, 2, 3]) await store.newOrder(`Keys Customer ${n}`);
  await signIn(page, 'BlueTikAdmin');
  // New Order and Processing: the order stays in the list after it moves to Processing.
  await page.goto(`/listorders?status=%5B0%2C1%5D&store=${store.storeId}`);
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

/*
 * Issue 20: from each screen's heading, one Tab reaches what the screen is for — the search
 * on a list, the first card on the dashboard, the first field of a form — with nothing
 * (an Add button, a Back link) in between.
 */
const TAB_WALK: { path: string; expected: 'search' | 'first card' | 'first field' }[] = [
  { path: '/', expected: 'first card' },
  ...['/listorders', '/listcategories', '/listitems', '/listusers', '/listroles', '/listaudit'].map(
    (path) => ({
      path,
      expected: 'search' as const,
    }),
  ),
  ...[
    '/addcategory',
    '/additem',
    '/adduser',
    '/editprofile',
    '/changepassword',
    '/order/edit/5',
    '/category/edit/1',
    '/items/edit/1?action=edit',
    '/users/edit/1',
    '/roles/edit/1',
  ].map((path) => ({ path, expected: 'first field' as const })),
];

test('one Tab from each screen’s heading reaches what the screen is for', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'BlueTikAdmin');
  const main = page.getByRole('main');
  const walked: string[] = [];
  for (const { path, expected } of TAB_WALK) {
    await page.goto(path);
    const target =
      expected === 'search'
        ? main.getByRole('searchbox')
        : expected === 'first card'
          ? main.getByRole('list', { name: 'Orders by status' }).getByRole('link').first()
          : // The form's first control that takes input (a category's group on an order).
            main.locator('form').locator('input:not([type=hidden]), select, textarea, summary').first();
    await expect(target).toBeVisible();
    // The sequential focus starting point: the heading (made focusable by the test only).
    await main.locator('h1').evaluate((h1) => {
      h1.setAttribute('tabindex', '-1');
      (h1 as HTMLElement).focus();
    });
    await page.keyboard.press('Tab');
    await expect(target, path).toBeFocused();
    walked.push(`${path} → ${expected}`);
  }
  console.log(`Tab from the heading: ${walked.join('; ')}`);
});

test('status tabs from the keyboard: Shift+Tab from the rows, arrows, Enter; the count is the list’s total', async ({
  page,
}) => {
  await signIn(page, 'BlueTikAdmin');
  await page.goto('/listorders');
  await expect(rows(page).first()).toBeFocused();
  // Back over the column headers' sort buttons to the tabs (only the picked tab is a stop).
  const tabs = page.getByRole('tablist', { name: 'Orders by status' });
  const onTab = () => page.evaluate(() => document.activeElement?.getAttribute('role') === 'tab');
  let presses = 0;
  while (!(await onTab()) && presses < 15) {
    await page.keyboard.press('Shift+Tab');
    presses++;
  }
  await expect(tabs.getByRole('tab', { name: /^All/ })).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  const delivered = tabs.getByRole('tab', { name: /^Delivered/ });
  await expect(delivered).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/status=%5B3%5D/);
  await expect(delivered).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: /^Delivered/ })).toBeVisible();
  const range = page.getByText(/^\d[\d,]*–\d[\d,]* of \d[\d,]*$/);
  await expect(range).toBeVisible();
  const total = (await range.innerText()).split(' of ')[1];
  await expect(delivered).toHaveText(`Delivered${total}`);
  await expectAccessible(page);
});
