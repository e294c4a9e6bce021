import { randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { api, apiSignIn, save } from './api';
import { ACCOUNTS, signInWith } from './support';
import {
  PAYLOADS,
  NUL_PAYLOAD,
  pickFor,
  watch,
  expectNoScriptRan,
  expectLiteral,
  expectToast,
} from './xss-kit';

/*
 * XSS (issue 8 item 6). A corpus of script payloads is saved through the API into every
 * text field a route writes (categories, items, role descriptions, users, a profile);
 * order customer and line fields have no write route, so an order carrying payloads is
 * inserted straight into the e2e server's SQLite database. Then every screen that shows
 * them is opened in Chromium: lists, edit forms, order details, the delete dialog, the
 * profile menu and the save toasts. No script may run (window.__xss stays unset, no
 * alert/confirm dialog), every payload must show as the literal text it is, and the CSP
 * must be strict. CSP violations the browser blocked are collected and printed.
 *
 * It rewrites one shared record, the MobileUser role's description (there are only four
 * roles, so it can't make its own; no other spec edits that one), and puts it back.
 * Everything else it writes is its own: new categories, items, a new store user whose
 * profile it edits, and an order of that store; other specs don't count those.
 */

const TAG = `XSS${Date.now().toString(36).slice(-5)}`;
const DB_PATH = resolve(process.env.DATA_DIR ?? '.data-e2e', 'app.db');

// ---------------------------------------------------------------------------------

test.describe.configure({ mode: 'serial' });

const refused: string[] = [];
const accepted: Record<string, number> = {};
const count = (field: string) => (accepted[field] = (accepted[field] ?? 0) + 1);

test('script payloads in every text field show as text and never run', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await apiSignIn(baseURL!, ACCOUNTS.BlueTikAdmin.mobile, ACCOUNTS.BlueTikAdmin.password);

  // CSP on the document and on API answers: strict.
  const doc = await admin.ctx.get('/login');
  const apiRes = await api(admin, 'GET', 'health');
  for (const csp of [doc.headers()['content-security-policy'], apiRes.headers['content-security-policy']]) {
    expect(csp).toBeTruthy();
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/base-uri 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/default-src 'self'/);
  }

  // NUL is refused by validation in every text field (one probe per route is enough to prove the rule).
  const nul = await api(admin, 'POST', 'categories/upsertcategory', {
    id: '',
    name: `${TAG} ${NUL_PAYLOAD}`,
    subcategory: 'abcd',
    description: 'abcd',
    image: 'abcd',
    associatedItems: '',
  });
  expect(nul.status).toBe(400);
  refused.push(`NUL in a category name → 400 "${nul.body.errorMessages.join(' ')}"`);

  // Categories: every payload in name, sub-category, description and image.
  const categories: { id: number; name: string; texts: string[] }[] = [];
  for (const [i, p] of PAYLOADS.entries()) {
    const name = `${TAG} c${i} ${p}`;
    const data = {
      id: '',
      name,
      subcategory: p,
      description: pickFor(100, i + 1),
      image: pickFor(200, i + 2),
      associatedItems: '',
    };
    const saved = await save(admin, 'categories/upsertcategory', data);
    for (const f of ['name', 'subcategory', 'description', 'image']) count(`category.${f}`);
    categories.push({ id: saved.id, name, texts: [name, data.subcategory, data.description] });
  }

  // Items: name, brand, description, category, sub-category, qty, image.
  const items: { id: number; name: string; texts: string[] }[] = [];
  for (const [i, p] of PAYLOADS.entries()) {
    const name = `${TAG} i${i} ${p}`;
    const data = {
      id: '',
      name,
      description: pickFor(100, i + 1),
      brand: pickFor(100, i + 2),
      category: pickFor(100, i + 3),
      subCategory: pickFor(100, i + 4),
      qty: pickFor(100, i + 5),
      image: pickFor(200, i + 6),
      price: '10',
      mrp: '12',
    };
    const saved = await save(admin, 'items/upsertitem', data);
    for (const f of ['name', 'description', 'brand', 'category', 'subCategory', 'qty', 'image'])
      count(`item.${f}`);
    items.push({ id: saved.id, name, texts: [name, data.brand, data.category, data.subCategory] });
  }

  // Roles: only the description is text (names are the four role types). Only MobileUser's:
  // the role form spec edits WebUser's, and a shared record changed under it is a conflict.
  const roles = (
    (await api(admin, 'GET', 'roles/listroles?page=1&pageSize=10')).body.result.rows as {
      id: number;
      name: string;
      description: string;
    }[]
  ).filter((r) => r.name === 'MobileUser');
  const roleTexts: string[] = [];
  for (const [i, r] of roles.entries()) {
    const description = pickFor(40, i + 3);
    await save(admin, 'roles/upsertrole', { id: r.id, name: r.name, description });
    count('role.description');
    roleTexts.push(description);
  }

  // A new store user (WebAdmin) whose every text field holds a payload.
  const phone = `7${String(randomInt(0, 999_999_999)).padStart(9, '0')}`;
  const password = 'Xss@1234';
  const user = {
    id: '',
    name: pickFor(30, 0),
    email: `xss.${TAG.toLowerCase()}@example.com`,
    phoneNumber: phone,
    passWord: password,
    role: 'WebAdmin',
    address1: pickFor(40, 1),
    address2: pickFor(40, 2),
    address3: pickFor(40, 3),
    city: pickFor(40, 4),
    state: 'Telangana',
    country: 'India',
    pincode: '500081',
    bussinessName: pickFor(30, 5),
    deleveryMessage: pickFor(30, 6),
    bussinessImage: pickFor(40, 7),
    deliveryTime: '30',
    deliveryPrice: '20',
    bussinessType: pickFor(40, 8),
    description: pickFor(40, 9),
    isHomeDeliveryAvailable: 'Yes',
    isActive: 'Yes',
    isOnlinePaymentEnabled: 'Yes',
    isAddCategoryItems: 'No',
    ispasswordchangeconfirms: 'No',
  };
  // A payload as the email is refused by the email rule.
  const badEmail = await api(admin, 'POST', 'user/upsertuser', {
    ...user,
    email: '"><svg onload=__xss=1>@x.io',
  });
  expect(badEmail.status).toBe(400);
  refused.push(`payload as an email → 400 "${badEmail.body.errorMessages.join(' ')}"`);
  const created = await api(admin, 'POST', 'user/upsertuser', user);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  for (const f of Object.keys(user)) if (typeof user[f as keyof typeof user] === 'string') count(`user.${f}`);
  const listed = await api(admin, 'GET', `user/listusers?page=1&pageSize=5&q=${phone}`);
  const storeId = (listed.body.result.rows as { id: number }[])[0]!.id;

  // The store's own profile, other payloads, through editprofile.
  const store = await apiSignIn(baseURL!, phone, password);
  const profile = {
    name: pickFor(30, 10),
    email: user.email,
    address1: pickFor(40, 11),
    address2: pickFor(40, 12),
    address3: pickFor(40, 13),
    city: pickFor(40, 14),
    state: 'Telangana',
    country: 'India',
    pincode: '500081',
    bussinessName: pickFor(30, 15),
    deleveryMessage: pickFor(30, 16),
    bussinessImage: pickFor(40, 17),
    deliveryTime: '30',
    deliveryPrice: '20',
    bussinessType: pickFor(40, 18),
    description: pickFor(40, 19),
    isHomeDeliveryAvailable: 'Yes',
  };
  await save(store, 'accounts/edituserprofile', profile);
  for (const f of Object.keys(profile)) count(`profile.${f}`);

  // An order of that store with payloads in every customer and line field: no route writes
  // them (orders come from the mobile app), so it goes straight into the e2e database.
  const orderNumber = `${TAG}-1`;
  const db = new SQLite(DB_PATH, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const now = new Date().toISOString();
  const orderId = Number(
    db
      .prepare(
        `insert into orders (order_number, store_user_id, status, customer_name, customer_phone,
           customer_address1, customer_address2, customer_address3, customer_city, customer_state,
           customer_country, customer_pincode, payment_type, is_settled, items_total, delivery_price,
           settlement_amount, created_at, updated_at)
         values (?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PayOnDelivery', 0, 2000, 0, 0, ?, ?)`,
      )
      .run(
        orderNumber,
        storeId,
        PAYLOADS[0],
        PAYLOADS[1],
        PAYLOADS[2],
        PAYLOADS[3],
        PAYLOADS[6],
        PAYLOADS[8],
        PAYLOADS[9],
        PAYLOADS[10],
        PAYLOADS[12],
        now,
        now,
      ).lastInsertRowid,
  );
  const lines = [PAYLOADS[5], PAYLOADS[13], PAYLOADS[16]];
  const insertLine = db.prepare(
    `insert into order_items (order_id, position, category_name, item_id, is_not_available, name,
       items_count, qty, price, total, image) values (?, ?, ?, ?, 0, ?, 1, ?, 1000, 1000, ?)`,
  );
  for (const [i, p] of lines.entries())
    insertLine.run(
      orderId,
      i,
      PAYLOADS[14 + i] ?? p,
      items[i]!.id,
      p,
      PAYLOADS[(i + 4) % PAYLOADS.length],
      'javascript:__xss=1',
    );
  db.close();
  count('order.customer (9 fields)');
  count('order_items.name/category/qty/image');
  // Internal notes on that order (issue 16): every payload, through addnote.
  for (const text of PAYLOADS) await save(admin, 'orders/addnote', { orderId, text });
  count('order note');

  // ---------------------------------------------------------------------------------
  // The screens, as the admin.
  const w = await watch(page);
  // The watchers do see a script that runs (a page without the product's CSP).
  await page.setContent('<img src=x onerror="__xss=1;alert(1)">');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBe(1);
  await expect.poll(() => w.dialogs.length).toBe(1);
  w.dialogs.length = 0;

  await signInWith(page, ACCOUNTS.BlueTikAdmin.mobile, ACCOUNTS.BlueTikAdmin.password);
  const docRes = await page.goto('/');
  expect(docRes?.headers()['content-security-policy']).toMatch(/script-src 'self'/);

  await page.goto(`/listcategories?q=${TAG}&pageSize=50`);
  await expectLiteral(
    page,
    categories.map((c) => c.name),
    'categories list',
  );
  await expectNoScriptRan(page, w, 'categories list');
  // The delete dialog names the row.
  await page
    .getByRole('button', { name: /Delete/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectLiteral(page, [categories[0]!.name], 'delete dialog');
  await expectNoScriptRan(page, w, 'delete dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();

  for (const c of [categories[10]!, categories[16]!]) {
    await page.goto(`/category/edit/${c.id}`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(c.name);
    await expect(page.getByLabel('Sub-Category')).toHaveValue(c.texts[1]!);
    await expect(page.getByLabel('Description')).toHaveValue(c.texts[2]!);
    await expectNoScriptRan(page, w, `category form ${c.id}`);
  }
  // Saving shows the name in a toast.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, categories[16]!.name);
  await expectNoScriptRan(page, w, 'category saved toast');

  await page.goto(`/listitems?q=${TAG}&pageSize=50`);
  await expectLiteral(
    page,
    items.map((i) => i.name),
    'items list',
  );
  await expectNoScriptRan(page, w, 'items list');
  for (const it of [items[11]!, items[6]!]) {
    await page.goto(`/items/edit/${it.id}`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(it.name);
    await expect(page.getByLabel('Brand')).toHaveValue(it.texts[1]!);
    await expectNoScriptRan(page, w, `item form ${it.id}`);
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, items[6]!.name);
  await expectNoScriptRan(page, w, 'item saved toast');

  await page.goto('/listroles');
  await expectLiteral(page, roleTexts, 'roles list');
  await expectNoScriptRan(page, w, 'roles list');
  await page.goto(`/roles/edit/${roles[0]!.id}`);
  await expect(page.getByLabel('Description')).toHaveValue(roleTexts[0]!);
  await expectNoScriptRan(page, w, 'role form');

  await page.goto(`/listusers?q=${phone}`);
  await expectLiteral(page, [profile.name, profile.bussinessName], 'users list');
  await expectNoScriptRan(page, w, 'users list');
  await page.goto(`/users/edit/${storeId}`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(profile.name);
  await expect(page.getByLabel('Address 1')).toHaveValue(profile.address1);
  await expect(page.getByLabel('Business Type')).toHaveValue(profile.bussinessType);
  await expectNoScriptRan(page, w, 'user form');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, profile.name);
  await expectNoScriptRan(page, w, 'user saved toast');

  await page.goto(`/listorders?q=${orderNumber}`);
  await expectLiteral(page, [orderNumber, PAYLOADS[0], profile.bussinessName], 'orders list');
  await expectNoScriptRan(page, w, 'orders list');
  await page.goto(`/order/edit/${orderId}`);
  await expectLiteral(
    page,
    [PAYLOADS[0], PAYLOADS[1], PAYLOADS[2], PAYLOADS[3], PAYLOADS[6], ...lines],
    'order details',
  );
  // The notes in the timeline (whitespace kept: a note shows as it was typed, trimmed).
  await expectLiteral(
    page,
    PAYLOADS.map((p) => p.trim()),
    'order notes',
  );
  await expectNoScriptRan(page, w, 'order details');

  // ---------------------------------------------------------------------------------
  // The store itself: its name in the profile menu, its profile form, home, its orders.
  await page.goto('/logout');
  await signInWith(page, phone, password);
  await page.goto('/');
  await expectLiteral(page, [profile.name], 'shell (profile menu)');
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoScriptRan(page, w, 'home and profile menu');
  await page.keyboard.press('Escape');
  await page.goto('/editprofile');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(profile.name);
  await expect(page.getByLabel('Business Name')).toHaveValue(profile.bussinessName);
  await expect(page.getByLabel('Description')).toHaveValue(profile.description);
  await expectNoScriptRan(page, w, 'edit profile');
  await page.goto('/listorders');
  await expectLiteral(page, [PAYLOADS[0]], 'store orders list');
  await expectNoScriptRan(page, w, 'store orders list');

  expect(w.errors, 'uncaught page errors').toEqual([]);
  console.log(
    `XSS: ${PAYLOADS.length} payloads; fields written: ${Object.keys(accepted).length} ` +
      `(${Object.values(accepted).reduce((a, b) => a + b, 0)} values); refused by validation: ${refused.length}\n  ` +
      refused.join('\n  ') +
      `\n  CSP violations blocked: ${w.csp.length}${w.csp.length ? '\n  ' + w.csp.join('\n  ') : ''}`,
  );

  // Put the shared role description back.
  for (const r of roles) {
    const current = (await api(admin, 'GET', `roles/getrolebyid/${r.id}`)).body.result as { version: number };
    await save(admin, 'roles/upsertrole', {
      id: r.id,
      name: r.name,
      description: r.description,
      version: current.version,
    });
  }
  await store.ctx.dispose();
  await admin.ctx.dispose();
});
