import { expect, test, type Page } from '@playwright/test';
import { makeStore } from './api';
import { FULL_CHROMIUM, LAUNCH_ARGS } from './browsers';
import { ACCOUNTS, signInWith } from './support';

/*
 * Issue 16, item 4: a hidden tab keeps checking (every 30 s), counts new orders in its
 * title, plays the alert sound (spied) and shows a desktop notification when granted; with
 * the sound switched off it stays silent. A store of its own, so no other spec's orders count.
 */

const BASE_TITLE = 'BlueTik Back Office';

// Desktop notifications need the full browser: the headless shell the other specs run in
// doesn't show them (e2e/browsers.ts).
test.use({ launchOptions: { executablePath: FULL_CHROMIUM, args: LAUNCH_ARGS } });

/** The tab goes to the background (or comes back): what a browser reports then. */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    document.hasFocus = () => !hidden;
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, hidden);
}

test('a hidden tab announces new orders: title, sound, notification; silent when switched off', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const store = await makeStore(baseURL!, ACCOUNTS.BlueTikAdmin, {
    name: 'Alert Store',
    password: 'Alert@123',
  });
  const { owner } = store;
  const newOrder = () => store.newOrder('Alert Customer');

  // Spies: every play() of a sound, every notification shown (the real ones still run).
  await page.addInitScript(() => {
    const w = window as unknown as { __played: number; __notes: Notification[] };
    w.__played = 0;
    w.__notes = [];
    HTMLMediaElement.prototype.play = function () {
      w.__played++;
      return Promise.resolve();
    };
    const Real = window.Notification;
    window.Notification = new Proxy(Real, {
      construct(target, args: [string, NotificationOptions?]) {
        const note = new target(...args);
        w.__notes.push(note);
        return note;
      },
    });
  });
  await page.context().grantPermissions(['notifications']);
  await page.clock.install();
  // The tab's first check (a `since` past every id) is where it starts counting from: an
  // order made before its answer would count as already seen.
  const baseline = page.waitForResponse((r) => r.url().includes('/api/orders/getchanges?since=2147483647'));
  await signInWith(page, owner.mobile, owner.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Alert Store' })).toBeVisible();
  expect((await baseline).status()).toBe(200);
  const spied = () =>
    page.evaluate(() => {
      const w = window as unknown as { __played: number; __notes: Notification[] };
      return { played: w.__played, notes: w.__notes.map((n) => n.title) };
    });

  // Desktop notifications: asked for on the user's click, in the profile menu.
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Desktop notifications' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('alerts.desktop'))).toBe('on');
  // One visible check more, answered before the tab goes to the background (a check ends by
  // scheduling the next one: answered later, it would start the 30 s over).
  const tick = page.waitForResponse((r) => r.url().includes('/api/orders/getchanges'));
  await page.clock.fastForward(10_000);
  await tick;

  await setHidden(page, true);
  await newOrder();
  await page.clock.fastForward(20_000);
  expect(await page.title()).toBe(BASE_TITLE);
  await page.clock.fastForward(10_000);
  await expect(page).toHaveTitle(`(1) New order · ${BASE_TITLE}`);
  expect(await spied()).toEqual({ played: 1, notes: ['1 new order · BlueTik'] });

  // Sound off (remembered on this device): the next order only counts.
  await setHidden(page, false);
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Sound for new orders' }).click();
  await setHidden(page, true);
  await newOrder();
  await page.clock.fastForward(30_000);
  await expect(page).toHaveTitle(`(2) New orders · ${BASE_TITLE}`);
  expect(await spied()).toEqual({ played: 1, notes: ['1 new order · BlueTik', '2 new orders · BlueTik'] });

  // The notification's click brings the tab to the orders list, where the count clears.
  await setHidden(page, false);
  await page.evaluate(() => {
    const notes = (window as unknown as { __notes: Notification[] }).__notes;
    notes.at(-1)!.onclick?.(new Event('click'));
  });
  await expect(page).toHaveURL(/\/listorders/);
  await expect(page).toHaveTitle(BASE_TITLE);
  // The sound the app plays is the one it ships, served as audio.
  const sound = await page.request.get('/sounds/new-order.wav');
  expect([sound.status(), sound.headers()['content-type']]).toEqual([200, 'audio/wav']);
  await store.remove();
});
