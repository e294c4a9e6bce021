import { expect, test } from '@playwright/test';
import { ACCOUNTS, ROLES, expectAccessible, signIn, signInThroughScreen, storedSession } from './support';

test.describe('sign-in', () => {
  for (const role of ROLES) {
    test(`${role} signs in and sees the shell of its role`, async ({ page }) => {
      await signInThroughScreen(page, role);
      await expect(page).toHaveURL(/\/$/);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const link of ['Dashboard', 'Order', 'Category', 'Items']) {
        await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
      }
      const admin = role === 'BlueTikAdmin';
      await expect(nav.getByRole('link', { name: 'User', exact: true })).toHaveCount(admin ? 1 : 0);
      await expect(nav.getByRole('link', { name: 'Role', exact: true })).toHaveCount(admin ? 1 : 0);

      const session = await storedSession(page);
      expect(session.token).toBeTruthy();
      expect(new Date(session.expiration!).getTime()).toBeGreaterThan(Date.now());
      expect(session.userid).toBe(ACCOUNTS[role].mobile);
      expect(session.name).toBeTruthy();
      expect(session.email).toContain('@');

      await page.getByRole('button', { name: /Profile menu/ }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toContainText(session.name!);
      await expect(menu).toContainText(session.email!);
      for (const item of ['Edit Profile', 'Change Password', 'Log Out']) {
        await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
      }
      await page.keyboard.press('Escape');
      await expectAccessible(page);
    });
  }

  test('login screen messages', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Mobile number is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Mobile number').fill('12345');
    await page.getByLabel('Mobile number').blur();
    await expect(page.getByText('Mobile number should be 10 digit')).toBeVisible();

    // A +91 prefix is accepted, and a wrong password gets the one failure message.
    await page.getByLabel('Mobile number').fill('+919000000002');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect username or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    // An unknown number answers exactly the same.
    await page.getByLabel('Mobile number').fill('9999999999');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect username or password' })).toBeVisible();
    expect((await storedSession(page)).token).toBeNull();
  });

  test('sign-in works from the keyboard alone, with a 0 prefix', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Mobile number').focus();
    await page.keyboard.type('09000000003');
    await page.keyboard.press('Tab');
    await page.keyboard.type(ACCOUNTS.WebUser.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

test.describe('guards and logout', () => {
  test('signed-out visits go to login and come back after sign-in', async ({ page }) => {
    await page.goto('/editprofile');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Mobile number').fill(ACCOUNTS.WebAdmin.mobile);
    await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.WebAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/editprofile$/);
  });

  test('an expired session says so, and signing in returns to the page', async ({ page }) => {
    await signInThroughScreen(page, 'WebUser');
    await page.evaluate(() =>
      localStorage.setItem('token-expiration', new Date(Date.now() - 1000).toISOString()),
    );
    await page.goto('/listorders?paymentType=PayOnDelivery&page=2');
    await expect(page).toHaveURL(/\/login\?.*reason=expired/);
    await expect(page.getByRole('status')).toHaveText(
      'Your session expired — please sign in again. You will be back where you were.',
    );
    await expectAccessible(page);
    await page.getByLabel('Mobile number').fill(ACCOUNTS.WebUser.mobile);
    await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.WebUser.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/listorders\?/);
    const back = new URL(page.url()).searchParams;
    expect([back.get('paymentType'), back.get('page')]).toEqual(['PayOnDelivery', '2']);
  });

  test('a session ended elsewhere says so on the next call', async ({ page }) => {
    await signInThroughScreen(page, 'MobileUser');
    const { token } = await storedSession(page);
    // Ended from another place (the same as a colleague's "log out" or an admin's deactivation).
    const ended = await page.request.get('/api/accounts/logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(ended.status()).toBe(200);
    await page.goto('/editprofile');
    await expect(page).toHaveURL(/\/login\?.*reason=ended/);
    await expect(page.getByRole('status')).toContainText('Your session has ended — please sign in again.');
    await page.getByLabel('Mobile number').fill(ACCOUNTS.MobileUser.mobile);
    await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.MobileUser.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/editprofile$/);
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('log out clears local storage, returns to login, and the old token is refused', async ({ page }) => {
    // Its own session: logging out ends it, and the shared one must stay valid.
    await signInThroughScreen(page, 'MobileUser');
    const { token } = await storedSession(page);
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect((await storedSession(page)).keys).toEqual([]);
    const res = await page.request.get('/api/accounts/getuserbyuserid/9000000004', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(401);
    expect((await res.json()).isSuccess).toBe(false);
  });

  test('unknown paths show the not-found screen', async ({ page }) => {
    await signIn(page, 'WebAdmin');
    await page.goto('/no/such/screen');
    await expect(page.getByText(/not found/i).first()).toBeVisible();
    // Signed in: the shell stays, so the phone's menu is a way on (spec §2).
    await expect(page.getByRole('button', { name: /Profile menu/ })).toBeVisible();
    await expectAccessible(page);
  });
});
