import { expect, test, type Page } from '@playwright/test';
import { api, apiSignIn, makeStore, makeUser } from './api';
import { ACCOUNTS, expectAccessible, signIn, signInWith } from './support';

/*
 * Issue 15, items 3 and 4, from the keyboard: hide, move and pin columns and find them so
 * after a reload; save a filtered view shared with everyone and open its link as a
 * colleague (a second platform admin, so the same scope), who sees the same rows.
 */

const grid = (page: Page) => page.getByRole('grid', { name: 'Orders' });
const headers = (page: Page) => grid(page).getByRole('columnheader').allInnerTexts();
const orderNumbers = (page: Page) =>
  grid(page)
    .locator('tbody tr[data-index] td')
    .filter({ hasText: /^ORD\d+$/ })
    .allInnerTexts();

test('columns: hidden, moved and pinned from the Columns menu stay so after a reload', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'BlueTikAdmin');
  await page.goto('/listorders');
  await expect(grid(page).locator('tbody tr[data-index]').first()).toBeVisible();
  expect((await headers(page)).slice(1, 3)).toEqual(['Order Id', 'Status']);

  // c opens the menu; → opens a column's own menu.
  await page.keyboard.press('c');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem', { name: /^Payment Type/ }).press('ArrowRight');
  await expect(page.getByRole('menuitemcheckbox', { name: 'Show Payment Type' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitemcheckbox', { name: 'Show Payment Type' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('menuitem', { name: /^Status/ }).press('ArrowRight');
  await page.getByRole('menuitem', { name: 'Move left' }).press('Enter');
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('menuitem', { name: /^Name/ }).press('ArrowRight');
  await page.getByRole('menuitemcheckbox', { name: 'Pin to the left' }).press('Enter');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  const arranged = ['Name', 'Status', 'Order Id', 'Total Price'];
  expect((await headers(page)).slice(1, 5)).toEqual(arranged);
  await page.reload();
  await expect(grid(page).locator('tbody tr[data-index]').first()).toBeVisible();
  const after = await headers(page);
  expect(after.slice(1, 5)).toEqual(arranged);
  expect(after).not.toContain('Payment Type');
  await expect(page.getByRole('button', { name: 'Columns (1 hidden)' })).toBeVisible();
  // Pinned: it stays at the table's left edge (position sticky, after the checkboxes).
  const name = grid(page).getByRole('columnheader', { name: 'Name', exact: true });
  expect(await name.evaluate((th) => getComputedStyle(th).position)).toBe('sticky');

  // On a phone the rows are cards (nothing sticks); the menu still works and is accessible.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press('c');
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
});

test('a view shared with everyone opens from its link for a colleague: the same rows', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const colleagueAccount = await makeUser(baseURL!, ACCOUNTS.BlueTikAdmin, {
    role: 'BlueTikAdmin',
    password: 'Second@123',
    name: 'Second Admin',
  });
  await signIn(page, 'BlueTikAdmin');
  await page.goto('/listorders?status=1&sort=orderUserName&order=desc');
  await expect(grid(page).locator('tbody tr[data-index]').first()).toBeVisible();
  const seen = await orderNumbers(page);
  expect(seen.length).toBeGreaterThan(1);

  await page.keyboard.press('v');
  await page.getByRole('menuitem', { name: 'Save as a new view…' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await expect(dialog.getByLabel('View name')).toBeFocused();
  await page.keyboard.type('Processing by name');
  await page.keyboard.press('Tab');
  await dialog.getByLabel('Shared with').selectOption('everyone');
  await expectAccessible(page);
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: /View: Processing by name/ })).toBeVisible();
  const view = Number(new URL(page.url()).searchParams.get('view'));
  expect(view).toBeGreaterThan(0);

  // The colleague is on a phone.
  const colleague = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const other = await colleague.newPage();
    await signInWith(other, colleagueAccount.mobile, colleagueAccount.password);
    await other.goto(`/listorders?view=${view}`);
    await expect(other.getByRole('button', { name: /View: Processing by name/ })).toBeVisible();
    await expect(grid(other).locator('tbody tr[data-index]').first()).toBeVisible();
    expect(await orderNumbers(other)).toEqual(seen);
    await other.keyboard.press('v');
    await expect(other.getByRole('menuitemradio', { name: /Processing by name/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expectAccessible(other);
  } finally {
    await colleague.close();
    const owner = await apiSignIn(baseURL!, ACCOUNTS.BlueTikAdmin.mobile, ACCOUNTS.BlueTikAdmin.password);
    expect((await api(owner, 'DELETE', `views/removeview/${view}`)).status).toBe(200);
    await owner.ctx.dispose();
    await colleagueAccount.remove();
  }
});

test('a view picked from the menu filters the open list on its snapshot, in one step', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const owner = await apiSignIn(baseURL!, ACCOUNTS.BlueTikAdmin.mobile, ACCOUNTS.BlueTikAdmin.password);
  const made = await api(owner, 'POST', 'views/upsertview', {
    list: 'orders',
    name: 'Delivered, dearest first',
    share: 'private',
    filter: { status: ['3'], sort: 'totalPrice', order: 'desc' },
    layout: { order: [], hidden: [], pinned: [], widths: {}, density: 'compact' },
  });
  expect(made.status).toBe(200);
  const view = (made.body as { result: { id: number } }).result.id;
  const store = await makeStore(baseURL!, ACCOUNTS.BlueTikAdmin, {
    name: 'View Snapshot Store',
    password: 'Store@123',
  });
  try {
    await signIn(page, 'BlueTikAdmin');
    await page.goto('/listorders');
    await expect(grid(page).locator('tbody tr[data-index]').first()).toBeVisible();
    const upto = new URL(page.url()).searchParams.get('upto');
    expect(Number(upto)).toBeGreaterThan(0);
    // An order arrives while the list is open: opening a view keeps the snapshot (as a filter
    // change does); the new order waits behind the list's "new orders" notice.
    await store.newOrder('Snapshot Customer');

    await page.keyboard.press('v');
    await page.getByRole('menuitemradio', { name: /Delivered, dearest first/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /View: Delivered, dearest first/ })).toBeVisible();
    // The same snapshot as before: no new order slips in under the operator. The URL follows
    // the frame that shows the view (record 090).
    const url = () => new URL(page.url()).searchParams;
    await expect
      .poll(() => [url().get('view'), url().get('sort'), url().get('order'), url().get('upto')])
      .toEqual([String(view), 'totalPrice', 'desc', upto]);
    // Every row of the view's page: the rows below the screen come after the ones on it.
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
    const statuses = grid(page)
      .locator('tbody tr[data-index] td')
      .filter({ hasText: /^Delivered$/ });
    await expect(grid(page).locator('tbody tr[data-index]')).toHaveCount(await statuses.count());
    // The view's own layout came with it.
    await expect(page.locator('[data-density="compact"]')).toHaveCount(1);
    await expectAccessible(page);
  } finally {
    expect((await api(owner, 'DELETE', `views/removeview/${view}`)).status).toBe(200);
    await owner.ctx.dispose();
    await store.remove();
  }
});

test('the Views menu: save a view, save its changes, make it the default, rename it, close it, delete it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A user of its own: a default view would otherwise open for every other test signed in as the admin.
  const account = await makeUser(baseURL!, ACCOUNTS.BlueTikAdmin, {
    role: 'BlueTikAdmin',
    password: 'Views@123',
    name: 'Views Menu Admin',
  });
  const owner = await apiSignIn(baseURL!, account.mobile, account.password);
  type Listed = { id: number; name: string; isDefault: boolean; filter: { sort?: string } };
  const listed = async () =>
    ((await api(owner, 'GET', 'views/listviews?list=orders')).body as { result: Listed[] }).result;
  const menuItem = async (name: string) => {
    await page.getByRole('button', { name: /^View: / }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name }).click();
  };
  try {
    await signInWith(page, account.mobile, account.password);
    await page.goto('/listorders');
    await expect(grid(page).locator('tbody tr[data-index]').first()).toBeVisible();

    await page.keyboard.press('v');
    await page.getByRole('menuitem', { name: 'Save as a new view…' }).click();
    const save = page.getByRole('dialog', { name: 'Save this view' });
    await save.getByLabel('View name').fill('Morning desk');
    await save.getByRole('button', { name: 'Save view' }).click();
    const menuButton = page.getByRole('button', { name: /^View: / });
    await expect(menuButton).toHaveText('View: Morning desk');

    // A new sort: the view is marked changed, and its changes can be saved to it.
    await page.getByRole('button', { name: 'Total Price', exact: true }).click();
    await expect(menuButton).toHaveText('View: Morning desk (changed)');
    await menuItem('Save changes to “Morning desk”');
    await expect(page.getByText('Saved the changes to “Morning desk”.', { exact: true })).toBeVisible();
    await expect(menuButton).toHaveText('View: Morning desk');
    expect((await listed()).map((one) => one.filter.sort)).toEqual(['totalPrice']);

    await menuItem('Open it by default');
    await expect.poll(async () => (await listed()).map((one) => one.isDefault)).toEqual([true]);
    await menuItem('Copy link');
    await expect(page.getByText(/link to “Morning desk”: .*\/listorders\?view=\d+$/).first()).toBeVisible();

    await menuItem('Rename or share…');
    const rename = page.getByRole('dialog', { name: 'Rename or share “Morning desk”' });
    await rename.getByLabel('View name').fill('Evening desk');
    await rename.getByRole('button', { name: 'Save view' }).click();
    await expect(menuButton).toHaveText('View: Evening desk');

    // Closing the view: the list without it, the same snapshot.
    await menuItem('All orders (close the view)');
    await expect(page.getByRole('button', { name: 'Views', exact: true })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('view')).toBeNull();

    await page.keyboard.press('v');
    await page.getByRole('menuitemradio', { name: /Evening desk/ }).click();
    await expect(menuButton).toHaveText('View: Evening desk');
    // The view laid the table out once: a column hidden afterwards stays hidden through a reload.
    await page.keyboard.press('c');
    await page.getByRole('menuitem', { name: /^Payment Type/ }).press('ArrowRight');
    await page.getByRole('menuitemcheckbox', { name: 'Show Payment Type' }).press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveText('View: Evening desk (changed)');
    await page.reload();
    await expect(menuButton).toHaveText('View: Evening desk (changed)');
    expect(await headers(page)).not.toContain('Payment Type');

    // Deleting asks first; Cancel keeps it.
    await menuItem('Delete view…');
    const confirm = page.getByRole('dialog', { name: 'Delete the view “Evening desk”?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(await listed()).toHaveLength(1);

    await menuItem('Delete view…');
    await confirm.getByRole('button', { name: 'Delete view' }).click();
    await expect(page.getByRole('button', { name: 'Views', exact: true })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('view')).toBeNull();
    expect(await listed()).toHaveLength(0);
  } finally {
    for (const left of await listed()) await api(owner, 'DELETE', `views/removeview/${left.id}`);
    await owner.ctx.dispose();
    await account.remove();
  }
});
