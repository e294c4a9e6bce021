import { expect, test, type Page } from '@playwright/test';
import { api, makeStore, save } from './api';
import { ACCOUNTS, expectAccessible, signInWith } from './support';

/*
 * Issue 28 item 2: time left on every open order. A store of the test's own gets orders
 * promised for set times (the expected date and time, India time); the list's Time Left
 * column counts down on the page's clock (Playwright's, moved forward), amber within 10
 * minutes and red "late by" once past, words and icon alike; the Overdue tab holds exactly
 * the open orders the test knows are late, and the order's details say the same.
 */

const IST = 5.5 * 3_600_000;
/** The expected-date fields of createorder for the instant `ms`, as a person in India writes it. */
function promiseFields(ms: number) {
  const ist = new Date(ms + IST);
  const h24 = ist.getUTCHours();
  return {
    expectedDeliveryDate: ist.toISOString().slice(0, 10),
    expHours: h24 % 12 || 12,
    expMinutes: ist.getUTCMinutes(),
    expTimePeriod: h24 >= 12 ? 'PM' : 'AM',
  };
}

/** The instant a person in India meant by those fields (the test's own reading of them). */
const promiseOf = (f: ReturnType<typeof promiseFields>) => {
  const h = (f.expHours % 12) + (f.expTimePeriod === 'PM' ? 12 : 0);
  return Date.parse(
    `${f.expectedDeliveryDate}T${String(h).padStart(2, '0')}:${String(f.expMinutes).padStart(2, '0')}:00+05:30`,
  );
};

/**
 * What a cell may read for `promise` now on the page's clock: the cell is brought up to date
 * every 15 s, and the check retries for a few seconds, so the minute from 15 s ago to 10 s on.
 */
async function expectLeft(page: Page, cell: ReturnType<typeof cellOf>, promise: number) {
  const at = await page.evaluate(() => Date.now());
  const texts = new Set(
    [at - 15_000, at, at + 10_000].map((t) =>
      promise < t
        ? `late by ${Math.ceil((t - promise) / 60_000)} min`
        : `${Math.floor((promise - t) / 60_000)} min left`,
    ),
  );
  await expect(cell).toHaveText(new RegExp(`^(${[...texts].join('|')})$`));
}

const cellOf = (page: Page, customer: string) =>
  page
    .getByRole('row', { name: new RegExp(customer) })
    .getByRole('gridcell')
    .filter({ hasText: /left|late by|time left/ });

test('time left counts down, turns amber then red; Overdue lists exactly the late open orders', async ({
  page,
  baseURL,
}) => {
  const store = await makeStore(baseURL!, ACCOUNTS.BlueTikAdmin, {
    name: 'Clock Store',
    password: 'Clock@1234',
  });
  const now = Date.now();
  const lateFields = promiseFields(now - 20 * 60_000);
  const soonFields = promiseFields(now + 30 * 60_000);
  const late = await store.newOrder('Late Customer', lateFields);
  await store.newOrder('Soon Customer', soonFields);
  await store.newOrder('Open Customer');
  const done = await store.newOrder('Done Customer', promiseFields(now - 60 * 60_000));
  const version = (await api(store.admin, 'GET', `orders/getorderbyid/${done.id}`)).body.result.version;
  await save(store.admin, 'orders/upsertorder', {
    id: done.id,
    version,
    status: 3,
    ...Object.fromEntries(
      Object.entries(promiseFields(now - 60 * 60_000)).map(([k, v]) => [k.toLowerCase(), String(v)]),
    ),
    deliveryprice: '0',
    issettled: 'No',
    cancelledreason: 0,
    orderUnAvailableUserItems: '',
    orderItemsPrice: '',
  });
  // Worked out here from what the test made: open and promised before now.
  const expectedLate = [late.id];

  await page.clock.install();
  await signInWith(page, store.owner.mobile, store.owner.password);
  await page.goto('/listorders?sort=timeLeft&order=asc');
  const grid = page.getByRole('grid', { name: 'Orders' });
  await expect(grid.getByRole('row', { name: /Late Customer/ })).toBeVisible();

  const lateCell = cellOf(page, 'Late Customer');
  await expectLeft(page, lateCell, promiseOf(lateFields));
  await expect(lateCell.locator('span.bg-red-50 svg')).toHaveCount(1);
  const soonCell = cellOf(page, 'Soon Customer');
  await expectLeft(page, soonCell, promiseOf(soonFields));
  await expect(soonCell.locator('.bg-amber-50, .bg-red-50')).toHaveCount(0);
  await expect(cellOf(page, 'Open Customer')).toHaveText(/No time left to keep/);
  await expect(cellOf(page, 'Done Customer')).toHaveText(/No time left to keep/);
  // Most urgent first: late, soon, then the open order without a promise, then the closed one.
  const names = await grid
    .getByRole('row')
    .filter({ hasText: /Customer/ })
    .allInnerTexts();
  expect(names.map((n) => /(\w+) Customer/.exec(n)![1])).toEqual(['Late', 'Soon', 'Open', 'Done']);
  await expectAccessible(page);

  // 22 minutes on: under 10 left, amber; 10 more: late, red.
  await page.clock.fastForward('22:00');
  await expectLeft(page, soonCell, promiseOf(soonFields));
  await expect(soonCell.locator('span.bg-amber-50 svg')).toHaveCount(1);
  await page.clock.fastForward('10:00');
  await expectLeft(page, soonCell, promiseOf(soonFields));
  await expect(soonCell).toHaveText(/^late by/);
  await expect(soonCell.locator('span.bg-red-50')).toHaveCount(1);

  // The Overdue tab (the server's clock): exactly the open orders promised before now.
  const tab = page.getByRole('tab', { name: /^Overdue/ });
  await expect(tab).toContainText(String(expectedLate.length));
  await tab.click();
  await expect(page).toHaveURL(/overdue=Yes/);
  await expect(grid.getByRole('row').filter({ hasText: /Customer/ })).toHaveCount(expectedLate.length);
  await expect(grid.getByRole('row', { name: /Late Customer/ })).toBeVisible();

  // The order's details say it too, with the promised time.
  await page.goto(`/order/edit/${late.id}`);
  await expect(page.getByText('Time left:')).toBeVisible();
  await expect(page.getByText(/^late by \d+ min$/)).toBeVisible();
  await expect(page.getByText(/^promised for /)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await store.remove();
});
