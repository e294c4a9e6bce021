import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import type AxeCore from 'axe-core';

/** The demo accounts of DECISIONS §8. */
export const ACCOUNTS = {
  BlueTikAdmin: { mobile: '9000000001', password: 'Admin@123' },
  WebAdmin: { mobile: '9000000002', password: 'Store@123' },
  WebUser: { mobile: '9000000003', password: 'Staff@123' },
  MobileUser: { mobile: '9000000004', password: 'Mobile@123' },
} as const;
export type DemoRole = keyof typeof ACCOUNTS;
export const ROLES = Object.keys(ACCOUNTS) as DemoRole[];

/** Where the setup project keeps each role's signed-in browser state (e2e/auth.setup.ts). */
export const authFile = (role: DemoRole) => `e2e/.auth/${role}.json`;

/**
 * Opens the app signed in as `role` with the session the setup project made once per run
 * (its cookies and local storage), without the sign-in screen or its deliberately slow
 * password check. Tests that end a session (log out, change a password) sign in on their
 * own (`signInThroughScreen`), so the shared sessions stay valid for every other test.
 */
export async function signIn(page: Page, role: DemoRole) {
  const state = JSON.parse(readFileSync(authFile(role), 'utf8')) as {
    cookies: Parameters<BrowserContext['addCookies']>[0];
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  await page.context().addCookies(state.cookies);
  // A same-origin page that loads no app code, to write the app's local storage on.
  await page.goto('/api/health');
  await page.evaluate((items) => {
    for (const { name, value } of items) localStorage.setItem(name, value);
  }, state.origins[0]?.localStorage ?? []);
  await page.goto('/');
  // The profile menu's name is in the language on screen (e2e/languages.spec opens Telugu and Hindi).
  await expect(page.getByRole('button', { name: /Profile menu|ప్రొఫైల్ మెనూ|प्रोफ़ाइल मेनू/ })).toBeVisible();
}

/** Signs in through the login screen, as a person would, and waits for the shell. */
export function signInThroughScreen(page: Page, role: DemoRole, password: string = ACCOUNTS[role].password) {
  return signInWith(page, ACCOUNTS[role].mobile, password);
}

/** Signs in through the login screen with a number and password (a user made for the test). */
export async function signInWith(page: Page, mobile: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The profile menu is in the top bar at every width (the sidebar folds away on phones).
  await expect(page.getByRole('button', { name: /Profile menu/ })).toBeVisible();
}

/** axe-core's minified build, read once per worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Fails on any serious or critical axe violation on the current screen. Every rule runs,
 * with `axe.run` in the page itself (the app has no frames to merge results from), and only
 * violations carry their elements (docs/decisions/071-ci-time.md). axe is put into a page
 * only when the page doesn't hold it yet: @axe-core/playwright, used before, evaluated its
 * 1.3 MB unminified source twice on every check, which cost more than the check itself
 * (record 080). A page keeps it until it navigates, so a screen's second theme is checked
 * without it. `rules` narrows the check to those rules (a screen seen again in the other
 * theme, where only colours differ: e2e/languages.spec.ts).
 */
export async function expectAccessible(page: Page, rules?: readonly string[]) {
  for (const frame of page.frames())
    if (!(await frame.evaluate(() => 'axe' in window))) {
      await frame.evaluate(AXE_SOURCE);
      await frame.evaluate(() =>
        (window as unknown as AxeWindow).axe.configure({ allowedOrigins: ['<same_origin>'] }),
      );
    }
  const violations = await page.evaluate(
    async (only) => {
      const results = await (window as unknown as AxeWindow).axe.run(document, {
        resultTypes: ['violations'],
        ...(only && { runOnly: { type: 'rule', values: only } }),
      });
      return results.violations.map((v) => ({
        id: v.id,
        help: v.help,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    (rules && [...rules]) ?? null,
  );
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`)).toEqual([]);
}

/**
 * Whether the element shows in full height on the screen and a pointer at its middle reaches
 * it: nothing (a fixed or sticky bar) lies over it. Runs in the page, as
 * `locator.evaluate(uncovered)` or `handle.evaluate(uncovered)`.
 */
export function uncovered(el: Element): boolean {
  const box = el.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return box.top >= 0 && box.bottom <= innerHeight && !!hit && (el.contains(hit) || hit.contains(el));
}

/** The page's `window.axe` once AXE_SOURCE has run there. */
type AxeWindow = { axe: typeof AxeCore };

/**
 * Fails if the page scrolls sideways: nothing a user needs may lie beyond the screen's
 * right edge (document.documentElement.scrollWidth ≤ the viewport's width). Returns the
 * width measured, for a test that reports it.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<number> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `scrollWidth of ${page.url()}`).toBeLessThanOrEqual(innerWidth);
  return scrollWidth;
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
