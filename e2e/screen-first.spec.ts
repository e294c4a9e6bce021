import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/*
 * Issue 26, record 089: a new page's rows on the screen come first, the rows below it in the
 * frames after; the table is busy until then, and a key moving below the screen meanwhile
 * lands on a shown row of the new page.
 */
const grid = (page: Page) => page.getByRole('grid', { name: 'Orders' });
const rows = (page: Page) => grid(page).locator('tbody tr[data-index]');

interface FirstCommit {
  busy: string | null;
  hidden: number[];
  shownBelowScreen: number;
  /** Rows kept above the screen (the old page's, out of the accessibility tree). */
  keptAbove: number[];
}
type Watched = Window & { firstCommit?: Promise<FirstCommit> };

/** Runs `act` and answers what the first commit after it that changed row 0 left in the DOM. */
async function firstCommitAfter(page: Page, act: () => Promise<void>) {
  // Watching before the key: a key sent beside an unfinished evaluate may be handled first.
  await page.evaluate(() => {
    (window as Watched).firstCommit = new Promise<FirstCommit>((resolve) => {
      const body = document.querySelector('table[role="grid"] tbody')!;
      const first = body.querySelector('tr[data-index="0"]')!.textContent;
      const observer = new MutationObserver(() => {
        if (body.querySelector('tr[data-index="0"]')!.textContent === first) return;
        observer.disconnect();
        const all = Array.from(body.querySelectorAll<HTMLElement>('tr[data-index]'));
        resolve({
          busy: body.closest('table')!.getAttribute('aria-busy'),
          hidden: all.filter((row) => row.hidden).map((row) => Number(row.dataset.index)),
          // Rows shown that start more than a row below the screen's bottom edge.
          shownBelowScreen: all.filter(
            (row) => !row.hidden && row.getBoundingClientRect().top > window.innerHeight + 64,
          ).length,
          keptAbove: all
            .filter((row) => row.getAttribute('aria-hidden') === 'true')
            .map((row) => Number(row.dataset.index)),
        });
      });
      observer.observe(body, { subtree: true, childList: true, characterData: true });
    });
  });
  await act();
  return page.evaluate(() => (window as Watched).firstCommit!);
}

for (const screen of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`${screen.name}: the next page's rows on screen first, then every row`, async ({ page }) => {
    await page.setViewportSize(screen.viewport);
    await signIn(page, 'BlueTikAdmin');
    await page.goto('/listorders');
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
    await expect(rows(page)).toHaveCount(25);
    await expect(rows(page).first()).toBeFocused();
    const lastBefore = await rows(page).last().textContent();

    const first = await firstCommitAfter(page, () => page.keyboard.press(']'));
    expect(first.keptAbove).toEqual([]);
    expect(first.busy).toBe('true');
    expect(first.hidden.length).toBeGreaterThan(0);
    expect(first.hidden.at(-1)).toBe(24);
    expect(first.shownBelowScreen).toBe(0);

    await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
    await expect(rows(page).last()).toBeVisible();
    await expect(rows(page).last()).not.toHaveText(lastBefore!);
    await expect(grid(page).locator('tbody tr[hidden]')).toHaveCount(0);
  });
}

test('a key to the last row while the rows below come lands on the new page’s last row', async ({ page }) => {
  await signIn(page, 'BlueTikAdmin');
  await page.goto('/listorders');
  await expect(rows(page).first()).toBeFocused();
  const lastBefore = await rows(page).last().getAttribute('aria-rowindex');

  await page.keyboard.press(']');
  // Page 2's first rows are in (an End handled before them would be page 1's, and the page
  // change would take the active row back to the top); the rows below may still be coming.
  await expect(rows(page).first()).toHaveAttribute('aria-rowindex', String(Number(lastBefore) + 1));
  await page.keyboard.press('End');
  const last = rows(page).last();
  await expect(last).toBeFocused();
  await expect(last).toBeVisible();
  // Page 2's last row: 25 rows further down the list than page 1's.
  await expect(last).toHaveAttribute('aria-rowindex', String(Number(lastBefore) + 25));
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
});

test('the pager under the table: the rows in view first, the page stays where it is', async ({ page }) => {
  await signIn(page, 'BlueTikAdmin');
  await page.goto('/listorders');
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const next = page.getByRole('button', { name: 'Next page' });
  await next.focus();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  const firstBefore = await rows(page).first().textContent();

  const first = await firstCommitAfter(page, () => page.keyboard.press('Enter'));
  // The rows above the screen keep their place (not hidden: the rows in view would move)
  // until the frames after; the first row is the active one, so it is drawn at once.
  expect(first.busy).toBe('true');
  expect(first.hidden).toEqual([]);
  expect(first.keptAbove.length).toBeGreaterThan(0);
  expect(first.keptAbove).not.toContain(0);

  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
  await expect(grid(page).locator('tbody tr[aria-hidden]')).toHaveCount(0);
  await expect(rows(page).nth(1)).not.toHaveText(firstBefore!);
  // The URL written after the frame doesn't take the page back to its top: the button
  // pressed is still in view, with the focus.
  await expect(next).toBeFocused();
  await expect(next).toBeInViewport();
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(100);
});
