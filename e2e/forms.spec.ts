import { expect, test, type Page } from '@playwright/test';
import { decodeCatalogItems, decodeOrderUserItems, type OrderItemLine } from '../contract/codecs';
import type { Category } from '../contract/categories';
import type { Item } from '../contract/items';
import type { Paged } from '../contract/lists';
import { orderTotals } from '../contract/order-update';
import { type Order, type OrderListRow } from '../contract/orders';
import type { RoleRecord } from '../contract/roles';
import { formatRupees, fromPaise, toPaise } from '../contract/rules';
import { expectAccessible, signIn, type DemoRole } from './support';

/*
 * The edit screens against the real server: each form's save path for the roles that may
 * save, and the main refusals. Test data is looked up through the API with the signed-in
 * user's own token (what the screens would show), so the flows don't depend on seed ids.
 */

/** GET an API path with the page's session; answers the envelope's result. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const response = await fetch(`/api/${p}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    const body = (await response.json()) as { result: unknown };
    return body.result;
  }, path) as Promise<T>;
}

const totalsRegion = (page: Page) => page.getByRole('region', { name: 'Order totals' });

/** An order of the signed-in store with at least three available lines. */
async function findOrder(page: Page, paymentType: 'Online' | 'PayOnDelivery') {
  const list = await apiGet<Paged<OrderListRow>>(
    page,
    `orders/listorders?paymentType=${paymentType}&status=0&status=1&pageSize=50`,
  );
  for (const row of list.rows) {
    const order = await apiGet<Order>(page, `orders/getorderbyid/${row.id}`);
    const tree = decodeOrderUserItems(order.orderUserItems);
    if (!tree.success) continue;
    const lines = tree.output.flatMap((c) => c.items);
    if (lines.filter((l) => !l.isDeleted).length >= 3) return { order, lines };
  }
  throw new Error(`no ${paymentType} order with three available lines`);
}

async function shot(page: Page, name: string) {
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: test.info().outputPath(`${name}-${w}x${h}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('order details', () => {
  test('two items Not Available and one price change: the same totals on screen, saved and in the list', async ({
    page,
  }) => {
    await signIn(page, 'WebAdmin');
    const { order, lines } = await findOrder(page, 'PayOnDelivery');
    const open = lines.filter((l) => !l.isDeleted);
    const [first, second, third] = open as [OrderItemLine, OrderItemLine, OrderItemLine];
    const newPrice = '12.35';

    // What the contract's arithmetic says the order comes to.
    const expected = orderTotals(
      lines.map((l) => ({
        itemsCount: l.itemsCount,
        pricePaise: l === third ? toPaise(newPrice) : toPaise(String(l.price)),
        unavailable: l.isDeleted || l === first || l === second,
      })),
      toPaise(String(order.deliveryPrice)),
    );
    const items = formatRupees(fromPaise(expected.itemsTotal));
    const grand = formatRupees(fromPaise(expected.grandTotal));

    await page.goto(`/order/edit/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
    await expect(page.getByLabel('Is Settled')).toHaveCount(0);
    await expectAccessible(page);
    // The list's words for the payment type; the customer's phone calls on a tap.
    await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Pay on Delivery');
    const phone = order.orderUserPhoneNumber.replace(/\D/g, '').slice(-10);
    await expect(
      page.getByRole('region', { name: 'Customer' }).getByRole('link', { name: /^\+91 / }),
    ).toHaveAttribute('href', `tel:+91${phone}`);

    await page.getByLabel(`Not available: ${first.name}`, { exact: true }).check();
    await page.getByLabel(`Not available: ${second.name}`, { exact: true }).check();
    await page.getByLabel(`Price of ${third.name}`, { exact: true }).fill(newPrice);
    await expect(totalsRegion(page)).toContainText(items);
    await expect(totalsRegion(page)).toContainText(grand);
    await shot(page, 'order-details');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/listorders/);

    // Saved: the server's own totals agree, and the re-opened order shows them.
    const saved = await apiGet<Order>(page, `orders/getorderbyid/${order.id}`);
    expect(toPaise(String(saved.totalPrice))).toBe(expected.itemsTotal);
    await page.goto(`/order/edit/${order.id}`);
    await expect(page.getByLabel(`Not available: ${first.name}`, { exact: true })).toBeChecked();
    await expect(page.getByLabel(`Not available: ${second.name}`, { exact: true })).toBeChecked();
    await expect(page.getByLabel(`Price of ${third.name}`, { exact: true })).toHaveValue(newPrice);
    await expect(totalsRegion(page)).toContainText(items);
    await expect(totalsRegion(page)).toContainText(grand);

    // The list shows the saved items total for this order.
    await page.goto(`/listorders?q=${encodeURIComponent(order.orderNumber)}`);
    await expect(page.getByRole('row').filter({ hasText: order.orderNumber })).toContainText(items);
  });

  test('Online orders lock prices, availability and shipping; the admin sees Is Settled', async ({
    page,
  }) => {
    await signIn(page, 'BlueTikAdmin');
    const { order, lines } = await findOrder(page, 'Online');
    await page.goto(`/order/edit/${order.id}`);
    await expect(page.getByLabel(`Price of ${lines[0]!.name}`, { exact: true })).toBeDisabled();
    await expect(page.getByLabel(`Not available: ${lines[0]!.name}`, { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Delivery Price (Rs)')).toBeDisabled();
    await page.getByLabel('Status', { exact: true }).selectOption('4');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please select a cancelled reason')).toBeVisible();
    await page.getByLabel('Cancelled Reason').selectOption({ label: 'Out of Stock' });
    await page.getByLabel('Is Settled').selectOption('Yes');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/listorders/);
    const saved = await apiGet<Order>(page, `orders/getorderbyid/${order.id}`);
    expect(saved).toMatchObject({ status: 4, cancelledReason: 4, isSettled: 'Yes' });
  });

  test('a MobileUser sees an order read-only', async ({ page }) => {
    await signIn(page, 'MobileUser');
    const list = await apiGet<Paged<OrderListRow>>(page, 'orders/listorders?pageSize=1');
    // The seed gives every demo store orders (DECISIONS §8); an empty list is a failure, not a skip.
    expect(list.rows.length).toBeGreaterThan(0);
    await page.goto(`/order/edit/${list.rows[0]!.id}`);
    await expect(page.getByText('Your role can view orders but not update them.')).toBeVisible();
    await expect(page.getByLabel('Status', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  });

  test('leaving a changed order asks first', async ({ page }) => {
    await signIn(page, 'WebAdmin');
    const { order } = await findOrder(page, 'PayOnDelivery');
    await page.goto(`/order/edit/${order.id}`);
    await page.getByLabel('Status', { exact: true }).selectOption('1');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave this form?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/edit/${order.id}$`));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/listorders/);
  });
});

test.describe('category form', () => {
  test('the admin moves an item from the keyboard and saves; Item Details needs a selection', async ({
    page,
  }) => {
    await signIn(page, 'BlueTikAdmin');
    const page1 = await apiGet<Paged<{ id: number }>>(page, 'categories/listcategories?pageSize=1');
    const id = page1.rows[0]!.id;
    const before = await apiGet<Category>(page, `categories/getcategorybyid/${id}`);
    const available = decodeCatalogItems(before.availableItems);
    if (!available.success) throw new Error('bad list');
    await page.goto(`/category/edit/${id}`);
    await expect(page.getByRole('heading', { name: 'Edit Category' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Item Details' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Select Item' })).toBeVisible();

    // Keyboard: filter the available list, focus it, pick the first entry, move it across.
    const pick = [...available.output].sort((a, b) => a.name.localeCompare(b.name))[0]!;
    await page.getByLabel('Filter available items').fill(pick.name);
    const list = page.getByRole('listbox', { name: /^Available items/ });
    await list.focus();
    await list.selectOption({ index: 0 });
    await list.press('Enter');
    await expect(page.getByRole('dialog', { name: pick.name })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add selected' }).press('Enter');
    await expect(page.getByRole('listbox', { name: /^Associated items/ })).toContainText(pick.name);
    await shot(page, 'category-form');

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/listcategories/);
    const after = await apiGet<Category>(page, `categories/getcategorybyid/${id}`);
    expect(after.associatedItems).toContain(`${pick.id}|`);
  });

  test('the category rules show their messages and block saving', async ({ page }) => {
    await signIn(page, 'BlueTikAdmin');
    await page.goto('/addcategory');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Image is required')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Abc');
    await page.getByLabel('Name', { exact: true }).blur();
    await expect(page.getByText('Name must be at least 4 characters long.')).toBeVisible();
    await expect(page).toHaveURL(/\/addcategory$/);
  });

  test('a WebUser sees categories read-only', async ({ page }) => {
    await signIn(page, 'WebUser');
    const page1 = await apiGet<Paged<{ id: number }>>(page, 'categories/listcategories?pageSize=1');
    await page.goto(`/category/edit/${page1.rows[0]!.id}`);
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  });
});

test.describe('item form', () => {
  async function anyItem(page: Page): Promise<Item> {
    const rows = await apiGet<Paged<Item>>(page, 'items/listitems?pageSize=1&sort=name');
    return rows.rows[0]!;
  }

  test('WebAdmin: the image is locked on edit, and Clone creates a new item', async ({ page }) => {
    await signIn(page, 'WebAdmin');
    const item = await anyItem(page);
    await page.goto(`/items/edit/${item.id}?action=edit`);
    await expect(page.getByLabel(/^Image Name/)).toBeDisabled();
    await expect(page.getByLabel('Name', { exact: true })).toBeEnabled();
    await expectAccessible(page);
    await shot(page, 'item-form-webadmin');

    const total = (await apiGet<Paged<Item>>(page, 'items/listitems?pageSize=1')).total;
    await page.goto(`/items/edit/${item.id}?action=clone`);
    await expect(page.getByRole('heading', { name: 'Clone Item' })).toBeVisible();
    const name = `${item.name.slice(0, 80)} Clone ${Date.now() % 100000}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/listitems/);
    const after = await apiGet<Paged<Item>>(page, `items/listitems?pageSize=5&q=${encodeURIComponent(name)}`);
    expect(after.total).toBe(1);
    expect(after.rows[0]!.id).not.toBe(item.id);
    expect((await apiGet<Paged<Item>>(page, 'items/listitems?pageSize=1')).total).toBe(total + 1);
    expect((await apiGet<Item>(page, `items/getitembyid/${item.id}`)).name).toBe(item.name);
  });

  test('the item rules show their messages', async ({ page }) => {
    await signIn(page, 'BlueTikAdmin');
    await page.goto('/additem');
    await expect(page.getByText('Image preview will appear here in edit.')).toBeVisible();
    await page.getByLabel('Price (Rs)').fill('12.345');
    await page.getByLabel('MRP (Rs)').fill('10001');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Only numbers or decimals with two digits are allowed.')).toBeVisible();
    await expect(page.getByText('MRP must be less than or equal to 10000.')).toBeVisible();
    await expect(page.getByText('Qty is required')).toBeVisible();
    await expect(page).toHaveURL(/\/additem$/);
  });

  test('the admin adds an item', async ({ page }) => {
    await signIn(page, 'BlueTikAdmin');
    await page.goto('/additem');
    const name = `E2E Masala ${Date.now() % 100000}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Brand').fill('Test Brand');
    await page.getByLabel('Description').fill('Added by the e2e flow');
    await page.getByLabel('Category', { exact: true }).fill('Grocery');
    await page.getByLabel('Sub-Category').fill('Spices');
    await page.getByLabel('Price (Rs)').fill('45.50');
    await page.getByLabel('MRP (Rs)').fill('50');
    await page.getByLabel('Qty').fill('100 g');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/listitems/);
    const found = await apiGet<Paged<Item>>(page, `items/listitems?pageSize=5&q=${encodeURIComponent(name)}`);
    expect(found.rows[0]).toMatchObject({ name, price: 45.5, mrp: 50 });
  });

  for (const role of ['WebUser', 'MobileUser'] as DemoRole[]) {
    test(`${role}: the item form is read-only without an image field`, async ({ page }) => {
      await signIn(page, role);
      const item = await anyItem(page);
      await page.goto(`/items/edit/${item.id}`);
      await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
      await expect(page.getByLabel(/^Image Name/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    });
  }
});

test.describe('role form', () => {
  test('the admin edits a role (only free types offered) and imports the catalog', async ({ page }) => {
    await signIn(page, 'BlueTikAdmin');
    // The seed holds all four types: Add Role has nothing to offer and says so.
    await page.goto('/addrole');
    await expect(page.getByText(/All four role types exist, and each is added once/)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Add Role' })).toHaveCount(0);

    const roles = await apiGet<RoleRecord[]>(page, 'roles/listroles');
    const role = roles.find((r) => r.name === 'WebUser')!;
    await page.goto(`/roles/edit/${role.id}`);
    await expect(page.getByLabel('Role Type')).toHaveValue('WebUser');
    await expectAccessible(page);
    await shot(page, 'role-form');

    await page.getByLabel('Description').fill('x'.repeat(41));
    await page.getByLabel('Description').blur();
    await expect(page.getByText('Description cannot be more than 40 characters long.')).toBeVisible();
    // A type another role holds isn't offered (the server would refuse it: "Role WebAdmin already exists.").
    await expect(page.getByLabel('Role Type').locator('option')).toHaveText([
      'Select a role type',
      'WebUser',
    ]);
    await expect(page.getByLabel('Role Type')).toHaveAccessibleDescription(
      'Each type is added once; BlueTikAdmin, WebAdmin and MobileUser exist already.',
    );
    await page.getByLabel('Description').fill('Store staff accounts');
    await page.getByRole('button', { name: 'BulkItemsInsert' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /^\d+ items inserted, \d+ skipped$/ }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/listroles/);
    expect((await apiGet<RoleRecord>(page, `roles/getrolebyid/${role.id}`)).description).toBe(
      'Store staff accounts',
    );
  });

  test('others get No access on the role and user forms', async ({ page }) => {
    await signIn(page, 'WebAdmin');
    for (const path of ['/addrole', '/adduser']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    }
  });
});

test.describe('user form', () => {
  test('the admin adds a user; the same number again is "User already exists"', async ({ page }) => {
    await signIn(page, 'BlueTikAdmin');
    const phone = `97${String(Date.now()).slice(-8)}`;
    const fillNew = async () => {
      await page.goto('/adduser');
      await expect(page.getByLabel('Is Active')).toHaveValue('Yes');
      await page.getByLabel('Name', { exact: true }).fill('Test Store Owner');
      await page.getByLabel('Email').fill('owner@teststore.example');
      await page.getByLabel('Phone Number').fill(phone);
      await page.getByLabel('Role', { exact: true }).selectOption('WebUser');
      await page.getByLabel('Password', { exact: true }).fill('Owner@123');
      await page.getByLabel('Business Name').fill('Test Store');
    };
    await fillNew();
    await expectAccessible(page);
    await shot(page, 'user-form');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/listusers/);

    await fillNew();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('User already exists')).toBeVisible();
    await expect(page).toHaveURL(/\/adduser$/);
  });

  test('editing keeps the password unless Change Password is on', async ({ page }) => {
    await signIn(page, 'BlueTikAdmin');
    const users = await apiGet<Paged<{ id: number; name: string; phoneNumber: string }>>(
      page,
      'user/listusers?pageSize=50',
    );
    const target = users.rows.find((u) => u.phoneNumber === '9000000006') ?? users.rows.at(-1)!;
    await page.goto(`/users/edit/${target.id}`);
    await expect(page.getByLabel('Password', { exact: true })).toBeDisabled();
    await page.getByRole('switch', { name: /Change Password/ }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByRole('switch', { name: /Change Password/ }).uncheck();
    await page.getByLabel('Business Type').fill('Grocery and more');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/listusers/);
  });
});
