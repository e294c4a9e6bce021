import { expect, test } from '@playwright/test';
import { makeUser } from './api';
import { ACCOUNTS, expectAccessible, signInWith, storedSession } from './support';

test.describe('change password', () => {
  test('mismatch is not sent; wrong current password stays; success logs out and the new password works', async ({
    page,
    baseURL,
  }) => {
    // Its own account: changing the password ends every session of it, nobody else's.
    const account = await makeUser(baseURL!, ACCOUNTS.BlueTikAdmin, {
      role: 'MobileUser',
      password: 'Start@123',
    });
    await signInWith(page, account.mobile, account.password);
    const oldToken = (await storedSession(page)).token;
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/changepassword$/);
    await expectAccessible(page);

    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/accounts/changepassword')) calls.push(r.method());
    });

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Current Password is required')).toBeVisible();
    await expect(page.getByText('New Password is required')).toBeVisible();
    await expect(page.getByText('Confirm Password is required')).toBeVisible();

    await page.getByLabel('Current Password').fill(account.password);
    await page.getByLabel('New Password').fill('Fresh@456');
    await page.getByLabel('Confirm Password').fill('Fresh@457');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Password and Confirm Password must be same.')).toBeVisible();
    expect(calls).toEqual([]);

    await page.getByLabel('Current Password').fill('wrong-current');
    await page.getByLabel('Confirm Password').fill('Fresh@456');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Invalid Current Password')).toBeVisible();
    await expect(page).toHaveURL(/\/changepassword$/);
    expect((await storedSession(page)).token).toBe(oldToken);

    await page.getByLabel('Current Password').fill(account.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect((await storedSession(page)).keys).toEqual([]);

    // The old token is refused; the old password no longer works; the new one does.
    const refused = await page.request.get(`/api/accounts/getuserbyuserid/${account.mobile}`, {
      headers: { Authorization: `Bearer ${oldToken}` },
    });
    expect(refused.status()).toBe(401);

    await page.getByLabel('Mobile number').fill(account.mobile);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect username or password' })).toBeVisible();

    await signInWith(page, account.mobile, 'Fresh@456');
    await account.remove();
  });
});
