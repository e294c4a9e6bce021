/*
 * Screens before and after a change, pixel by pixel (issue 14's "look as before"):
 *
 *   npm run bench:screens -- --before ../before [--out test-results/screens-compare] [--keep]
 *
 * Starts two built servers side by side on fresh demo databases — this tree's dist/ and
 * the --before tree's (a checkout of the earlier commit, built) — signs in as BlueTikAdmin
 * on each, and photographs the five lists and seven forms at 1280×800 and 390×844, each
 * screen on both servers one after the other (so a clock-driven cell reads the same). A
 * pair is "same" when every pixel is; otherwise the count of differing pixels is printed
 * and both files are kept for a look (--keep keeps every pair).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startServer } from './harness/server';
import { CHROME_FLAGS, CHROMIUM } from './lib/lighthouse';

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    out: { type: 'string', default: 'test-results/screens-compare' },
    port: { type: 'string', default: '3170' },
    keep: { type: 'boolean', default: false },
  },
});
if (!args.before) throw new Error('--before <a built checkout of the earlier commit> is required');
const OUT = resolve(args.out);
const PORT = Number(args.port);

const SCREENS: [name: string, path: string][] = [
  ['listorders', '/listorders'],
  ['listcategories', '/listcategories'],
  ['listitems', '/listitems'],
  ['listroles', '/listroles'],
  ['listusers', '/listusers'],
  ['order', '/order/edit/5'],
  ['item', '/items/edit/1?action=edit'],
  ['category', '/category/edit/1'],
  ['user', '/users/edit/2'],
  ['role', '/roles/edit/1'],
  ['editprofile', '/editprofile'],
  ['changepassword', '/changepassword'],
];
const SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
];

/** A built tree's server and app on a fresh demo database. */
const start = (root: string, port: number) =>
  startServer({
    port,
    dataDir: mkdtempSync(join(tmpdir(), 'screens-')),
    entry: join(root, 'dist/server/index.js'),
    env: { STATIC_DIR: join(root, 'dist/app') },
  });

async function signedIn(browser: Browser, base: string, width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height }, baseURL: base });
  await page.goto('/login');
  await page.getByLabel('Mobile number').fill('9000000001');
  await page.getByLabel('Password', { exact: true }).fill('Admin@123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Profile menu/ }).waitFor();
  return page;
}

async function shoot(page: Page, path: string): Promise<Buffer> {
  await page.goto(path);
  await page.getByRole('main').locator('table, form').first().waitFor();
  await page.waitForLoadState('networkidle');
  // The caret blinks and the page's focus ring follows the load: neither is the screen's.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
}

/** How many pixels differ (decoded by the browser; a different size counts every pixel). */
async function differing(page: Page, a: Buffer, b: Buffer): Promise<number> {
  // No named functions inside: tsx's keepNames would wrap them in a helper the page lacks.
  return page.evaluate(
    async ([x, y]) => {
      const [p, q] = await Promise.all(
        [x, y].map(async (b64) => {
          // From bytes, not a data: URL: the app's CSP (connect-src 'self') refuses fetching one.
          const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          const img = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
          const ctx = new OffscreenCanvas(img.width, img.height).getContext('2d')!;
          ctx.drawImage(img, 0, 0);
          return ctx.getImageData(0, 0, img.width, img.height);
        }),
      );
      if (p!.width !== q!.width || p!.height !== q!.height)
        return Math.max(p!.width * p!.height, q!.width * q!.height);
      let n = 0;
      for (let i = 0; i < p!.data.length; i += 4)
        if (
          p!.data[i] !== q!.data[i] ||
          p!.data[i + 1] !== q!.data[i + 1] ||
          p!.data[i + 2] !== q!.data[i + 2]
        )
          n++;
      return n;
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

const servers = await Promise.all([start(resolve(args.before), PORT), start(process.cwd(), PORT + 1)]);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
try {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const lines = ['| screen | size | differing pixels |', '| --- | --- | ---: |'];
  for (const size of SIZES) {
    const [before, after] = await Promise.all(
      [PORT, PORT + 1].map((port) => signedIn(browser, `http://127.0.0.1:${port}`, size.width, size.height)),
    );
    for (const [name, path] of SCREENS) {
      const a = await shoot(before!, path);
      const b = await shoot(after!, path);
      const n = a.equals(b) ? 0 : await differing(after!, a, b);
      if (n > 0 || args.keep) {
        writeFileSync(join(OUT, `${name}-${size.name}-before.png`), a);
        writeFileSync(join(OUT, `${name}-${size.name}-after.png`), b);
      }
      lines.push(`| ${name} | ${size.name} | ${n === 0 ? 'same' : n.toLocaleString('en-IN')} |`);
    }
  }
  console.log(lines.join('\n'));
  console.log(`\nPairs that differ are kept in ${OUT}.`);
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
