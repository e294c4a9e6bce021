import { expect, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, type DemoRole } from './support';

/* The list grids as tables.spec.ts works them from the keyboard: signing in, finding rows, pressing. */

export async function signInByKeyboard(page: Page, role: DemoRole) {
  await page.goto('/login');
  await page.getByLabel('Mobile number').fill(ACCOUNTS[role].mobile);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS[role].password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('button', { name: /Profile menu/ })).toBeVisible();
}

export const grid = (page: Page, name: string) => page.getByRole('grid', { name });
export const headerTexts = (page: Page, name: string) =>
  grid(page, name)
    .getByRole('columnheader')
    .allInnerTexts()
    // The orders' selection column has no text (its box is named "Select every row on this page").
    .then((all) => all.map((t) => t.trim()).filter((t) => t !== ''));
export const bodyRows = (page: Page, name: string) => grid(page, name).locator('tbody tr[data-index]');
/** A row's order number cell (past the selection's box). */
export const numberCell = (row: Locator) => row.locator('td', { hasText: /^\s*ORD\d+\s*$/ });
export const range = (page: Page) => page.getByText(/^\d[\d,]*–\d[\d,]* of \d[\d,]*$/);

export async function totalOf(page: Page): Promise<number> {
  const text = await range(page).innerText();
  return Number(text.split(' of ')[1]!.replace(/,/g, ''));
}

export async function press(locator: Locator, key = 'Enter') {
  await locator.focus();
  await locator.press(key);
}
