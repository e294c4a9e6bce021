import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll as noSidewaysScroll, signIn } from './support';

/*
 * What the walks leave out, at a laptop size and a phone size: nothing overflows sideways,
 * nothing fails axe, and a screenshot is kept for review (test-results/screens/*.png).
 * BlueTikAdmin's screens are walked at 1280 in every language and theme
 * (languages.spec.ts) and every role's at 390 (phone.spec.ts), so here: the sign-in screen
 * with its focus ring at both sizes, WebAdmin's own screens at 1280, and the edit forms the
 * walks don't open (record 080).
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

    // WebAdmin's own screens at 1280 only: at 390 the phone walk opens every screen of every role.
    if (size.width >= 500)
      test('WebAdmin shell, edit profile and change password', async ({ page }) => {
        const role = 'WebAdmin';
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

    // The edit forms with a record in them (the walks open the add forms and an order).
    if (size.width >= 500)
      test('item and user edit forms (BlueTikAdmin)', async ({ page }) => {
        await signIn(page, 'BlueTikAdmin');
        for (const [name, path, ready] of [
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
