/*
 * Bundle and Lighthouse bench (issue 7, item 4):
 *
 *   npm run bench:bundle [-- --build] [--port 3150] [--runs 3] [--no-lighthouse]
 *
 * 1. Builds the app when dist/ has no manifest or server (or with --build).
 * 2. From the build manifest and the router's route tree: the gzip size of all JavaScript
 *    each route loads on a fresh visit (entry + static imports + the matched routes'
 *    code-split chunks), each chunk once, and its CSS. A chunk holding recharts is the
 *    dashboard's chart: routes are reported with and without it.
 * 3. The truth for the table: a cold Chromium visit to each route on the built server
 *    (`node dist/server/index.js` on a fresh demo database in a temp folder), summing the
 *    encoded (gzip'd by the server) body sizes of every script response until the network
 *    is idle. Signed-in routes carry BlueTikAdmin's session in local storage, where the
 *    app keeps it (app/lib/auth/session.ts).
 * 4. Lighthouse 12 (desktop preset, simulated throttling) on /login, the dashboard and
 *    /listorders, median of --runs, each run in a fresh Chromium profile. Lighthouse can't
 *    take a local-storage session through extraHeaders, so for signed-in pages the session
 *    is written into the fresh profile first (on /api/health, which loads no app code, so
 *    the HTTP cache stays cold) and Lighthouse runs with disableStorageReset.
 *
 * Sizes are KB of 1,024 bytes. Lighthouse's score depends on the CPU: the load average is
 * printed with the figures.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { BuildModel, readRoutes, type AppRoute, type RouteBundle } from './lib/bundle-routes';
import { CHROME_FLAGS, CHROMIUM, lighthouseRun, median, type LighthouseFigures } from './lib/lighthouse';
import { loginLanguagesTable } from './lib/login-languages';
import { ensureBuild } from './harness/build';
import { table, writeResults } from './harness/results';
import { startServer } from './harness/server';

const ROOT = resolve(import.meta.dirname, '..');
const DIST_APP = join(ROOT, 'dist/app');
const ADMIN = { mobile: '9000000001', password: 'Admin@123' };
const BUDGET = { login: 120, largest: 200 };
// Where to find a real id for each detail route: a list that links to it.
const DETAIL_SOURCES: Record<string, string> = {
  '/order/edit/$id': '/listorders',
  '/items/edit/$id': '/listitems',
  '/category/edit/$id': '/listcategories',
  '/roles/edit/$id': '/listroles',
  '/users/edit/$id': '/listusers',
};
const LIGHTHOUSE_PAGES = [
  { path: '/login', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/listorders', signedIn: true },
];

const { values: args } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.PORT ?? '3150' },
    runs: { type: 'string', default: '3' },
    'no-lighthouse': { type: 'boolean', default: false },
  },
});
const PORT = Number(args.port);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = Math.max(1, Number(args.runs));

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/** A fresh build with --build; otherwise the one in dist/ unless its sources are newer. */
function build() {
  if (args.build) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  else ensureBuild();
}

type Session = Record<string, string>;

/** Signs in through the login screen as a person would and returns what the app stored. */
async function signIn(browser: Browser): Promise<Session> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/login`);
  await page.getByLabel('Mobile number').fill(ADMIN.mobile);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Profile menu/ }).waitFor();
  const session = await page.evaluate(() => ({ ...localStorage }) as Record<string, string>);
  await context.close();
  if (!session.token) throw new Error('sign-in stored no token');
  return session;
}

/** A real URL for each route ($id routes take the first id their list links to). */
async function concreteUrls(browser: Browser, session: Session, routes: AppRoute[]) {
  const context = await browser.newContext();
  await context.addInitScript((s: Session) => {
    if (!localStorage.getItem('token')) for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
  }, session);
  const page = await context.newPage();
  const urls = new Map<string, string>();
  for (const route of routes) {
    if (!route.fullPath.includes('$')) {
      urls.set(route.fullPath, route.fullPath);
      continue;
    }
    const list = DETAIL_SOURCES[route.fullPath];
    if (!list) continue;
    await page.goto(`${ORIGIN}${list}`, { waitUntil: 'networkidle' });
    const prefix = route.fullPath.replace('$id', '');
    const href = await page
      .locator(`a[href^="${prefix}"]`)
      .first()
      .getAttribute('href', { timeout: 10_000 })
      .catch(() => null);
    if (href) urls.set(route.fullPath, href);
  }
  await context.close();
  return urls;
}

interface BrowserLoad {
  url: string;
  landed: string;
  scripts: { file: string; encoded: number }[];
  css: number;
}

/** A cold visit (new context, empty cache): every script response until the network is idle. */
async function coldVisit(browser: Browser, url: string, session: Session | null): Promise<BrowserLoad> {
  const context = await browser.newContext();
  if (session) {
    await context.addInitScript((s: Session) => {
      if (!localStorage.getItem('token')) for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, session);
  }
  const page = await context.newPage();
  const pending: Promise<{ type: string; file: string; encoded: number }>[] = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      request.sizes().then((s) => ({
        type,
        file: new URL(request.url()).pathname.replace(/^\//, ''),
        encoded: s.responseBodySize,
      })),
    );
  });
  await page.goto(`${ORIGIN}${url}`, { waitUntil: 'networkidle' });
  // On a busy CPU the network can idle between the entry and the route's own chunks:
  // wait for the screen's heading (every screen has one), then for quiet again.
  await page.locator('h1').first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const landed = new URL(page.url()).pathname;
  const done = await Promise.all(pending);
  await context.close();
  return {
    url,
    landed,
    scripts: done.filter((d) => d.type === 'script'),
    css: done.filter((d) => d.type === 'stylesheet').reduce((s, d) => s + d.encoded, 0),
  };
}

async function main() {
  build();
  const model = new BuildModel(DIST_APP);
  // /logout only signs out and leaves; it is no screen of its own.
  const routes = readRoutes(ROOT).filter((r) => r.fullPath !== '/logout');
  const bundles = new Map<string, RouteBundle>(routes.map((r) => [r.fullPath, model.route(r)]));
  const chartFiles = new Set([...bundles.values()].flatMap((b) => b.chartFiles));

  const loadBefore = load();
  console.log(`Load average before: ${loadBefore}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  const server = await startServer({ port: PORT, dataDir });
  const stop = () => {
    // Synchronous, so it also runs on Ctrl-C before the exit.
    server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });

  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
    const visits = new Map<string, BrowserLoad>();
    let session: Session;
    let languagesTable = '';
    try {
      session = await signIn(browser);
      const urls = await concreteUrls(browser, session, routes);
      for (const route of routes) {
        const url = urls.get(route.fullPath);
        if (!url) continue;
        const visit = await coldVisit(browser, url, route.fullPath === '/login' ? null : session);
        const expected = url.split('?')[0];
        if (visit.landed !== expected) throw new Error(`${url}: landed on ${visit.landed}`);
        visits.set(route.fullPath, visit);
      }
      languagesTable = await loginLanguagesTable((language) => coldVisit(browser, '/login', { language }));
    } finally {
      await browser.close();
    }

    // The table: browser figures are the truth; the manifest's are the model that explains them.
    const rows: (string | number)[][] = [];
    let largest = { path: '', bytes: 0 };
    let loginBytes = NaN;
    for (const route of routes) {
      const b = bundles.get(route.fullPath)!;
      const visit = visits.get(route.fullPath);
      const browserAll = visit ? visit.scripts.reduce((s, x) => s + x.encoded, 0) : NaN;
      const browserChart = visit
        ? visit.scripts.filter((x) => chartFiles.has(x.file)).reduce((s, x) => s + x.encoded, 0)
        : 0;
      const without = browserAll - browserChart;
      const manifestWithout = model.gzipOf(b.files);
      const css = b.css.reduce((s, f) => s + model.size(f).gzip, 0);
      const label = route.fullPath === '/' ? '/ (dashboard)' : route.fullPath;
      const budget = route.fullPath === '/login' ? BUDGET.login : BUDGET.largest;
      if (route.fullPath === '/login') loginBytes = without;
      if (without > largest.bytes) largest = { path: label, bytes: without };
      const scriptCount = visit ? visit.scripts.length : '—';
      rows.push([
        label,
        visit ? kb(without) : 'not visited',
        kb(manifestWithout),
        b.chartFiles.length ? `${kb(browserChart)} (${kb(browserAll)} with it)` : '—',
        scriptCount,
        kb(css),
        `≤ ${budget}`,
        Number.isFinite(without) && without / 1024 <= budget ? 'yes' : 'NO',
      ]);
    }
    const bundleTable = table(
      [
        'route (cold visit)',
        'JS gzip KB, browser',
        'JS gzip KB, manifest',
        'chart chunk KB',
        'scripts',
        'CSS gzip KB',
        'budget KB',
        'within',
      ],
      rows,
    );

    // What /login is made of, chunk by chunk (the manifest's view).
    const login = bundles.get('/login')!;
    const loginChunks = table(
      ['chunk on /login', 'gzip KB', 'raw KB'],
      login.files
        .map((f) => ({ f, ...model.size(f) }))
        .sort((a, b) => b.gzip - a.gzip)
        .map((c) => [c.f.replace('assets/', ''), kb(c.gzip), kb(c.raw)]),
    );

    const summary = table(
      ['goal', 'measured (browser)', 'target', 'met'],
      [
        [
          'JS gzip on /login',
          `${kb(loginBytes)} KB`,
          `≤ ${BUDGET.login} KB`,
          loginBytes / 1024 <= BUDGET.login ? 'yes' : 'NO',
        ],
        [
          'largest route without the chart chunk',
          `${kb(largest.bytes)} KB (${largest.path})`,
          `≤ ${BUDGET.largest} KB`,
          largest.bytes / 1024 <= BUDGET.largest ? 'yes' : 'NO',
        ],
      ],
    );

    let lighthouseTable = '_Lighthouse skipped (--no-lighthouse)._';
    let loadDuring = '';
    if (!args['no-lighthouse']) {
      const lhRows: (string | number)[][] = [];
      const loads: string[] = [];
      for (const target of LIGHTHOUSE_PAGES) {
        const runs: LighthouseFigures[] = [];
        for (let i = 0; i < RUNS; i++) {
          loads.push(load());
          const r = await lighthouseRun(ORIGIN, target.path, target.signedIn ? session : null);
          console.log(
            `Lighthouse ${target.path} run ${i + 1}: ${r.score}, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}`,
          );
          runs.push(r);
        }
        const m = (k: keyof LighthouseFigures) => median(runs.map((r) => r[k]));
        lhRows.push([
          target.path === '/'
            ? '/ (dashboard, signed in)'
            : target.signedIn
              ? `${target.path} (signed in)`
              : target.path,
          RUNS,
          `${m('score')} (${runs.map((r) => r.score).join(', ')})`,
          `${(m('lcp') / 1000).toFixed(2)} s`,
          `${Math.round(m('tbt'))} ms`,
          m('cls').toFixed(3),
          `${(m('fcp') / 1000).toFixed(2)} s`,
          m('score') >= 95 && m('lcp') <= 1000 ? 'yes' : 'NO',
        ]);
      }
      loadDuring = loads.join('; ');
      lighthouseTable = table(
        [
          'page',
          'runs',
          'performance (median; each run)',
          'LCP',
          'TBT',
          'CLS',
          'FCP',
          '≥ 95 and LCP ≤ 1.0 s',
        ],
        lhRows,
      );
    }

    const body = [
      'Fresh visit = empty cache. "browser": a cold Chromium visit to the built server (which gzips ' +
        'text at level 9), the sum of encoded script bodies until the network is idle. "manifest": ' +
        'the same computed from dist/app/.vite/manifest.json and the route tree (level-9 gzip of each ' +
        'chunk). Signed-in routes as BlueTikAdmin on the demo data. KB = 1,024 bytes.',
      summary,
      bundleTable,
      loginChunks,
      languagesTable,
      `Lighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, desktop preset (simulated throttling), ` +
        `each run a fresh Chromium profile; signed-in pages get the session in local storage before the ` +
        `run. Load average (1/5/15 min) before the runs: ${loadBefore}${loadDuring ? `; at each run: ${loadDuring}` : ''}.`,
      lighthouseTable,
    ].join('\n\n');
    console.log(`\n${body}\n`);
    writeResults('bundle', 'Bundle sizes and Lighthouse (`npm run bench:bundle`)', body, {
      vite: packageVersion('vite'),
      react: packageVersion('react'),
      lighthouse: packageVersion('lighthouse'),
      chromium: chromiumVersion(),
    });
  } finally {
    stop();
  }
}

function packageVersion(name: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    };
    return pkg.version;
  } catch {
    return '?';
  }
}

function chromiumVersion(): string {
  try {
    return execSync(`${CHROMIUM} --version 2>/dev/null`, { encoding: 'utf8' })
      .trim()
      .replace(/^Chromium\s*/, '');
  } catch {
    return '?';
  }
}

await main();
