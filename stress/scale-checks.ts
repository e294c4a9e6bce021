/*
 * The scale test's checks of what must hold whichever server answers (issue 18 item 5):
 * the permission matrix through the balancer, a sign-in lockout across servers (and
 * across a restart), a logout on one server refused on the others, and a change made on
 * one server seen by a browser tab on another. Each returns what it saw; stress/scale.ts
 * judges and reports.
 */
import { chromium } from '@playwright/test';
import type { Kysely } from 'kysely';
import { ENDPOINTS } from '#contract/endpoints';
import { CHROME_FLAGS, CHROMIUM } from '../bench/lib/lighthouse';
import { anonymousHeaders, apiCall, signInApi, tryLogin, type ApiSession } from '../bench/harness/session';
import type { Database } from '../server/db/schema';
import { SAMPLE_CUSTOMER } from '../server/test/sample-customer';
import {
  CALL_ORDER,
  expectationOf,
  judge,
  PRINCIPALS,
  urlsOf,
  type Signed,
} from '../server/test/permission-plan';
import type { Instance } from './scale-setup';

/** A principal of the matrix, signed in, with what its calls carry. */
export type MatrixPrincipal = Signed & { headers: Record<string, string> };

/**
 * Signs in the matrix's principals through `base` (before the lockout check locks one of
 * the accounts: a lockout refuses sign-ins, not sessions already made).
 */
export async function signInMatrix(base: string, db: Kysely<Database>): Promise<MatrixPrincipal[]> {
  const signed: MatrixPrincipal[] = [];
  for (const principal of PRINCIPALS) {
    if (!principal.phone || !principal.password) {
      signed.push({
        principal,
        session: { csrf: '' },
        isAddCategoryItems: false,
        headers: await anonymousHeaders(base),
      });
      continue;
    }
    const s = await signInApi(base, principal.label, principal.phone, principal.password);
    const row = await db
      .selectFrom('users')
      .select('is_add_category_items as flag')
      .where('phone_number', '=', principal.phone)
      .executeTakeFirstOrThrow();
    signed.push({ principal, session: s, isAddCategoryItems: row.flag === 1, headers: s.headers });
  }
  return signed;
}

/** Every call as every principal of the matrix, through `base`; the mismatches. */
export async function permissionMatrix(base: string, signed: MatrixPrincipal[]) {
  const mismatches: string[] = [];
  let calls = 0;
  for (const name of CALL_ORDER) {
    const { method } = ENDPOINTS[name];
    for (const who of signed) {
      const expected = expectationOf(who, name);
      for (const url of urlsOf(who, name)) {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { ...who.headers, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
          body: method === 'POST' ? '{}' : undefined,
        });
        const text = await res.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // openApi's docs page is HTML.
        }
        calls++;
        const problem = judge(name, expected, res.status, body);
        if (problem) mismatches.push(`${who.principal.label} ${method} ${url} (${expected}): ${problem}`);
      }
    }
  }
  return { calls, principals: signed.length, mismatches };
}

/**
 * Five wrong passwords for one account through the balancer (spread over the servers),
 * then the right one on each server directly, then on a restarted server: every one of
 * those refused with the limiter's answer (DECISIONS §3: 5 failures per account).
 */
export async function lockoutAcrossServers(
  balancer: string,
  instances: Instance[],
  account: { mobile: string; password: string },
  restart: (i: Instance) => Promise<Instance>,
) {
  const wrong: number[] = [];
  for (let i = 0; i < 5; i++) wrong.push((await tryLogin(balancer, account.mobile, `Wrong@${i}pass`)).status);
  const right: { where: string; status: number; message: string }[] = [];
  for (const inst of instances) {
    const r = await tryLogin(inst.handle.origin, account.mobile, account.password);
    right.push({ where: inst.name, status: r.status, message: r.body.errorMessages.join(' ') });
  }
  const restarted = await restart(instances[0]!);
  const r = await tryLogin(restarted.handle.origin, account.mobile, account.password);
  right.push({
    where: `${restarted.name} restarted`,
    status: r.status,
    message: r.body.errorMessages.join(' '),
  });
  return { wrong, right, restarted };
}

/** Signs in on one server, logs out there, then uses the token on every server and the balancer. */
export async function logoutEverywhere(
  balancer: string,
  instances: Instance[],
  who: { mobile: string; password: string },
) {
  const [first, ...others] = instances;
  const session = await signInApi(first!.handle.origin, 'BlueTikAdmin', who.mobile, who.password);
  const before: Record<string, number> = {};
  for (const inst of others)
    before[inst.name] = (
      await apiCall(inst.handle.origin, session, 'GET', 'orders/getdashboardorder')
    ).status;
  const logout = (await apiCall(first!.handle.origin, session, 'GET', 'accounts/logout')).status;
  const after: Record<string, number> = {};
  for (const inst of instances)
    after[inst.name] = (await apiCall(inst.handle.origin, session, 'GET', 'orders/getdashboardorder')).status;
  after.balancer = (await apiCall(balancer, session, 'GET', 'orders/getdashboardorder')).status;
  return { signedInOn: first!.name, before, logout, after };
}

/**
 * A browser tab signed in on `tabOn` shows the orders list; an order is created through
 * `writeOn`; the tab's live check (every 10 s) must show "1 new order" within 15 s.
 */
export async function liveChangeAcrossServers(
  tabOn: Instance,
  writeOn: Instance,
  admin: ApiSession,
  storeId: number,
) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const origin = tabOn.handle.origin;
    await page.goto(`${origin}/login`);
    await page.getByLabel('Mobile number').fill('9000000001');
    await page.getByLabel('Password', { exact: true }).fill('Admin@123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /Profile menu/ }).waitFor();
    await page.goto(`${origin}/listorders`);
    await page.getByRole('grid', { name: 'Orders' }).locator('tbody tr').first().waitFor();
    const items = await apiCall(writeOn.handle.origin, admin, 'GET', 'items/listitems?page=1&pageSize=2');
    const created = await apiCall(writeOn.handle.origin, admin, 'POST', 'orders/createorder', {
      storeId,
      orderUserName: 'Scale Test Customer',
      ...SAMPLE_CUSTOMER,
      paymentType: 'PayOnDelivery',
      lines: (items.body!.result.rows as { id: number }[]).map((it) => ({ itemId: it.id, itemsCount: 1 })),
      deliveryPrice: 30,
    });
    if (created.status !== 200)
      throw new Error(`createorder on ${writeOn.name}: ${created.status} ${JSON.stringify(created.body)}`);
    const t0 = performance.now();
    const banner = page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: /new order/ });
    let seen = '';
    try {
      await banner.waitFor({ timeout: 15_000 });
      seen = (await banner.innerText()).replace(/\s+/g, ' ').trim();
    } catch {
      seen = '';
    }
    return {
      tabOn: tabOn.name,
      writeOn: writeOn.name,
      orderNumber: created.body!.result.orderNumber as string,
      seen,
      afterMs: Math.round(performance.now() - t0),
    };
  } finally {
    await browser.close();
  }
}
