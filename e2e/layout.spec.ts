import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  expectNoSidewaysScroll as noSidewaysScroll,
  signIn,
  type DemoRole,
} from './support';

/*
 * Every screen of this stage at a laptop size and a phone size: nothing overflows
 * sideways, nothing fails axe, and a screenshot is kept for review
 * (test-results/screens/*.png).
 */
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const size of SIZES) {
  test.describe(`${size.name} ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('login', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      // Focus is visible: a keyboard user sees where they are.
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return { style: style.outlineStyle, width: style.outlineWidth };
      });
      expect(outline).toEqual({ style: 'solid', width: '2px' });
      await noSidewaysScroll(page);
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/screens/login-${size.name}.png`, fullPage: true });
    });

    for (const role of ['BlueTikAdmin', 'WebAdmin'] as DemoRole[]) {
      test(`${role} shell, edit profile and change password`, async ({ page }) => {
        await signIn(page, role);
        await noSidewaysScroll(page);
        await expectAccessible(page);
        await page.screenshot({
          path: `test-results/screens/shell-${role}-${size.name}.png`,
          fullPage: true,
        });

        await page.goto('/editprofile');
        await expect(page.getByRole('heading', { name: 'Edit User Details' })).toBeVisible();
        await noSidewaysScroll(page);
        await expectAccessible(page);
        await page.screenshot({
          path: `test-results/screens/editprofile-${role}-${size.name}.png`,
          fullPage: true,
        });

        await page.goto('/changepassword');
        await expect(page.getByLabel('Current Password')).toBeVisible();
        await noSidewaysScroll(page);
        await expectAccessible(page);
        await page.screenshot({
          path: `test-results/screens/changepassword-${role}-${size.name}.png`,
          fullPage: true,
        });
      });
    }

    // At 390 every screen of every role is walked by phone.spec.ts (fit, edges, axe), so
    // this walk is the laptop size's only.
    if (size.width >= 500)
      test('lists and forms (BlueTikAdmin)', async ({ page }) => {
        // Six screens, each with axe and a full-page screenshot: more than one screen's budget.
        test.setTimeout(120_000);
        await signIn(page, 'BlueTikAdmin');
        for (const [name, path, ready] of [
          ['listorders', '/listorders', 'Orders'],
          ['listitems', '/listitems', 'Items'],
          ['listusers', '/listusers', 'Users'],
          ['order', '/order/edit/5', 'Order items'],
          ['item', '/items/edit/1?action=edit', 'Submit'],
          ['user', '/users/edit/2', 'Personal Information'],
        ] as const) {
          await page.goto(path);
          await expect(page.getByRole('main').getByText(ready, { exact: true }).first()).toBeVisible();
          await noSidewaysScroll(page);
          await expectAccessible(page);
          await page.screenshot({ path: `test-results/screens/${name}-${size.name}.png`, fullPage: true });
        }
      });
  });
}
