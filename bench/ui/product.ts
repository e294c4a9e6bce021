import type { Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { apiCall, signInApi } from '../harness/session';
import { fail, measure, newContext, type Sample } from './measure';

/* bench:ui on the product: the orders list's cases, warming up, one case, typing, the heap. */

// ---- The product.
export const GRID = 'table[role="grid"][aria-busy="false"]';

/** The list's cells, column by header name. */
export async function readRows(page: Page) {
  // Rows below the screen come a frame after the ones on it (screen-first.ts): the whole page.
  await page.locator(GRID).waitFor();
  return page.evaluate(() => {
    const grid = document.querySelector('table[role="grid"]')!;
    const heads = Array.from(grid.querySelectorAll('thead th'), (th) => th.textContent!.trim());
    return Array.from(grid.querySelectorAll('tbody > tr[data-index]'), (tr) => {
      const cells = Array.from(tr.children, (td) => td.textContent!.trim());
      return {
        rowIndex: Number(tr.getAttribute('aria-rowindex')),
        cell: Object.fromEntries(heads.map((h, i) => [h, cells[i] ?? ''])),
      };
    });
  });
}

export const rupeeValue = (text: string) => Number(text.replace(/[^\d.]/g, ''));
export const ordered = (values: number[] | string[], dir: 'asc' | 'desc') =>
  values.every((v, i) => i === 0 || (dir === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v));

export interface Case {
  name: string;
  /** The list's URL state the repetition starts from. */
  from: string;
  /** Focus what the key goes to (nothing: the page). */
  focus?: (page: Page) => Promise<void>;
  key: string;
  /** Throws unless the rows painted are what the key asked for. */
  check: (rows: Awaited<ReturnType<typeof readRows>>, page: Page) => Promise<void> | void;
  search?: boolean;
}

/** A list layout nobody arranged (the app's DEFAULT_LAYOUT, as the API takes it). */
const PLAIN_LAYOUT = { order: [], hidden: [], pinned: [], widths: {}, density: 'comfortable' };

/** The saved view the view-switch case opens (made by ensureBenchView): Delivered, dearest first. */
export const BENCH_VIEW = 'bench: Delivered by total';

/**
 * How the table is laid out for a run (issue 26 item 3): rows a page and density. Every case
 * runs on it; its `from` carries the page size, the density is the device's kept layout.
 */
export interface TableVariant {
  name: string;
  pageSize: number;
  compact: boolean;
}
export const TABLE_VARIANTS: Record<string, TableVariant> = {
  standard: { name: '25 rows, comfortable', pageSize: 25, compact: false },
  compact: { name: '25 rows, compact', pageSize: 25, compact: true },
  '50': { name: '50 rows, comfortable', pageSize: 50, compact: false },
  '100': { name: '100 rows, comfortable', pageSize: 100, compact: false },
};

export const productCases = (
  totalOrders: number,
  variant: TableVariant = TABLE_VARIANTS.standard!,
): Case[] => {
  const size = variant.pageSize;
  const withSize = (from: string) => (size === 25 ? from : `${from ? `${from}&` : '?'}pageSize=${size}`);
  return cases(totalOrders, size).map((c) => ({ ...c, from: withSize(c.from) }));
};

const cases = (totalOrders: number, size: number): Case[] => [
  {
    name: 'sort: Total Price, Enter on the header (desc → asc)',
    from: '?sort=totalPrice&order=desc',
    focus: (page) => page.getByRole('button', { name: 'Total Price', exact: true }).focus(),
    key: 'Enter',
    check: (rows) => {
      const totals = rows.map((r) => rupeeValue(r.cell['Total Price']!));
      if (rows.length !== size || !ordered(totals, 'asc'))
        fail(`Total Price not ascending: ${totals.join(', ')}`);
    },
  },
  {
    name: 'sort: Name, Space on the header (asc → desc)',
    from: '?sort=orderUserName&order=asc',
    focus: (page) => page.getByRole('button', { name: 'Name', exact: true }).focus(),
    key: ' ',
    check: (rows) => {
      const names = rows.map((r) => r.cell['Name']!.toLowerCase());
      if (rows.length !== size || !ordered(names, 'desc')) fail(`Name not descending: ${names.join(', ')}`);
    },
  },
  {
    name: 'filter: Status "Delivered", Space on the checkbox',
    from: '',
    focus: async (page) => {
      await openFilters(page);
      await page.getByRole('checkbox', { name: 'Delivered', exact: true }).focus();
    },
    key: ' ',
    check: (rows) => {
      if (rows.length !== size || rows.some((r) => r.cell['Status'] !== 'Delivered'))
        fail(`status filter: ${rows.map((r) => r.cell['Status']).join(', ')}`);
    },
  },
  {
    name: 'filter: Payment type "Online", ArrowDown on the select',
    from: '',
    focus: async (page) => {
      await openFilters(page);
      await page.getByLabel('Payment type').focus();
    },
    key: 'ArrowDown',
    check: (rows) => {
      if (rows.length !== size || rows.some((r) => r.cell['Payment Type'] !== 'Online'))
        fail(`payment filter: ${rows.map((r) => r.cell['Payment Type']).join(', ')}`);
    },
  },
  {
    name: 'search: one more character ("Pr" → "Pri")',
    from: '?q=Pr',
    focus: async (page) => {
      await page.getByRole('searchbox', { name: 'Search orders' }).focus();
      await page.keyboard.press('End');
    },
    key: 'i',
    search: true,
    check: (rows) => {
      if (!rows.length || rows.some((r) => !/(^|\s)pri/i.test(r.cell['Name']!)))
        fail(`search "Pri": ${rows.map((r) => r.cell['Name']).join(', ')}`);
    },
  },
  {
    name: 'page change: `]` (next page, prefetched)',
    from: '',
    key: ']',
    check: (rows) => {
      if (rows[0]?.rowIndex !== size + 2) fail(`next page: first aria-rowindex ${rows[0]?.rowIndex}`);
    },
  },
  {
    name: 'page change: Enter on "Last page" (not prefetched)',
    from: '',
    focus: (page) => page.getByRole('button', { name: 'Last page' }).focus(),
    key: 'Enter',
    check: (rows) => {
      const first = Math.floor((totalOrders - 1) / size) * size + 2;
      if (rows[0]?.rowIndex !== first)
        fail(`last page: first aria-rowindex ${rows[0]?.rowIndex}, not ${first}`);
    },
  },
  {
    name: 'status tab: "Delivered", Enter on the tab',
    from: '',
    focus: (page) => page.getByRole('tab', { name: /^Delivered/ }).focus(),
    key: 'Enter',
    check: (rows) => {
      if (rows.length !== size || rows.some((r) => r.cell['Status'] !== 'Delivered'))
        fail(`status tab: ${rows.map((r) => r.cell['Status']).join(', ')}`);
    },
  },
  {
    name: `view switch: Enter on "${BENCH_VIEW}" in the Views menu`,
    from: '',
    focus: async (page) => {
      await page.getByRole('button', { name: /^Views/ }).press('Enter');
      await page.getByRole('menuitemradio', { name: BENCH_VIEW }).focus();
    },
    key: 'Enter',
    check: (rows) => {
      const totals = rows.map((r) => rupeeValue(r.cell['Total Price']!));
      // A view brings its own page size (this one the default), whatever the list showed.
      if (
        rows.length !== 25 ||
        rows.some((r) => r.cell['Status'] !== 'Delivered') ||
        !ordered(totals, 'desc')
      )
        fail(`view switch: ${rows.map((r) => `${r.cell['Status']} ${r.cell['Total Price']}`).join(', ')}`);
    },
  },
];

/**
 * The saved view the view-switch case opens: BlueTikAdmin's own, made once through the API
 * (an earlier run's is reused). Its layout is the default: opening it changes the rows only.
 */
export async function ensureBenchView(origin: string) {
  const { mobile, password } = DEMO_ACCOUNTS.BlueTikAdmin;
  const session = await signInApi(origin, 'BlueTikAdmin', mobile, password);
  const listed = await apiCall(origin, session, 'GET', 'views/listviews?list=orders');
  const views = (listed.body?.result ?? []) as { name: string }[];
  if (views.some((v) => v.name === BENCH_VIEW)) return;
  const made = await apiCall(origin, session, 'POST', 'views/upsertview', {
    list: 'orders',
    name: BENCH_VIEW,
    share: 'private',
    filter: { status: ['3'], sort: 'totalPrice', order: 'desc' },
    layout: PLAIN_LAYOUT,
  });
  if (made.status !== 200) fail(`could not save the bench view: ${made.status} ${JSON.stringify(made.body)}`);
}

/** The compact density folds the filters behind "Filters (n)": open them (nothing otherwise). */
async function openFilters(page: Page) {
  const button = page.getByRole('button', { name: /^Filters/ });
  if ((await button.isVisible()) && (await button.getAttribute('aria-expanded')) === 'false')
    await button.click();
}

/**
 * Page flips (] ] [ [) before the measured key: a freshly loaded page runs the table's
 * code in V8's interpreter (the trace shows BytecodeBudgetInterrupt tier-ups inside the
 * render), which no one who has used the list for a moment sees. The flips run the same
 * path (router navigation, the query, the 25-row render, layout) on pages the table has
 * prefetched, and leave the measured target state uncached.
 */
export async function warmUp(page: Page) {
  const first = page.locator(`${GRID} tbody > tr[data-index="0"]`);
  const start = Number(await first.getAttribute('aria-rowindex'));
  const size = await page.locator(`${GRID} tbody > tr[data-index]`).count();
  for (const [key, offset] of [
    [']', size],
    [']', 2 * size],
    ['[', size],
    ['[', 0],
  ] as const) {
    await page.keyboard.press(key);
    await page.locator(`${GRID} tbody > tr[data-index="0"][aria-rowindex="${start + offset}"]`).waitFor();
  }
  await page.waitForLoadState('networkidle');
}

/** Signs in as BlueTikAdmin at `origin` once; every measuring page reuses the storage state. */
export async function signInState(browser: Browser, origin: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Mobile number').fill(DEMO_ACCOUNTS.BlueTikAdmin.mobile);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.BlueTikAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Profile menu/ }).waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * One repetition: a fresh list each time (no client cache), settled (rows shown, prefetch of
 * page 2 done), warmed; `beforeKey` runs last before the key (bench/ui/trace.ts starts there).
 */
export async function runProductCase(
  page: Page,
  base: string,
  c: Case,
  beforeKey?: () => Promise<void>,
): Promise<Sample> {
  await page.goto(`${base}/listorders${c.from}`, { waitUntil: 'networkidle' });
  await page.locator(`${GRID} tbody > tr[data-index]`).first().waitFor();
  await warmUp(page);
  await c.focus?.(page);
  await beforeKey?.();
  const since = await page.evaluate(() => performance.now());
  const result = await measure(page, 'ours', () => page.keyboard.press(c.key), c.name);
  if (!result.key || result.key.key !== c.key) fail(`${c.name}: the key event was not seen`);
  await c.check(await readRows(page), page);
  const requests = await page.evaluate(([from]) => window.__bench.requests(from, '/orders/listorders'), [
    since,
  ] as const);
  // The first call after the key is the list's; a later one is the prefetch of the next page.
  const call = requests[0];
  const start = result.key.ts;
  const tasks = await page.evaluate(([a, b]) => window.__bench.longtasks(a, b), [
    start,
    result.paintedAt,
  ] as const);
  return {
    longest: tasks.max,
    total: result.paintedAt - start,
    whole: result.wholeAt - start,
    dom: result.changedAt - start,
    afterSend: c.search && call ? result.paintedAt - call.start : undefined,
    request: call ? call.responseEnd - call.start : undefined,
    render: call ? result.paintedAt - call.responseEnd : undefined,
    at: { key: start, responseEnd: call?.responseEnd, painted: result.paintedAt },
  };
}

/** Long tasks while typing a six-character search at ~8 keys/s, until its rows are painted. */
export async function typingLongTasks(page: Page, base: string, text: string) {
  await page.goto(`${base}/listorders`, { waitUntil: 'networkidle' });
  await page.locator(`${GRID} tbody > tr[data-index]`).first().waitFor();
  await page.getByRole('searchbox', { name: 'Search orders' }).focus();
  const from = await page.evaluate(() => performance.now());
  // Until the rows of the whole text: the prefixes typed before it are sent and painted first.
  const result = await measure(
    page,
    'ours',
    () => page.keyboard.type(text, { delay: 120 }),
    `typing "${text}"`,
    `q=${text}`,
  );
  const rows = await readRows(page);
  if (!rows.length || rows.some((r) => !new RegExp(`(^|\\s)${text}`, 'i').test(r.cell['Name']!)))
    fail(`typed search "${text}": ${rows.map((r) => r.cell['Name']).join(', ')}`);
  const tasks = await page.evaluate(([a, b]) => window.__bench.longtasks(a, b), [
    from,
    result.paintedAt,
  ] as const);
  return { ...tasks, lastKeyToPaint: result.paintedAt - result.key!.ts };
}

export async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/**
 * The JS heap on the list after a fresh load and after `flips` page flips (`]`, each waited
 * for until its rows are on screen), both after a full GC: what an operator's day of paging
 * leaves behind (issue 26: ≤ 10 MB after 500).
 */
export async function heapAfterFlips(page: Page, base: string, flips: number, pageSize: number) {
  const size = pageSize === 25 ? '' : `?pageSize=${pageSize}`;
  await page.goto(`${base}/listorders${size}`, { waitUntil: 'networkidle' });
  await page.locator(`${GRID} tbody > tr[data-index]`).first().waitFor();
  const loaded = await heapUsed(page);
  const started = Date.now();
  for (let i = 1; i <= flips; i++) {
    await page.keyboard.press(']');
    await page
      .locator(`${GRID} tbody > tr[data-index="0"][aria-rowindex="${i * pageSize + 2}"]`)
      .waitFor({ timeout: 30_000 });
  }
  const seconds = (Date.now() - started) / 1000;
  await page.waitForLoadState('networkidle');
  return { loaded, flipped: await heapUsed(page), flips, seconds };
}

/** A signed-in storage state whose kept orders layout has the variant's density. */
export function withDensity<
  S extends { origins: { origin: string; localStorage: { name: string; value: string }[] }[] },
>(state: S, compact: boolean): S {
  if (!compact) return state;
  return {
    ...state,
    origins: state.origins.map((o) => {
      const userId = o.localStorage.find((e) => e.name === 'userid')?.value;
      if (!userId) return o;
      const layout = { ...PLAIN_LAYOUT, density: 'compact' };
      return {
        ...o,
        localStorage: [
          ...o.localStorage.filter((e) => e.name !== `layout.orders.${userId}`),
          { name: `layout.orders.${userId}`, value: JSON.stringify({ layout, viewId: null }) },
        ],
      };
    }),
  };
}
