import { expect, test } from '@playwright/test';
import { api, apiSignIn } from './api';
import { bodyRows, grid, headerTexts, press } from './grid-support';
import { ACCOUNTS, expectAccessible, signIn } from './support';

/*
 * The audit trail (/listaudit) against the real server: a write made through the API is
 * listed with who made it, its row opens the record it names, and coming back focuses that
 * row (its id is the entry's, not the record's). From the keyboard, like tables.spec.ts.
 */

test('a write is listed, opens its record, and coming back focuses its row', async ({ page, baseURL }) => {
  const admin = await apiSignIn(baseURL!, ACCOUNTS.BlueTikAdmin.mobile, ACCOUNTS.BlueTikAdmin.password);
  const saved = await api(admin, 'POST', 'categories/upsertcategory', {
    id: '',
    name: `Audit trail ${Date.now()}`,
    subcategory: 'Trail',
    description: 'Listed in the audit trail',
    image: 'none.png',
    associatedItems: '',
  });
  expect(saved.status).toBe(200);
  const id = (saved.body.result as { id: number }).id;

  await signIn(page, 'BlueTikAdmin');
  const list = '/listaudit?entity=category&action=create';
  await page.goto(list);
  const row = bodyRows(page, 'Audit trail').filter({ has: page.locator(`a[href="/category/edit/${id}"]`) });
  await expect(row).toHaveCount(1);
  const columns = ['When', 'Who', 'Record', 'Action', 'What changed', 'Open'];
  expect(await headerTexts(page, 'Audit trail')).toEqual(columns);
  await expect(row).toContainText('Platform Admin');
  await expect(row).toContainText('Created');
  await expectAccessible(page);

  // The name search is a prefix of the user's name.
  await page.getByRole('searchbox', { name: 'Search by user' }).fill('platform ad');
  await expect(page).toHaveURL(/q=platform/);
  await expect(row).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search by user' }).fill('admin');
  await expect(grid(page, 'Audit trail').getByText(/^No entry matches/)).toBeVisible();
  await page.goto(list);

  await press(row);
  await expect(page).toHaveURL(new RegExp(`/category/edit/${id}$`));
  await press(page.getByRole('button', { name: 'Cancel' }));
  await expect(page).toHaveURL(list);
  await expect(row).toBeFocused();
});
