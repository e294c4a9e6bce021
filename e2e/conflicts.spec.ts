import { expect, test, type Page } from '@playwright/test';
import type { Paged } from '../contract/lists';
import type { Order, OrderListRow } from '../contract/orders';
import { expectAccessible, signIn } from './support';

/*
 * Two people edit the same order (issue 19). The store owner saves first; the admin's
 * older form is refused with the conflict bar, keeps what she typed, shows what changed,
 * and saves after reloading. The order is an On the Way, Pay-on-delivery one of store A,
 * which no other spec edits, and only its delivery price changes.
 */

async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const response = await fetch(`/api/${p}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    return ((await response.json()) as { result: unknown }).result;
  }, path) as Promise<T>;
}

const deliveryBox = (page: Page) => page.getByLabel('Delivery Price (Rs)');

test('a stale save shows the conflict bar, keeps the input, and saves after reloading', async ({
  browser,
}) => {
  const owner = await (await browser.newContext()).newPage();
  const admin = await (await browser.newContext()).newPage();
  await signIn(owner, 'WebAdmin');
  await signIn(admin, 'BlueTikAdmin');
  const list = await apiGet<Paged<OrderListRow>>(
    owner,
    'orders/listorders?paymentType=PayOnDelivery&status=2&pageSize=5',
  );
  const row = list.rows[0]!;
  const theirs = String((row.deliveryPrice + 11) % 1000);
  const mine = String((row.deliveryPrice + 29) % 1000);

  // Both open the order.
  for (const page of [owner, admin]) {
    await page.goto(`/order/edit/${row.id}`);
    await expect(page.getByRole('heading', { name: `Order ${row.orderNumber}` })).toBeVisible();
  }

  // The owner saves first.
  await deliveryBox(owner).fill(theirs);
  await owner.getByRole('button', { name: 'Save' }).click();
  await expect(owner).toHaveURL(/\/listorders/);

  // The admin's save names the version she opened: refused, her input kept.
  await deliveryBox(admin).fill(mine);
  await admin.getByRole('button', { name: 'Save' }).click();
  const bar = admin.getByRole('alert').filter({ hasText: 'after you opened it' });
  await expect(bar).toContainText(/^Ravi Kumar changed this order on .+ IST, after you opened it\./);
  await expect(bar).toBeFocused();
  await expect(admin).toHaveURL(new RegExp(`/order/edit/${row.id}$`));
  await expect(deliveryBox(admin)).toHaveValue(mine);
  expect((await apiGet<Order>(admin, `orders/getorderbyid/${row.id}`)).deliveryPrice).toBe(Number(theirs));

  await bar.getByRole('button', { name: 'Review their changes' }).click();
  await expect(bar.getByRole('row', { name: /Delivery price/ })).toContainText(theirs);
  await expect(deliveryBox(admin)).toHaveValue(mine);
  await expectAccessible(admin);
  await admin.screenshot({ path: test.info().outputPath('conflict-bar.png'), fullPage: true });

  // Reload asks first, then shows the saved order; her change is made again and saved.
  await bar.getByRole('button', { name: 'Reload' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Reload the latest version?' });
  await dialog.getByRole('button', { name: 'Reload' }).click();
  await expect(deliveryBox(admin)).toHaveValue(theirs);
  await expect(bar).toHaveCount(0);
  await deliveryBox(admin).fill(mine);
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin).toHaveURL(/\/listorders/);
  expect((await apiGet<Order>(admin, `orders/getorderbyid/${row.id}`)).deliveryPrice).toBe(Number(mine));
});
