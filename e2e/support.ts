import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** The demo accounts of DECISIONS §8. */
export const ACCOUNTS = {
  BlueTikAdmin: { mobile: '9000000001', password: 'Admin@123' },
  WebAdmin: { mobile: '9000000002', password: 'Store@123' },
  WebUser: { mobile: '9000000003', password: 'Staff@123' },
  MobileUser: { mobile: '9000000004', password: 'Mobile@123' },
} as const;
export type DemoRole = keyof typeof ACCOUNTS;
export const ROLES = Object.keys(ACCOUNTS) as DemoRole[];

/** Signs in through the login screen, as a person would, and waits for the shell. */
export async function signIn(page: Page, role: DemoRole, password: string = ACCOUNTS[role].password) {
  await page.goto('/login');
  await page.getByLabel('Mobile number').fill(ACCOUNTS[role].mobile);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The profile menu is in the top bar at every width (the sidebar folds away on phones).
  await expect(page.getByRole('button', { name: /Profile menu/ })).toBeVisible();
}

/** Fails on any serious or critical axe violation on the current screen. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/** What the app keeps in local storage (spec §9). */
export function storedSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    expiration: localStorage.getItem('token-expiration'),
    userid: localStorage.getItem('userid'),
    name: localStorage.getItem('name'),
    email: localStorage.getItem('email'),
    keys: Object.keys(localStorage),
  }));
}
