import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { decodeOrderUserItems } from '../contract/codecs';
import { formatRupees } from '../contract/rules';
import { gstinCheckCharacter, gstSplit, SAC_RESTAURANT } from '../contract/tax';
import { api, apiSignIn, makeStore, save, type ApiSession } from './api';
import { ACCOUNTS, signIn, signInWith } from './support';

/*
 * Issue 16, item 3: the printed receipt and kitchen ticket, as paper would show them.
 * Chromium prints the page to PDF (print media, the documents' own page sizes) and
 * poppler's pdftotext reads it back (installed by scripts/ensure-chromium.mjs).
 */

let admin: ApiSession;
let dir: string;
const rupees = formatRupees;

test.beforeAll(async ({ baseURL }) => {
  admin = await apiSignIn(baseURL!, ACCOUNTS.BlueTikAdmin.mobile, ACCOUNTS.BlueTikAdmin.password);
  dir = mkdtempSync(join(tmpdir(), 'print-'));
});
test.afterAll(async () => {
  await admin.ctx.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** A WebAdmin (store A) order of three items, 1, 2 and 3 pieces. */
async function newOrder() {
  const users = (await api(admin, 'GET', 'user/listusers')).body.result as {
    id: number;
    phoneNumber: string;
  }[];
  const storeId = users.find((u) => u.phoneNumber === ACCOUNTS.WebAdmin.mobile)!.id;
  const items = (await api(admin, 'GET', 'items/listitems?page=1&pageSize=3&sort=price')).body.result
    .rows as {
    id: number;
  }[];
  return save(admin, 'orders/createorder', {
    storeId,
    orderUserName: 'Print Customer',
    orderUserPhoneNumber: '9123456780',
    orderUserAddress1: 'Plot 9, Jubilee Hills',
    orderUserCity: 'Hyderabad',
    orderUserState: 'Telangana',
    orderUserCountry: 'India',
    orderUserPincode: '500033',
    lines: items.map((it, i) => ({ itemId: it.id, itemsCount: i + 1 })),
    deliveryPrice: 40,
  });
}

/** Prints through the Print menu (the dialog stubbed), then renders the page as paper. */
async function printToText(page: Page, kind: 'Customer bill' | 'Kitchen ticket', name: string) {
  await page.getByRole('button', { name: 'Print' }).click();
  await page.getByRole('menuitem', { name: kind }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed))
    .toBe(1);
  const pdf = join(dir, `${name}.pdf`);
  writeFileSync(pdf, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1]);
  const size = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))!;
  return { text, pages, widthMm: Math.round((Number(size[1]) / 72) * 25.4), pdf };
}

test('receipt and kitchen ticket print the order’s available items, counts and totals', async ({ page }) => {
  const created = await newOrder();
  await page.addInitScript(() => {
    const w = window as unknown as { __printed: number };
    w.__printed = 0;
    window.print = () => void w.__printed++;
  });
  await signIn(page, 'WebAdmin');
  await page.goto(`/order/edit/${created.id}`);
  // The second item is not available: it leaves the receipt, the ticket and the totals.
  const before = (await api(admin, 'GET', `orders/getorderbyid/${created.id}`)).body.result;
  const tree = decodeOrderUserItems(before.orderUserItems);
  if (!tree.success) throw new Error(tree.issues.join('; '));
  const lines = tree.output.flatMap((c) => c.items);
  await page.getByLabel(`Not available: ${lines[1]!.name}`, { exact: true }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/listorders/);
  const order = (await api(admin, 'GET', `orders/getorderbyid/${created.id}`)).body.result;
  await page.goto(`/order/edit/${created.id}`);

  const receipt = await printToText(page, 'Customer bill', 'receipt');
  expect(receipt.pages).toBe(1);
  expect(receipt.widthMm).toBe(148); // A5
  // The demo WebAdmin's store is Regular with a GSTIN (the seed): a Tax Invoice, its number
  // issued now, the total's split to the paisa (DECISIONS §9).
  const grand = Math.round((order.totalPrice + 40) * 100);
  const split = gstSplit(grand);
  for (const text of [
    order.merchantName,
    `Tax Invoice · Order ${order.orderNumber}`,
    'GSTIN: 36',
    'FSSAI Lic. No.: 1362301100',
    `SAC ${SAC_RESTAURANT}`,
    `Taxable value ${rupees(split.taxable / 100)}`,
    `CGST 2.5 % ${rupees(split.cgst / 100)}`,
    `SGST 2.5 % ${rupees(split.sgst / 100)}`,
    'Print Customer',
    '+91 9123456780',
    `Items total ${rupees(order.totalPrice)}`,
    `Delivery ${rupees(40)}`,
    `Grand total ${rupees(order.totalPrice + 40)}`,
    'Payment: Pay on Delivery',
  ])
    expect(receipt.text.replace(/[ \t]+/g, ' '), text).toContain(text);
  for (const line of [lines[0]!, lines[2]!]) {
    expect(receipt.text).toContain(line.name);
    expect(receipt.text.replace(/[ \t]+/g, ' ')).toContain(
      `${line.itemsCount} ${rupees(line.price)} ${rupees(line.totalPrice)}`,
    );
  }
  expect(receipt.text).not.toContain(lines[1]!.name);
  expect(split.taxable + split.cgst + split.sgst).toBe(grand);
  const invoice = /Invoice No\.: (S\d+\/\d{4}\/\d+) · Date: (\d\d\/\d\d\/\d{4})/.exec(receipt.text);
  expect(invoice, receipt.text).not.toBeNull();
  expect(invoice![1]!.length).toBeLessThanOrEqual(16);
  expect(order.totalPrice).toBeCloseTo(lines[0]!.totalPrice + lines[2]!.totalPrice, 2);

  await page.evaluate(() => {
    (window as unknown as { __printed: number }).__printed = 0;
  });
  const ticket = await printToText(page, 'Kitchen ticket', 'ticket');
  expect(ticket.pages).toBe(1);
  expect(ticket.widthMm).toBe(80);
  expect(ticket.text).toContain(order.orderNumber);
  for (const line of [lines[0]!, lines[2]!]) {
    // Large names wrap on 80 mm paper: compare the words.
    expect(ticket.text.replace(/\s+/g, ' ')).toContain(line.name);
    expect(ticket.text).toMatch(new RegExp(`${line.itemsCount} ×`));
  }
  expect(ticket.text).not.toContain(lines[1]!.name);
  expect(ticket.text).not.toMatch(/Rs\s/);
  expect(ticket.text.replace(/[ \t]+/g, ' ')).toContain(
    `Pieces: ${lines[0]!.itemsCount + lines[2]!.itemsCount}`,
  );
  console.log(`print: receipt ${receipt.pdf}, ticket ${ticket.pdf}`);
});

test('bulk print: three selected orders print as three bills, each from a new page', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __printed: number };
    w.__printed = 0;
    window.print = () => void w.__printed++;
  });
  await signIn(page, 'WebAdmin');
  await page.goto('/listorders');
  const rows = page.getByRole('grid', { name: 'Orders' }).locator('tbody tr[data-index]');
  await expect(rows.first()).toBeFocused();
  const numbers = await rows.evaluateAll((trs) =>
    trs.slice(0, 3).map((tr) => /ORD\d+/.exec(tr.textContent ?? '')![0]),
  );
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByRole('region', { name: 'Selection' }).getByRole('status')).toHaveText(
    '3 orders selected',
  );
  const receipts = await printToText(page, 'Customer bill', 'bulk');
  // Each bill starts a page of its own (a long order's bill may run onto a second).
  const pages = receipts.text.split('\f');
  expect(receipts.pages).toBeGreaterThanOrEqual(3);
  expect(receipts.pages).toBeLessThanOrEqual(6);
  for (const number of numbers)
    expect(pages.filter((p) => p.includes(`Order ${number}`)).length, `${number} heads one page`).toBe(1);
  const heads = pages.map((p) => numbers.findIndex((n) => p.includes(`Order ${n}`)));
  expect(heads.filter((i) => i >= 0)).toEqual([0, 1, 2]);
});

test('the store’s profile picks the bill: Bill of Supply, then a plain Bill; the number stays', async ({
  page,
  baseURL,
}) => {
  const store = await makeStore(baseURL!, ACCOUNTS.BlueTikAdmin, {
    name: 'Bill Store',
    password: 'Bill@1234',
  });
  const profile = async (fields: Record<string, string>) => {
    const user = (await api(store.admin, 'GET', `user/getuserbyid/${store.storeId}`)).body.result;
    await save(store.admin, 'user/upsertuser', {
      ...user,
      passWord: '',
      ispasswordchangeconfirms: 'No',
      ...fields,
    });
  };
  const gstin = `36AAPFU0939F1Z${gstinCheckCharacter('36AAPFU0939F1Z')}`;
  await profile({ state: 'Telangana', gstin, fssaiNumber: '13623011000777', taxScheme: 'Composition' });
  const order = await store.newOrder('Bill Customer');
  await page.addInitScript(() => {
    const w = window as unknown as { __printed: number };
    w.__printed = 0;
    window.print = () => void w.__printed++;
  });
  await signInWith(page, store.owner.mobile, store.owner.password);
  await page.goto(`/order/edit/${order.id}`);
  const supply = await printToText(page, 'Customer bill', 'supply');
  const flat = (text: string) => text.replace(/\s+/g, ' ');
  expect(flat(supply.text)).toContain(`Bill of Supply · Order ${order.orderNumber}`);
  expect(flat(supply.text)).toContain('composition taxable person, not eligible to collect tax on supplies');
  expect(flat(supply.text)).toContain(`GSTIN: ${gstin}`);
  expect(flat(supply.text)).toContain('FSSAI Lic. No.: 13623011000777');
  expect(supply.text).not.toContain('CGST');
  const number = /Invoice No\.: (S\d+\/\d{4}\/\d+)/.exec(supply.text)![1]!;
  expect(number).toMatch(new RegExp(`^S${store.storeId}/\\d{4}/0+1$`));

  await profile({ gstin: '', taxScheme: 'Regular' });
  await page.reload();
  await page.evaluate(() => {
    (window as unknown as { __printed: number }).__printed = 0;
  });
  const plain = await printToText(page, 'Customer bill', 'plain');
  expect(flat(plain.text)).toContain(`Bill · Order ${order.orderNumber}`);
  expect(plain.text).not.toContain('GSTIN');
  expect(plain.text).not.toContain('CGST');
  expect(flat(plain.text)).toContain(`Invoice No.: ${number}`);
  await store.remove();
});
