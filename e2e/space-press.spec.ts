import { expect, test } from '@playwright/test';
import { signIn } from './support';

/*
 * Record 090: Space acts on the list's buttons and check boxes when pressed (space-press.ts).
 * A held key repeats its keydown (Playwright's down() on a key already down sends
 * repeat: true); the box is ticked once, and the release doesn't untick it.
 */
test('Space held on a filter box ticks it once, pressed, and the release leaves it ticked', async ({
  page,
}) => {
  await signIn(page, 'BlueTikAdmin');
  await page.goto('/listorders');
  const grid = page.getByRole('grid', { name: 'Orders' });
  await expect(grid.locator('tbody tr[data-index]').first()).toBeVisible();
  const box = page.getByRole('checkbox', { name: 'Delivered', exact: true });
  await box.focus();
  await page.keyboard.down(' ');
  await expect(box).toBeChecked();
  await page.keyboard.down(' ');
  await page.keyboard.down(' ');
  await page.keyboard.up(' ');
  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('[3]');
  await expect(grid).toHaveAttribute('aria-busy', 'false');
  await expect(box).toBeChecked();
  const statuses = await grid
    .locator('tbody tr[data-index] td')
    .filter({ hasText: /^Delivered$/ })
    .count();
  await expect(grid.locator('tbody tr[data-index]')).toHaveCount(statuses);
});
