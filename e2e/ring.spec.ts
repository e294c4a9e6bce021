import { expect, test, type Page } from '@playwright/test';
import { makeStore } from './api';
import { ACCOUNTS, expectAccessible, signInWith, uncovered } from './support';

/*
 * Issue 28 item 1: a new order rings on every signed-in screen of its store every ~10 s
 * until someone takes it; opening it on one screen stops the ringing on both within one
 * live check; the timeline says who took it; Snooze and the sound switch hold across a
 * reload. The clock is Playwright's (each page's own), the sound's play() is counted.
 */

async function screenOf(page: Page, owner: { mobile: string; password: string }) {
  await page.addInitScript(() => {
    const w = window as unknown as { __played: number };
    w.__played = 0;
    HTMLMediaElement.prototype.play = function () {
      w.__played++;
      return Promise.resolve();
    };
  });
  await page.clock.install();
  const baseline = page.waitForResponse((r) => r.url().includes('/api/orders/getchanges?since=2147483647'));
  await signInWith(page, owner.mobile, owner.password);
  await baseline;
  // The browser plays sounds only after the user has interacted with the page.
  await page.getByRole('heading', { level: 1 }).click();
}
const played = (page: Page) => page.evaluate(() => (window as unknown as { __played: number }).__played);
/** Ten seconds on, with the live check it brings answered. */
async function tenSeconds(page: Page) {
  const check = page.waitForResponse((r) => r.url().includes('/api/orders/getchanges'));
  await page.clock.fastForward(10_000);
  await check;
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
}

test('a new order rings on both screens until one opens it; snooze and mute survive a reload', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const store = await makeStore(baseURL!, ACCOUNTS.BlueTikAdmin, {
    name: 'Ring Store',
    password: 'Ring@1234',
  });
  const { owner } = store;
  const contexts = await Promise.all([1, 2].map(() => browser.newContext({ baseURL })));
  const [one, two] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
  await screenOf(one, owner);
  await screenOf(two, owner);

  const order = await store.newOrder('Ring Customer');
  for (const page of [one, two]) await tenSeconds(page);
  for (const page of [one, two]) {
    await expect(page.getByRole('region', { name: 'Orders waiting' })).toContainText(
      '1 new order waits to be taken',
    );
    expect(await played(page)).toBe(1);
  }
  // Ten seconds later it rings again, on both.
  for (const page of [one, two]) await tenSeconds(page);
  for (const page of [one, two]) expect(await played(page)).toBe(2);
  await expectAccessible(two);

  // Screen one opens it: it is taken; screen two stops within one check.
  const taken = one.waitForResponse((r) => r.url().includes('/api/orders/takeorder'));
  await one.goto(`/order/edit/${order.id}`);
  expect((await taken).status()).toBe(200);
  await tenSeconds(two);
  const after = await played(two);
  await tenSeconds(two);
  await tenSeconds(two);
  expect(await played(two)).toBe(after);
  expect(after).toBeLessThanOrEqual(3);
  await expect(two.getByRole('region', { name: 'Orders waiting' })).toBeHidden();
  // The timeline names who took it (the store's owner, named after the store). Read after a
  // reload: once in CI the open timeline had not refetched after the take (noted in issue 28).
  await one.reload();
  const timeline = one.getByRole('list', { name: /^Timeline of order / });
  await expect(timeline).toContainText('Took the order');
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Took the order' })).toContainText(
    'Ring Store',
  );

  // Snooze on screen two, then a reload: still snoozed, silent.
  await store.newOrder('Ring Customer Two');
  await tenSeconds(two);
  const bar = two.getByRole('region', { name: 'Orders waiting' });
  await expect(bar).toContainText('1 new order waits to be taken');
  await bar.getByRole('button', { name: 'Snooze 5 min' }).click();
  await two.reload();
  await two.getByRole('heading', { level: 1 }).click();
  await tenSeconds(two);
  await expect(bar).toContainText(/Ringing snoozed until/);
  const snoozed = await played(two);
  await tenSeconds(two);
  await tenSeconds(two);
  expect(await played(two)).toBe(snoozed);

  // The sound switched off, then a reload: the bar says so, nothing plays.
  await bar.getByRole('button', { name: 'Ring again' }).click();
  await two.getByRole('button', { name: /Profile menu/ }).click();
  await two.getByRole('menuitemcheckbox', { name: 'Sound for new orders' }).click();
  await two.keyboard.press('Escape');
  await two.reload();
  await two.getByRole('heading', { level: 1 }).click();
  await tenSeconds(two);
  await expect(bar).toContainText('Sound is off');
  const muted = await played(two);
  await tenSeconds(two);
  await tenSeconds(two);
  expect(await played(two)).toBe(muted);
  await Promise.all(contexts.map((c) => c.close()));
  await store.remove();
});

test('the waiting bar never lies over the order’s Status and Save, nor the list’s pager', async ({
  page,
  baseURL,
}) => {
  const store = await makeStore(baseURL!, ACCOUNTS.BlueTikAdmin, {
    name: 'Bar Store',
    password: 'Bar@12345',
  });
  await screenOf(page, store.owner);
  const first = await store.newOrder('Bar Customer One');
  await store.newOrder('Bar Customer Two');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
    // Opening the first order takes it; the second still waits, and the bar says so.
    await page.goto(`/order/edit/${first.id}`);
    await tenSeconds(page);
    const bar = page.getByRole('region', { name: 'Orders waiting' });
    // (Two until the live check has seen the first one taken.)
    await expect(bar).toContainText(/new orders? waits? to be taken/);
    for (const control of [
      page.getByRole('combobox', { name: 'Status' }),
      page.getByRole('button', { name: 'Save' }),
    ])
      expect(await control.evaluate(uncovered), `${width} px: ${await control.textContent()}`).toBe(true);
    // At the list's foot the pager scrolls clear of the bar.
    await page.goto('/listorders');
    await tenSeconds(page);
    await expect(bar).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const pager = page.getByRole('navigation', { name: 'Orders pages' });
    await expect(pager).toBeVisible();
    expect(await pager.evaluate(uncovered), `${width} px: the pager`).toBe(true);
  }
  await store.remove();
});
