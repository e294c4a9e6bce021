import { expect, test, type Page } from '@playwright/test';
import { signIn, uncovered } from './support';

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

/*
 * Issue 24, item 2: the action bar stays at the screen's foot and the shell's header at its
 * top, so neither may hide what the keyboard works on: each control reached with Tab, then
 * back with Shift+Tab, on a 12-item order is in view and the top of what lies at its middle
 * (before: 17 of 60 under the action bar at 390 px and 7 at 1280; 10 of 60 under the
 * header going back).
 */
for (const width of [390, 1280])
  test(`at ${width} px, Tab and Shift+Tab through an order never land under the bars`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
    await signIn(page, 'BlueTikAdmin');
    await page.goto('/listorders?q=ORD002000');
    await rows(page).first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Order ORD002000' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    const hidden: string[] = [];
    for (const key of ['Tab', 'Shift+Tab'])
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press(key);
        const focused = page.locator(':focus');
        if ((await focused.count()) === 0 || (await focused.evaluate(uncovered))) continue;
        const name = await focused.evaluate(
          (el) => `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 30)}`,
        );
        hidden.push(`${key} ${i + 1}: ${name}`);
      }
    expect(hidden).toEqual([]);
  });
