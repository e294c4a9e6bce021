import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { api, makeStore, save } from './api';
import { ACCOUNTS, expectAccessible, expectNoSidewaysScroll, signIn, signInWith } from './support';

/*
 * Issue 28 item 4: the day-end report as a store owner closes the day. A store of the
 * test's own takes three orders today; one is delivered, one cancelled (Delayed Delivery);
 * the report shows them against the day before, prints on one A4 page (read back with
 * pdftotext) and saves a CSV; staff find no report. Every figure against the database is
 * the server test's (server/routes/orders/day-report.test.ts, both databases).
 */

test('a store owner reads, prints and exports the day; staff find no report', async ({ page, baseURL }) => {
  const store = await makeStore(baseURL!, ACCOUNTS.BlueTikAdmin, {
    name: 'Report Store',
    password: 'Report@1234',
  });
  const orders = [
    await store.newOrder('Report Delivered'),
    await store.newOrder('Report Cancelled'),
    await store.newOrder('Report Waiting'),
  ];
  const change = async (id: number, status: number, cancelledreason = 0) => {
    const { version } = (await api(store.admin, 'GET', `orders/getorderbyid/${id}`)).body.result;
    await save(store.admin, 'orders/upsertorder', {
      id,
      version,
      status,
      expecteddeliverydate: '',
      exphours: '1',
      expminutes: '0',
      exptimeperiod: 'AM',
      deliveryprice: '0',
      issettled: 'No',
      cancelledreason,
      orderUnAvailableUserItems: '',
      orderItemsPrice: '',
    });
  };
  await change(orders[0]!.id, 3);
  await change(orders[1]!.id, 4, 2);
  const delivered = (await api(store.admin, 'GET', `orders/getorderbyid/${orders[0]!.id}`)).body.result as {
    totalPrice: number;
    deliveryPrice: number;
  };
  const sales = `Rs ${(delivered.totalPrice + delivered.deliveryPrice).toFixed(2)}`;

  await page.addInitScript(() => {
    const w = window as unknown as { __printed: number };
    w.__printed = 0;
    window.print = () => void w.__printed++;
  });
  await signInWith(page, store.owner.mobile, store.owner.password);
  await page.getByRole('link', { name: 'Day report' }).click();
  const figures = page.getByRole('region', { name: 'Figures' });
  await expect(
    figures
      .getByRole('row', { name: /^Orders placed/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('3');
  await expect(
    figures
      .getByRole('row', { name: /^Delivered sales/ })
      .getByRole('cell')
      .first(),
  ).toHaveText(sales);
  await expect(
    figures
      .getByRole('row', { name: /^Cancellation rate/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('33.3%');
  await expect(page.getByRole('region', { name: 'Cancellations' })).toContainText('Delayed Delivery');
  await expectAccessible(page);

  // One A4 page, its figures on paper.
  await page.getByRole('button', { name: 'Print' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed))
    .toBe(1);
  const dir = mkdtempSync(join(tmpdir(), 'report-'));
  const pdf = join(dir, 'day.pdf');
  writeFileSync(pdf, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBe(1);
  expect(Math.round((Number(/Page size:\s+([\d.]+)/.exec(info)![1]) / 72) * 25.4)).toBe(210);
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  for (const words of ['Day report', 'Delivered sales', sales, 'Delayed Delivery', '33.3%'])
    expect(text).toContain(words);

  // The CSV, as a spreadsheet receives it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = join(dir, 'day.csv');
  await (await download).saveAs(file);
  const csv = readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(csv).toContain('Orders placed,3,0,0');
  expect(csv).toContain('Delayed Delivery,1');
  rmSync(dir, { recursive: true, force: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(figures).toBeVisible();
  // The page never scrolls sideways on a phone (the figures' table may, inside its card).
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  // And dark on the phone (languages.spec walks every screen dark at 1280).
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(figures).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => localStorage.removeItem('theme'));

  // Staff: no menu entry, and "No access" at the address.
  await page.context().clearCookies();
  await signIn(page, 'WebUser');
  await page.goto('/reports/day');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await store.remove();
});
