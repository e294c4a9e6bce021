import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, ROLES, signIn } from './support';

/*
 * The store owner's phone (issue 22): at 390×844 with mobile emulation and touch, every
 * screen each demo role can open fits the screen (no sideways scroll) and is axe clean;
 * every order total on the orders page and every price box on an order's details lies
 * inside the screen; a tap on an order's card opens it; the filters fold behind
 * "Filters (n)"; Status and Save are on screen without scrolling (issue 24). The figures
 * measured are printed (stdout) for the review note.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const main = (page: Page) => page.getByRole('main');

/** Waits until the screen is drawn: its title, and a list's first page of rows. */
async function ready(page: Page) {
  await expect(main(page).locator('h1')).toBeVisible();
  const grid = main(page).getByRole('grid');
  if (await grid.count()) await expect(grid).toHaveAttribute('aria-busy', 'false');
}

/** The horizontal extent of each element, in CSS pixels of the viewport. */
const extents = (locator: Locator) =>
  locator.evaluateAll((elements) =>
    elements.map((el) => {
      const box = el.getBoundingClientRect();
      return { left: Math.round(box.left), right: Math.round(box.right) };
    }),
  );

/** How many of `locator`'s elements lie inside the screen's width, of how many. */
async function insideScreen(locator: Locator): Promise<{ inside: number; of: number }> {
  const all = await extents(locator);
  return { inside: all.filter((e) => e.left >= 0 && e.right <= PHONE.width).length, of: all.length };
}

/**
 * What scrollWidth can't see: a box inside the page that scrolls sideways itself (the old
 * orders table did, inside its card) or content past the screen's right edge. Visually
 * hidden labels (sr-only) are clipped and don't count.
 */
async function expectNothingBeyondTheEdge(page: Page) {
  const offenders = await main(page).evaluate((root) => {
    const found: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(el);
      const name = `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`;
      if (['auto', 'scroll'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
        found.push(`${name} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 1 && !el.closest('.sr-only'))
        found.push(`${name} ends at ${Math.round(box.right)}`);
    }
    return found;
  });
  expect(offenders, page.url()).toEqual([]);
}

/** On a list, its first record's edit page, read from its Edit link (each role sees its own). */
async function firstEditPath(page: Page): Promise<string | null> {
  const edit = main(page)
    .getByRole('grid')
    .getByRole('link', { name: /^Edit / })
    .first();
  return (await edit.count()) ? edit.getAttribute('href') : null;
}

const ADMIN_LISTS = ['/listusers', '/listroles', '/listaudit'];
const LISTS = ['/listorders', '/listcategories', '/listitems', ...ADMIN_LISTS];
const FORMS = ['/addcategory', '/additem', '/adduser', '/addrole', '/editprofile', '/changepassword'];

const OWN_VERSIONS = ['/', '/listorders', '/listusers'];

for (const role of ROLES) {
  test(`${role}: every screen fits 390 px and is axe clean`, async ({ page }) => {
    // About sixteen screens, each with an axe run: several screens' budget.
    test.setTimeout(240_000);
    await signIn(page, role);
    // Each list's first edit page joins the walk when the list is seen (no second visit).
    const paths = ['/', ...LISTS, ...FORMS, '/no-such-page'];
    const figures: string[] = [];
    for (let i = 0; i < paths.length; i++) {
      const path = paths[i]!;
      await page.goto(path);
      await ready(page);
      const edit = LISTS.includes(path) ? await firstEditPath(page) : null;
      if (edit) paths.splice(paths.length - 1, 0, edit);
      const width = await expectNoSidewaysScroll(page);
      await expectNothingBeyondTheEdge(page);
      // axe once per screen: the admin opens every one; the others' own versions of a screen
      // (the orders list's columns, the dashboard's cards, "No access") get theirs too.
      if (role === 'BlueTikAdmin' || OWN_VERSIONS.includes(path)) await expectAccessible(page);
      figures.push(`${path} ${width}`);
    }
    console.log(`${role} scrollWidth at 390: ${figures.join(', ')}`);
  });
}

test('every order total on the orders page lies inside the screen; a tap on a card opens it', async ({
  page,
}) => {
  await signIn(page, 'BlueTikAdmin');
  await page.goto('/listorders');
  await ready(page);
  const grid = main(page).getByRole('grid', { name: 'Orders' });
  const totals = grid.locator('td[data-label="Total Price"]');
  const figures = await insideScreen(totals);
  console.log(`order totals inside 390: ${figures.inside} of ${figures.of}`);
  expect(figures.of).toBe(25);
  expect(figures.inside).toBe(figures.of);
  // The card's other facts and its actions are on screen too.
  for (const label of ['Order Id', 'Status', 'Name', 'Created Date', 'Payment Type', 'Settlement Amt'])
    expect((await insideScreen(grid.locator(`td[data-label="${label}"]`))).inside).toBe(25);
  expect((await insideScreen(grid.getByRole('link', { name: /^Edit order / }))).inside).toBe(25);

  // Filters fold behind one button that says how many are set.
  const filters = main(page).getByRole('button', { name: 'Filters (0)' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(main(page).getByLabel('Payment type')).toBeHidden();
  await filters.tap();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await main(page).getByLabel('Payment type').selectOption('PayOnDelivery');
  await expect(page).toHaveURL(/paymentType=PayOnDelivery/);
  await expect(main(page).getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // The cards keep the grid's keyboard: j and k move the active card.
  await expect(grid).toHaveAttribute('aria-busy', 'false');
  await grid.locator('tbody tr[data-index="0"]').focus();
  await page.keyboard.press('j');
  await expect(grid.locator('tbody tr[data-index="1"]')).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(grid.locator('tbody tr[data-index="1"]')).toBeFocused();

  // A tap on the card's text (not its Edit link) opens the order.
  const card = grid.locator('tbody tr[data-index="1"]');
  const number = await card.locator('td[data-label="Order Id"]').innerText();
  await card.locator('td[data-label="Total Price"]').tap();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
});

test('every price box on an order’s details lies inside the screen; Status and Save need no scrolling', async ({
  page,
}) => {
  await signIn(page, 'BlueTikAdmin');
  // A cash-on-delivery order: its prices can be changed.
  await page.goto('/listorders?paymentType=PayOnDelivery');
  await ready(page);
  await main(page)
    .getByRole('link', { name: /^Edit order / })
    .first()
    .tap();
  // Another spec may have made orders with numbers of its own (xss.spec.ts).
  await expect(main(page).locator('h1')).toHaveText(/^Order /);

  const prices = main(page).getByRole('textbox', { name: /^Price of / });
  const figures = await insideScreen(prices);
  console.log(`price boxes inside 390: ${figures.inside} of ${figures.of}`);
  expect(figures.of).toBeGreaterThan(0);
  expect(figures.inside).toBe(figures.of);
  await expect(prices.first()).toBeEditable();
  for (const box of await main(page)
    .getByRole('checkbox', { name: /^Not available: / })
    .all())
    expect((await extents(box))[0]!.right).toBeLessThanOrEqual(PHONE.width);

  // The first screen, unscrolled, has Status and Save.
  await expect(page.getByLabel('Status', { exact: true })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Save' })).toBeInViewport();
  // And they stay there while the items scroll by.
  await page.mouse.wheel(0, 1500);
  await expect(page.getByRole('button', { name: 'Save' })).toBeInViewport();
  await expect(page.getByLabel('Status', { exact: true })).toBeInViewport();
  await expectNoSidewaysScroll(page);
});

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('a click on an order row opens it; Ctrl-click opens a new tab; Save is on screen unscrolled', async ({
    page,
  }) => {
    await signIn(page, 'BlueTikAdmin');
    await page.goto('/listorders');
    await ready(page);
    const grid = main(page).getByRole('grid', { name: 'Orders' });
    // The desktop table is a table: no filter button, the filters beside the search box.
    await expect(main(page).getByRole('button', { name: /^Filters/ })).toBeHidden();
    await expect(main(page).getByLabel('Payment type')).toBeVisible();

    const row = grid.locator('tbody tr[data-index="2"]');
    const number = await row.locator('td', { hasText: /^\s*ORD\d+\s*$/ }).innerText();
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      row
        .locator('td')
        .nth(2)
        .click({ modifiers: ['Control'] }),
    ]);
    await expect(tab).toHaveURL(/\/order\/edit\/\d+$/);
    await tab.close();
    await expect(page).toHaveURL(/\/listorders/);

    await row.locator('td').nth(2).click();
    await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    await expect(page.getByLabel('Status', { exact: true })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Save' })).toBeInViewport();
  });
});
