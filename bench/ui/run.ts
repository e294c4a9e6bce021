/*
 * Browser bench (issue 7 item 3):
 *
 *   npm run bench:ui [-- --reps 20] [--rows 1000000] [--db bench/data/app.db] [--port 3140]
 *                    [--no-build] [--no-aggrid] [--table standard|compact|50|100] [--flips 500]
 *                    [--engine postgres [--pg-url postgres://postgres@127.0.0.1:5432/bench]]
 *   quick smoke:  npm run bench:ui -- --reps 3 --rows 100000
 *   two builds:   npm run bench:ui -- --before ../before [--reps 60] [--section ui-compare] [--trace 10]
 *                              [--before-db bench/data/before.db] [--only 'status tab|search']
 *   the floor:    npm run bench:ui -- --floor [--reps 20] [--trace 6]   (bench/ui/floor.ts)
 *
 * Needs the bench database (`npm run bench:seed -- --orders 1000000 --out bench/data/app.db`).
 * Builds the product (`npm run build`, skipped with --no-build) and the bench-only AG Grid
 * page (esbuild into a temporary folder), starts `node dist/server/index.js` on the database
 * (port --port) and a static server for the AG Grid page (--port + 1), both on 127.0.0.1,
 * and stops them at the end.
 *
 * In the full Chromium (Playwright, /usr/bin/chromium, the flags of e2e/browsers.ts), signed in
 * once as BlueTikAdmin (storage state reused): on /listorders, the time from a key event to
 * the new rows painted (bench/ui/harness.js defines both ends) for sort, filter, a search
 * keystroke, a page change, a status tab and a saved view, p50/p95 over --reps repetitions
 * and the longest task in any; long tasks while typing a six-character search; the JS heap
 * after a load and after --flips page flips; then AG Grid Community holding --rows orders
 * client-side: load time, JS heap, and the same sort and filter. --table lays the list out
 * with 50 or 100 rows a page or compact rows (its own section, ui-<table>). --engine postgres
 * runs the same product cases with the server on PostgreSQL (the bench database of
 * `DATABASE_URL=<pg-url> npm run bench:seed -- --orders 1000000 --reset`), section
 * ui-postgres (ui-<table>-postgres); AG Grid holds its rows in the page whatever the server's
 * engine, so it is measured beside the SQLite run only. Tables printed and written to
 * bench/RESULTS.md.
 *
 * Each repetition on the product starts from a freshly loaded list, so the new rows
 * always come from the server (TanStack Query would otherwise answer a repeated sort from
 * its cache) — except the page change, whose next page the table prefetches by design
 * (the "last page" row measures a page that wasn't prefetched).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { chromium, type Browser } from '@playwright/test';
import { ensureBuild } from '../harness/build';
import { SERVER_ENTRY, startServer } from '../harness/server';
import { BENCH_DB_OPTIONS, openBench } from '../lib/api-measure';
import { countOrders } from '../lib/order-cases';
import { exportRows } from './export-rows';
import { buildGridPage, ROOT, startProductServer, startStaticServer } from './servers';
import { gridFilter, gridSort, type GridState } from './aggrid';
import { fail, FULL_CHROMIUM, LAUNCH_ARGS, load, mb, ms, newContext, quantile, type Sample } from './measure';
import { compareBuilds } from './compare';
import { floorRun } from './floor';
import {
  ensureBenchView,
  heapAfterFlips,
  heapUsed,
  productCases,
  runProductCase,
  signInState,
  TABLE_VARIANTS,
  type TableVariant,
  typingLongTasks,
  withDensity,
} from './product';
import { report } from './report';

const { values: args } = parseArgs({
  options: {
    reps: { type: 'string', default: '20' },
    rows: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'bench/data/app.db' },
    port: { type: 'string', default: '3140' },
    'no-build': { type: 'boolean', default: false },
    'no-aggrid': { type: 'boolean', default: false },
    // Only AG Grid (while working on that page); the product cases are the point otherwise.
    'no-ours': { type: 'boolean', default: false },
    // A built checkout to compare with, case by case in one run (bench/ui/compare.ts).
    before: { type: 'string' },
    section: { type: 'string', default: 'ui-compare' },
    // With --before: traced repetitions per action and build, for where the time goes (trace.ts).
    trace: { type: 'string', default: '0' },
    // With --before: a copy of --db for the before build (when this build added a migration).
    'before-db': { type: 'string' },
    // With --before: only the actions whose name matches this regular expression.
    only: { type: 'string' },
    // The sort against the floor pages (bench/ui/floor.ts), section ui-floor; with --trace.
    floor: { type: 'boolean', default: false },
    // The table's layout for every case (issue 26 item 3): standard, compact, 50 or 100.
    table: { type: 'string', default: 'standard' },
    // Page flips before the heap is read again (0: not measured).
    flips: { type: 'string', default: '500' },
    // The server's database (issue 26: PostgreSQL reported beside SQLite); --pg-url names it.
    engine: { type: 'string', default: 'sqlite' },
    'pg-url': BENCH_DB_OPTIONS['pg-url'],
  },
});
const REPS = Number(args.reps);
const GRID_ROWS = Number(args.rows);
const PORT = Number(args.port);
const DB = resolve(ROOT, args.db);
if (!Number.isInteger(REPS) || REPS < 1) throw new Error('--reps must be a positive integer');
if (!Number.isInteger(GRID_ROWS) || GRID_ROWS < 1) throw new Error('--rows must be a positive integer');
const VARIANT: TableVariant =
  TABLE_VARIANTS[args.table] ?? fail(`--table must be one of ${Object.keys(TABLE_VARIANTS).join(', ')}`);
const FLIPS = Number(args.flips);
const ENGINE = args.engine;
if (ENGINE !== 'sqlite' && ENGINE !== 'postgres') fail('--engine must be sqlite or postgres');
if (ENGINE === 'postgres' && (args.before || args.floor))
  fail('--engine postgres measures this build (no --before or --floor)');

const launch = () => chromium.launch({ executablePath: FULL_CHROMIUM, args: LAUNCH_ARGS });

// ---- Main.
/** The orders the bench database holds, and how to start the built server on it. */
async function benchDatabase(): Promise<{
  totalOrders: number;
  where: string;
  start: () => ReturnType<typeof startServer>;
}> {
  if (ENGINE === 'postgres') {
    const opened = await openBench('postgres', { db: DB, pgUrl: args['pg-url'] });
    if (typeof opened === 'string') fail(opened);
    const totalOrders = await countOrders(opened.db.kysely);
    await opened.db.kysely.destroy();
    const { DATABASE_URL: databaseUrl, DATA_DIR: dataDir } = opened.serverEnv;
    return {
      totalOrders,
      where: databaseUrl!,
      start: () => startServer({ port: PORT, dataDir, databaseUrl, timeoutMs: 60_000 }),
    };
  }
  if (!existsSync(DB))
    fail(
      `no bench database at ${DB}.\n  Make one (~30 s … 3 min):  npm run bench:seed -- --orders 1000000 --out bench/data/app.db\n  or pass --db <path to a seeded app.db>.`,
    );
  const db = new Database(DB, { readonly: true, fileMustExist: true });
  const totalOrders = (db.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n;
  db.close();
  return { totalOrders, where: DB, start: () => startProductServer(DB, PORT) };
}

async function main() {
  const bench = await benchDatabase();
  const { totalOrders } = bench;
  if (totalOrders < 1000)
    fail(`${bench.where} holds only ${totalOrders} orders: seed it with bench:seed first.`);

  if (!args['no-build']) ensureBuild();
  else if (!existsSync(SERVER_ENTRY)) fail('no build in dist/: run `npm run build` (or drop --no-build).');

  const loadAtStart = load();
  console.log(
    `bench:ui: ${totalOrders.toLocaleString('en-US')} orders in ${bench.where}; load average ${loadAtStart}`,
  );
  if (args.floor) {
    const browser = await launch();
    try {
      await floorRun({ browser, db: DB, port: PORT, reps: REPS, trace: Number(args.trace), totalOrders });
    } finally {
      await browser.close();
    }
    return;
  }
  if (args.before) {
    const browser = await launch();
    try {
      await compareBuilds({
        browser,
        db: DB,
        port: PORT,
        before: args.before,
        reps: REPS,
        totalOrders,
        variant: VARIANT,
        section: args.section,
        trace: Number(args.trace),
        beforeDb: args['before-db'] && resolve(ROOT, args['before-db']),
        only: args.only,
      });
    } finally {
      await browser.close();
    }
    return;
  }
  const server = await bench.start();
  let gridServer: Awaited<ReturnType<typeof startStaticServer>> | undefined;
  let browser: Browser | undefined;
  try {
    browser = await launch();
    const chromiumVersion = browser.version();

    await ensureBenchView(server.origin);
    const storageState = withDensity(await signInState(browser, server.origin), VARIANT.compact);
    const context = await newContext(browser, storageState);
    const page = await context.newPage();

    // -- Ours.
    const ours = new Map<string, Sample[]>();
    for (const c of args['no-ours'] ? [] : productCases(totalOrders, VARIANT)) {
      const samples: Sample[] = [];
      for (let i = 0; i < REPS; i++) samples.push(await runProductCase(page, server.origin, c));
      ours.set(c.name, samples);
      const totals = samples.map((s) => s.total);
      const longest = Math.max(...samples.map((s) => s.longest ?? 0));
      console.log(
        `  ${c.name}: p50 ${ms(quantile(totals, 0.5))}, p95 ${ms(quantile(totals, 0.95))}, longest task ${ms(longest)}`,
      );
    }
    const typing: Awaited<ReturnType<typeof typingLongTasks>>[] = [];
    const TYPING_REPS = REPS;
    for (let i = 0; i < (args['no-ours'] ? 0 : TYPING_REPS); i++)
      typing.push(await typingLongTasks(page, server.origin, 'Sriniv'));
    await page.goto(`${server.origin}/listorders`, { waitUntil: 'networkidle' });
    const oursHeap = await heapUsed(page);
    const flipped =
      FLIPS && !args['no-ours']
        ? await heapAfterFlips(page, server.origin, FLIPS, VARIANT.pageSize)
        : undefined;
    if (flipped)
      console.log(
        `  heap: ${mb(flipped.loaded)} loaded, ${mb(flipped.flipped)} after ${FLIPS} flips (${flipped.seconds.toFixed(0)} s)`,
      );
    await context.close();

    // -- AG Grid.
    let grid:
      | {
          rows: number;
          state: GridState;
          loadMs: number;
          heap: number;
          sorts: Map<string, Sample[]>;
          filters: Map<string, Sample[]>;
          reps: number;
        }
      | undefined;
    if (!args['no-aggrid'] && ENGINE === 'sqlite') {
      const pageDir = await buildGridPage();
      const data = exportRows(DB, join(resolve(DB, '..'), `aggrid-orders-${GRID_ROWS}.json`), GRID_ROWS);
      gridServer = await startStaticServer(
        {
          '/index.html': join(pageDir, 'index.html'),
          '/main.js': join(pageDir, 'main.js'),
          '/orders.json': data.path,
        },
        PORT + 1,
      );
      const gridContext = await newContext(browser);
      const gridPage = await gridContext.newPage();
      await gridPage.goto(`${gridServer.base}/`);
      await gridPage.waitForFunction(
        () => window.__grid?.firstRenderedAt !== undefined || !!window.__grid?.error,
        null,
        {
          timeout: 10 * 60_000,
          polling: 100,
        },
      );
      // Load = navigation start → first rows painted (same "painted" as the key figures).
      const loadMs = await gridPage.evaluate(
        () =>
          new Promise<number>((done) =>
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => done(window.__grid.firstRenderedAt!);
              channel.port2.postMessage(null);
            }),
          ),
      );
      const state = (await gridPage.evaluate(() => ({ ...window.__grid, api: undefined }))) as GridState;
      if (state.error) fail(`AG Grid page: ${state.error}`);
      const heap = await heapUsed(gridPage);
      console.log(
        `  AG Grid: ${state.rows.toLocaleString('en-US')} rows loaded in ${ms(loadMs)}, heap ${mb(heap)}`,
      );
      const gridReps = REPS;
      const sorts = new Map<string, Sample[]>([
        ['sort: Total Price', await gridSort(gridPage, 'totalPrice', 'Enter', gridReps)],
        // Enter for both: AG Grid's header sorts on Enter only (Space does nothing there).
        ['sort: Name', await gridSort(gridPage, 'orderUserName', 'Enter', gridReps)],
      ]);
      await gridPage.evaluate(() => window.__grid.api!.applyColumnState({ defaultState: { sort: null } }));
      const filters = new Map<string, Sample[]>([
        [
          'filter: Status',
          await gridFilter(
            gridPage,
            { status: { filterType: 'number', type: 'equals', filter: 3 } },
            (r) => r.status === 3,
            gridReps,
          ),
        ],
        [
          'filter: Payment type',
          await gridFilter(
            gridPage,
            { paymentType: { filterType: 'text', type: 'equals', filter: 'Online' } },
            (r) => r.paymentType === 'Online',
            gridReps,
          ),
        ],
      ]);
      await gridContext.close();
      grid = { rows: state.rows, state, loadMs, heap, sorts, filters, reps: gridReps };
    }

    report({
      reps: REPS,
      variant: VARIANT,
      section: `${args.table === 'standard' ? 'ui' : `ui-${args.table}`}${ENGINE === 'sqlite' ? '' : `-${ENGINE}`}`,
      engine: ENGINE === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      flipped,
      ours,
      typing,
      oursHeap,
      grid,
      totalOrders,
      chromiumVersion,
      loadAtStart,
      serverReadyMs: server.readyMs,
    });
  } finally {
    await browser?.close();
    await gridServer?.stop();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
