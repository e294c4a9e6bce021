import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectAccessible, signIn, storedSession } from './support';

test.describe('edit profile', () => {
  test('loads, validates, saves and shows the saved values again', async ({ page }) => {
    await signIn(page, 'WebAdmin');
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(/\/editprofile$/);
    await expect(page.getByRole('heading', { name: 'Edit User Details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Store Information' })).toBeVisible();
    await expect(page.getByLabel('Phone Number')).toHaveValue(ACCOUNTS.WebAdmin.mobile);
    await expectAccessible(page);

    // Bad input: the spec's messages, and nothing is sent.
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Al');
    await name.blur();
    await expect(page.getByText('Name must be at least 4 characters long.')).toBeVisible();
    // A blanked choice says so when left (spec §5), before any Submit.
    for (const label of ['State', 'Country']) {
      const select = page.getByLabel(label, { exact: true });
      const before = await select.inputValue();
      await select.selectOption('');
      await select.press('Tab');
      await expect(page.getByText(`${label} is required.`)).toBeVisible();
      await select.selectOption(before);
    }
    await page.getByLabel('Pincode').fill('50A01');
    await page.getByLabel('Pincode').blur();
    await expect(page.getByText('Only numbers are allowed.')).toBeVisible();
    await page.getByLabel('Delivery Time (minutes)').fill('1001');
    await page.getByLabel('Delivery Time (minutes)').blur();
    await expect(page.getByText('Delivery Time less than or equal to 1000.')).toBeVisible();

    // Fix it and save.
    const stamp = String(Date.now()).slice(-6);
    await name.fill(`Store Owner ${stamp}`);
    await page.getByLabel('Pincode').fill('500081');
    await page.getByLabel('Delivery Time (minutes)').fill('45');
    await page.getByLabel('City').fill('Hyderabad');
    await page.getByLabel('Business Type').fill('Grocery and daily needs');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await storedSession(page)).name).toBe(`Store Owner ${stamp}`);

    // Reload the screen: the server kept every value.
    await page.goto('/editprofile');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Store Owner ${stamp}`);
    await expect(page.getByLabel('Pincode')).toHaveValue('500081');
    await expect(page.getByLabel('Delivery Time (minutes)')).toHaveValue('45');
    await expect(page.getByLabel('Business Type')).toHaveValue('Grocery and daily needs');
  });

  test('cancel goes home without saving', async ({ page }) => {
    await signIn(page, 'WebUser');
    await page.goto('/editprofile');
    const before = await page.getByLabel('Name', { exact: true }).inputValue();
    await page.getByLabel('Name', { exact: true }).fill('Changed But Cancelled');
    await page.getByRole('button', { name: 'Cancel' }).click();
    // Unsaved changes: the form asks first; Leave goes home without saving.
    await page
      .getByRole('dialog', { name: 'Leave this form?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/editprofile');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(before);
  });
});
