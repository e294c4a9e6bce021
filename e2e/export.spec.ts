import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { api, apiSignIn } from './api';
import { ACCOUNTS, signIn } from './support';

/*
 * Issue 15, item 5: export a filtered, sorted view from the list and compare the file with
 * the list, row by row (every page of it, through the API).
 */

test('the exported file is the filtered view, row by row', async ({ page, baseURL }) => {
  await signIn(page, 'BlueTikAdmin');
  await page.goto('/listorders?status=3&paymentType=Online&sort=orderUserName&order=asc');
  await expect(page).toHaveURL(/upto=\d+/);
  const upto = new URL(page.url()).searchParams.get('upto')!;
  await expect(page.getByRole('grid', { name: 'Orders' })).toHaveAttribute('aria-busy', 'false');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  // UTF-8 with a BOM (Excel then reads Telugu names), the list's labels as the header.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Order Id,Status,Name,Total Price,Created Date (IST),Payment Type,Is Settled?,Settlement Amt,Store Name',
  );
  const file = lines.slice(1).map((line) => line.split(','));

  const admin = await apiSignIn(baseURL!, ACCOUNTS.BlueTikAdmin.mobile, ACCOUNTS.BlueTikAdmin.password);
  const listed: { orderNumber: string; status: number; totalPrice: number; paymentType: string }[] = [];
  for (let p = 1; ; p++) {
    const r = await api(
      admin,
      'GET',
      `orders/listorders?status=3&paymentType=Online&sort=orderUserName&order=asc&upto=${upto}&page=${p}&pageSize=500`,
    );
    listed.push(...r.body.result.rows);
    if (listed.length >= r.body.result.total) break;
  }
  await admin.ctx.dispose();
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.length).toBeLessThanOrEqual(10_000);
  expect(file.map((cells) => cells[0])).toEqual(listed.map((o) => o.orderNumber));
  for (const [i, o] of listed.entries()) {
    expect(file[i]![1]).toBe('Delivered');
    expect(Number(file[i]![3])).toBe(o.totalPrice);
    expect(file[i]![5]).toBe('Online');
  }
  console.log(`export: ${file.length} rows, equal to the list's ${listed.length}`);
});
