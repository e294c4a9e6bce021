import { expect, test, type Page } from '@playwright/test';
import { makeUser } from './api';
import { ACCOUNTS, expectAccessible, expectNoSidewaysScroll, signIn } from './support';

/*
 * Every screen in each language and both themes (issue 17): axe finds no serious or critical
 * violation and nothing scrolls sideways. Each walk opens a screen once in its language and
 * stored theme, then swaps the theme as the profile menu does (the class on <html>) and
 * looks again, so six pairs cost three walks. With SCREENSHOTS=1 each screen is also
 * photographed in both themes at 1280×800 and 390×844 into test-results/screens/ for a
 * person to look at.
 */

const COMBOS = [
  { language: 'te-IN', theme: 'light' },
  { language: 'hi-IN', theme: 'dark' },
  { language: 'en-IN', theme: 'dark' },
] as const;
type Theme = (typeof COMBOS)[number]['theme'];
const other = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');

async function showTheme(page: Page, theme: Theme) {
  // Colours that ease between themes are read by axe once their transitions have run.
  await page.evaluate(async (dark) => {
    document.documentElement.classList.toggle('dark', dark);
    const easing = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.allSettled(easing.map((a) => a.finished));
  }, theme === 'dark');
}

const SCREENS = [
  '/',
  '/listorders',
  'order',
  '/listcategories',
  '/addcategory',
  '/listitems',
  '/additem',
  '/listusers',
  '/adduser',
  '/listroles',
  '/addrole',
  '/listaudit',
  '/editprofile',
  '/changepassword',
  '/reports/day',
  '/no-such-page',
];
const WIDTHS = process.env.SCREENSHOTS ? [1280, 390] : [1280];

async function ready(page: Page) {
  const main = page.getByRole('main');
  await expect(main.locator('h1').first()).toBeVisible();
  // A list's rows are in (on a phone the grid may be swapped for cards while it settles).
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  // Fonts in (Telugu and Devanagari faces load on first use) before axe measures contrast.
  await page.evaluate(() => document.fonts.ready);
}

/**
 * The rules whose answer can change with the theme. The other theme only swaps the palette
 * (the walk checks it: paletteOnly), so a screen seen again in it runs these alone; every
 * rule runs in the first. A walk took 22.8–25.9 s this way against 25.4–27.4 with every
 * rule twice (the three walks alone, two workers): CI time, record 092.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The rules naming the `dark` class, and what they change beyond custom properties and
 * `color-scheme`: nothing, or the walk's colour-only check isn't enough.
 */
const paletteOnly = (page: Page) =>
  page.evaluate(() => {
    const more: string[] = [];
    let rulesSeen = 0;
    const visit = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSGroupingRule) visit(rule.cssRules);
        else if (rule instanceof CSSStyleRule && /\.dark\b/.test(rule.selectorText) && ++rulesSeen)
          for (const property of rule.style)
            if (!property.startsWith('--') && property !== 'color-scheme')
              more.push(`${rule.selectorText} ${property}`);
      }
    };
    for (const sheet of document.styleSheets) visit(sheet.cssRules);
    return { rulesSeen, more };
  });

async function look(page: Page, name: string, width: number, combo: (typeof COMBOS)[number]) {
  await ready(page);
  await expectNoSidewaysScroll(page);
  for (const theme of [combo.theme, other(combo.theme)]) {
    await showTheme(page, theme);
    await expectAccessible(page, theme === combo.theme ? undefined : COLOUR_RULES);
    if (process.env.SCREENSHOTS)
      await page.screenshot({
        path: `test-results/screens/${combo.language}-${theme}-${width}-${name.replace(/\W+/g, '_')}.png`,
        fullPage: true,
      });
  }
  // No swap back: the next screen loads afresh in the stored theme.
}

for (const combo of COMBOS)
  test(`every screen in ${combo.language}, ${combo.theme} then ${other(combo.theme)}: axe clean, nothing sideways`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.addInitScript(({ language, theme }) => {
      localStorage.setItem('language', language);
      localStorage.setItem('theme', theme);
    }, combo);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
      await page.context().clearCookies();
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', combo.language);
      await expect(page.locator('html')).toHaveClass(combo.theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      const dark = await paletteOnly(page);
      expect(dark.rulesSeen).toBeGreaterThan(0);
      expect(dark.more).toEqual([]);
      await look(page, 'login', width, combo);
      await signIn(page, 'BlueTikAdmin');
      for (const screen of SCREENS) {
        if (screen === 'order') {
          await page.goto('/listorders');
          await ready(page);
          await page.getByRole('grid').getByRole('row').nth(1).getByRole('link').first().click();
          await expect(page).toHaveURL(/\/order\/edit\//);
        } else await page.goto(screen);
        await look(page, screen, width, combo);
      }
    }
  });

test('Telugu from the sign-in screen: the screens, a validation message, a reload and a fresh device', async ({
  page,
  browser,
  baseURL,
}) => {
  const TELUGU = /[\u0C00-\u0C7F]/;
  const person = await makeUser(baseURL!, ACCOUNTS.BlueTikAdmin, {
    role: 'WebAdmin',
    password: 'Telugu@123',
  });
  try {
    await page.goto('/login');
    await page.locator('label', { hasText: 'తెలుగు' }).click();
    await expect(page.getByRole('radio', { name: 'తెలుగు' })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('lang', 'te-IN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TELUGU);
    await page.locator('input[name="username"]').fill(person.mobile);
    await page.locator('input[name="password"]').fill(person.password);
    await page.locator('button[type="submit"]').click();

    // The dashboard and the orders list, in Telugu (the sidebar, the headings, the statuses).
    const nav = page.getByRole('navigation', { name: 'ప్రధాన' });
    await expect(nav.getByRole('link', { name: 'డాష్‌బోర్డ్' })).toBeVisible();
    await expect(page.getByRole('main').locator('h1')).toHaveText(TELUGU);
    await nav.getByRole('link', { name: 'ఆర్డర్లు' }).click();
    await expect(page).toHaveURL(/\/listorders/);
    await expect(page.getByRole('main').locator('h1')).toHaveText(TELUGU);
    await expect(page.getByRole('tab', { name: /కొత్త ఆర్డర్/ })).toBeVisible();

    // A validation message in Telugu: Change Password sent blank.
    await page.goto('/changepassword');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText('ప్రస్తుత పాస్‌వర్డ్ తప్పనిసరి')).toBeVisible();

    // A reload stays in Telugu.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'te-IN');
    await expect(page.getByRole('main').locator('h1')).toHaveText(TELUGU);

    // The same account on a fresh device (no local storage) opens in Telugu after sign-in.
    const fresh = await browser.newContext({ baseURL });
    const other = await fresh.newPage();
    await other.goto('/login');
    await expect(other.locator('html')).toHaveAttribute('lang', 'en-IN');
    await other.getByLabel('Mobile number').fill(person.mobile);
    await other.getByLabel('Password', { exact: true }).fill(person.password);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await expect(other.locator('html')).toHaveAttribute('lang', 'te-IN');
    await expect(other.getByRole('navigation', { name: 'ప్రధాన' })).toBeVisible();
    await fresh.close();
  } finally {
    await person.remove();
  }
});

test('paper stays light: printed in the dark theme, every colour is the light theme’s', async ({ page }) => {
  await signIn(page, 'BlueTikAdmin');
  await page.goto('/reports/day');
  await expect(page.getByRole('main').locator('h1')).toBeVisible();
  const colours = () =>
    page.evaluate(() =>
      ['body', 'main h1', 'main table', 'main th'].map((selector) => {
        const el = document.querySelector(selector);
        if (!el) return `${selector}: none`;
        const style = getComputedStyle(el);
        return `${selector}: ${style.color} on ${style.backgroundColor}`;
      }),
    );
  await page.emulateMedia({ media: 'print' });
  await showTheme(page, 'light');
  const light = await colours();
  await showTheme(page, 'dark');
  expect(await colours()).toEqual(light);
  // On screen the dark theme does change them (so the comparison above can fail).
  await page.emulateMedia({ media: 'screen' });
  expect(await colours()).not.toEqual(light);
});
