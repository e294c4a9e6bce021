import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, ROLES, signIn } from './support';

/*
 * The dashboard against the real server (issue 6 acceptance): for each demo role, each
 * card's count equals the total of the orders list it opens, reached from the keyboard
 * (the card is focused and Enter pressed); the dashboard is axe clean and fits a phone.
 */

const CARDS = ['Upcoming', 'New Order', 'Processing', 'On the Way', 'Delivered', 'Cancelled'] as const;

const cardLink = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Orders by status' }).getByRole('link', { name: new RegExp(`^${label}: `) });

/** The number a card's accessible name carries ("Delivered: 1,234 orders"). */
async function cardCount(page: Page, label: string): Promise<number> {
  const name = (await cardLink(page, label).getAttribute('aria-label')) ?? '';
  return Number(/: ([\d,]+) order/.exec(name)![1]!.replace(/,/g, ''));
}

/** The list's total: "1–25 of N" under the table, or its empty state. */
async function listTotal(page: Page): Promise<number> {
  const range = page.getByText(/^\d[\d,]*–\d[\d,]* of \d[\d,]*$/);
  const empty = page.getByText('No order matches your search or filters.');
  await expect(range.or(empty)).toBeVisible();
  if (await empty.isVisible()) return 0;
  return Number((await range.innerText()).split(' of ')[1]!.replace(/,/g, ''));
}

for (const role of ROLES) {
  test(`${role}: every card's count is the total of the list it opens`, async ({ page }) => {
    test.slow();
    await signIn(page, role);
    for (const label of CARDS) {
      // Another spec may change an order meanwhile: read the pair again until it settles.
      let attempt = 0;
      await expect
        .poll(
          async () => {
            // Back from the list to the dashboard inside the app (no page load per card); a
            // second look loads the page, so the dashboard's counts are asked for again.
            if (attempt++ > 0) await page.goto('/');
            else if (new URL(page.url()).pathname !== '/') await page.goBack();
            await expect(page).toHaveURL(/\/$/);
            const count = await cardCount(page, label);
            await cardLink(page, label).focus();
            await page.keyboard.press('Enter');
            await expect(page).toHaveURL(/\/listorders\?(status=|upcoming=Yes)/);
            // The list shows which filter it applies.
            const filter =
              label === 'Upcoming'
                ? page.getByRole('checkbox', { name: 'Open, expected after today' })
                : page.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: label });
            await expect(filter).toBeChecked();
            const total = await listTotal(page);
            return count === total ? 'equal' : `card ${count}, list ${total}`;
          },
          { message: `${role} ${label}`, timeout: 25_000 },
        )
        .toBe('equal');
    }
  });
}

test('the dashboard is axe clean and usable at 1280 and at 390 px wide', async ({ page }, testInfo) => {
  // Two axe runs, two viewports, a year change: slow on a busy machine.
  test.slow();
  await signIn(page, 'BlueTikAdmin');
  await page.goto('/');
  await expect(cardLink(page, 'Delivered')).toBeVisible();
  await expect(page.getByRole('table', { name: /^Delivered sales by month, \d{4}$/ })).toBeAttached();
  // The chart (its own chunk) draws its bars.
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('dashboard-1280.png'), fullPage: true });
  await expectCountsLevel(page);

  // Show table, then a year from the selector, from the keyboard.
  const toggle = page.getByRole('button', { name: 'Show table' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-pressed', 'true');
  const lastYear = new Date().getUTCFullYear() - 1;
  await page.getByRole('combobox', { name: 'Year' }).selectOption(String(lastYear));
  await expect(page).toHaveURL(new RegExp(`year=${lastYear}`));
  await expect(page.getByRole('table', { name: `Delivered sales by month, ${lastYear}` })).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(cardLink(page, 'Delivered')).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectCountsLevel(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('dashboard-390.png'), fullPage: true });
});

/** Every count of a row of cards sits at the same height, whether its title wraps or not. */
async function expectCountsLevel(page: Page) {
  const tops = await page
    .locator('[data-testid^="count-"]')
    .evaluateAll((els) =>
      els.map((el) => ({ left: el.getBoundingClientRect().left, top: el.getBoundingClientRect().top })),
    );
  // Cards of one row share their top; group by row (a row's cards start left of the previous one's).
  const rows: number[][] = [];
  let lastLeft = Infinity;
  for (const { left, top } of tops) {
    if (left < lastLeft) rows.push([]);
    rows.at(-1)!.push(Math.round(top));
    lastLeft = left;
  }
  for (const row of rows) expect(new Set(row).size, `count tops ${row.join(', ')}`).toBe(1);
}
