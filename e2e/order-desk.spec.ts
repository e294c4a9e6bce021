import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/*
 * Issue 24, item 1: leaving an order (Save, Cancel, the browser's Back) returns to exactly
 * the list it was opened from — filters, sort, page and snapshot — with focus on its row.
 */
const LIST = '/listorders?status=%5B1%5D&sort=orderUserName&order=desc&page=2';
const rows = (page: Page) => page.getByRole('grid', { name: 'Orders' }).locator('tbody tr[data-index]');

/** The filtered, sorted page 2; the third row opened from the keyboard. */
async function openThird(page: Page) {
  await page.goto(LIST);
  await expect(rows(page).nth(2)).toBeVisible();
  await expect(page).toHaveURL(/upto=/);
  const listUrl = page.url();
  await rows(page).first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const number = (await rows(page).nth(2).textContent())!.match(/ORD\d+/)![0];
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  return { listUrl, number };
}

async function expectBack(page: Page, { listUrl, number }: { listUrl: string; number: string }) {
  await expect(page).toHaveURL(listUrl);
  const search = new URL(page.url()).searchParams;
  expect([search.get('status'), search.get('sort'), search.get('order'), search.get('page')]).toEqual([
    '[1]',
    'orderUserName',
    'desc',
    '2',
  ]);
  await expect(rows(page).nth(2)).toBeFocused();
  await expect(rows(page).nth(2)).toContainText(number);
}

test.describe('back to the same list', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'BlueTikAdmin');
  });

  test('Save returns to the filtered, sorted page 2 with focus on the order', async ({ page }) => {
    const opened = await openThird(page);
    const saved = page.waitForResponse((r) => r.url().includes('/api/orders/upsertorder'));
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await expectBack(page, opened);
  });

  test('Cancel does the same', async ({ page }) => {
    const opened = await openThird(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectBack(page, opened);
  });

  test('Escape and the browser’s Back do the same', async ({ page }) => {
    let opened = await openThird(page);
    await page.goBack();
    await expectBack(page, opened);
    opened = await openThird(page);
    await page.getByRole('heading', { name: `Order ${opened.number}` }).click();
    await page.keyboard.press('Escape');
    await expectBack(page, opened);
  });
});
