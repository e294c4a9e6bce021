import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { build } from 'esbuild';
import { table, writeResults } from '../harness/results';
import { fail, load, measure, ms, newContext, quantile, type Sample } from './measure';
import { ordered, productCases, readRows, rupeeValue, runProductCase, signInState } from './product';
import { ROOT, startProductServer } from './servers';
import { BREAKDOWN_HEADERS, BREAKDOWN_NOTE, medianParts, traced } from './trace';

/*
 * bench:ui --floor: the product's sort by Total Price against the least a page can do for the
 * same key on this machine (bench/ui/floor/main.tsx): the same list call to the same server,
 * its 25 rows in a plain table written with the DOM API, and the same with React 19 — in one
 * run, one browser, the three taking turns repetition by repetition, each repetition on a
 * freshly loaded page warmed by four sorts (the product's by its four page flips). Issue 26
 * asks for ≤ 20 ms from the response to the painted rows; the floor shows how much of that
 * this machine's browser leaves to any table at all.
 */

const FLOOR_PATH = '/__bench/floor';

/** The floor page's script, bundled in memory (its own esbuild run: never the product build). */
async function floorScript(): Promise<string> {
  const out = await build({
    entryPoints: [join(ROOT, 'bench', 'ui', 'floor', 'main.tsx')],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    jsx: 'automatic',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}

const HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench: the floor</title>
<style>body{margin:0;font:14px system-ui,sans-serif}table{border-collapse:collapse;width:100%}
th,td{padding:8px 12px;border-bottom:1px solid #e4e4e7;text-align:left;white-space:nowrap}</style>
</head><body><main id="root"></main><script type="module" src="${FLOOR_PATH}.js"></script></body></html>`;

type Mode = 'dom' | 'react';

/** Answers the floor page on the product's origin (the server never sees these two paths). */
export async function serveFloor(page: Page, origin: string) {
  const script = await floorScript();
  await page.route(`${origin}${FLOOR_PATH}*`, (route) =>
    route.fulfill(
      new URL(route.request().url()).pathname.endsWith('.js')
        ? { contentType: 'text/javascript', body: script }
        : { contentType: 'text/html', body: HTML },
    ),
  );
}

async function floorOrder(page: Page) {
  return page.evaluate(() => (window as unknown as { __floor: { order: string } }).__floor.order);
}

/** One repetition on the floor page: loaded fresh, four sorts to warm it, then the measured one. */
export async function runFloor(page: Page, origin: string, mode: Mode, beforeKey?: () => Promise<void>) {
  await page.goto(`${origin}${FLOOR_PATH}?mode=${mode}`);
  await page.waitForFunction(() => {
    const f = (window as unknown as { __floor?: { ready: boolean; error?: string } }).__floor;
    return f?.ready || f?.error;
  });
  const button = page.getByRole('button', { name: 'Total Price' });
  await button.focus();
  for (let i = 0; i < 4; i++)
    await measure(page, 'ours', () => page.keyboard.press('Enter'), 'floor warm-up');
  await beforeKey?.();
  const since = await page.evaluate(() => performance.now());
  const result = await measure(page, 'ours', () => page.keyboard.press('Enter'), `floor ${mode}`);
  if (!result.key) fail(`floor ${mode}: the key event was not seen`);
  const totals = (await readRows(page)).map((r) => rupeeValue(r.cell['Total Price']!));
  const order = (await floorOrder(page)) as 'asc' | 'desc';
  if (totals.length !== 25 || !ordered(totals, order))
    fail(`floor ${mode}: not ${order}: ${totals.join(', ')}`);
  const call = (
    await page.evaluate(([from]) => window.__bench.requests(from, '/orders/listorders'), [since] as const)
  )[0];
  const start = result.key.ts;
  return {
    total: result.paintedAt - start,
    dom: result.changedAt - start,
    request: call ? call.responseEnd - call.start : undefined,
    render: call ? result.paintedAt - call.responseEnd : undefined,
    at: { key: start, responseEnd: call?.responseEnd, painted: result.paintedAt },
  } satisfies Sample;
}

export async function floorRun(opts: {
  browser: Browser;
  db: string;
  port: number;
  reps: number;
  trace: number;
  totalOrders: number;
}) {
  const server = await startProductServer(opts.db, opts.port);
  const loadAtStart = load();
  try {
    const context = await newContext(opts.browser, await signInState(opts.browser, server.origin));
    const page = await context.newPage();
    await serveFloor(page, server.origin);
    const sort = productCases(opts.totalOrders)[0]!;
    const subjects: { name: string; run: (beforeKey?: () => Promise<void>) => Promise<Sample> }[] = [
      { name: 'the product (/listorders)', run: (k) => runProductCase(page, server.origin, sort, k) },
      { name: 'floor: React 19, one component', run: (k) => runFloor(page, server.origin, 'react', k) },
      { name: 'floor: DOM API, no framework', run: (k) => runFloor(page, server.origin, 'dom', k) },
    ];
    const samples: Sample[][] = subjects.map(() => []);
    for (let i = 0; i < opts.reps; i++)
      for (let j = 0; j < subjects.length; j++) {
        const s = (i + j) % subjects.length;
        samples[s]!.push(await subjects[s]!.run());
      }
    const traces: Awaited<ReturnType<typeof traced<Sample>>>[][] = subjects.map(() => []);
    for (let i = 0; i < opts.trace; i++)
      for (let j = 0; j < subjects.length; j++) {
        const s = (i + j) % subjects.length;
        traces[s]!.push(await traced(page, (k) => subjects[s]!.run(k)));
      }
    await context.close();

    const p = (xs: number[], q: number) => ms(quantile(xs, q));
    const rows = subjects.map((subject, s) => {
      const xs = samples[s]!;
      const called = xs.filter((x) => x.request !== undefined && x.at?.responseEnd !== undefined);
      const after = called.map((x) => x.render!);
      const totals = xs.map((x) => x.total);
      return [
        subject.name,
        p(totals, 0.5),
        p(totals, 0.95),
        // The page's own work before the call leaves, the call, then its work until the rows are in the DOM.
        p(
          called.map((x) => x.at!.responseEnd! - x.request! - x.at!.key),
          0.5,
        ),
        p(
          called.map((x) => x.request!),
          0.5,
        ),
        p(
          called.map((x) => x.dom - (x.at!.responseEnd! - x.at!.key)),
          0.5,
        ),
        p(
          xs.map((x) => x.total - x.dom),
          0.5,
        ),
        p(after, 0.5),
        p(after, 0.95),
        xs.length,
      ];
    });
    const body = [
      `The sort by Total Price (Enter on the header, desc → asc) on ${opts.totalOrders.toLocaleString('en-US')} orders ` +
        `(SQLite, the built server), three pages in one Chromium at 1280×800, taking turns (which goes first rotates), ` +
        `${opts.reps} repetitions each. The floor pages (bench/ui/floor/main.tsx, served on the product's origin by ` +
        `Playwright) make the same list call with the same session and write its 25 rows, the same eleven columns ` +
        `as text, into a plain table: with the DOM API, or with React 19 (one component, the rows in one state, the ` +
        `update flushed at once). Each repetition loads its page afresh and warms it (the floor by four sorts, the ` +
        `product by its four page flips). Same harness: key → the frame carrying the new rows. The steps: the key to the ` +
        `list call sent (Resource Timing's start), the call, its response to the new rows in the document, and ` +
        `those rows to the frame carrying them painted (the wait for the frame, style, layout, paint); each column ` +
        `is its own median, so they need not add up. Load average at start ${loadAtStart}, at end ${load()}.`,
      '',
      table(
        [
          'page',
          'key → painted p50',
          'p95',
          'key → call sent p50',
          'call p50',
          'response → rows in the DOM p50',
          'rows in the DOM → painted p50',
          'after response p50',
          'after response p95',
          'n',
        ],
        rows,
      ),
      ...(opts.trace
        ? [
            '',
            `${BREAKDOWN_NOTE} ${opts.trace} traced repetitions per page, taking turns.`,
            '',
            table(
              ['page', ...BREAKDOWN_HEADERS],
              subjects.map((subject, s) => [subject.name, ...medianParts(traces[s]!)]),
            ),
          ]
        : []),
    ].join('\n');
    console.log(`\n${body}\n`);
    writeResults(
      'ui-floor',
      "Browser: the product's sort against the floor of this machine (bench:ui --floor)",
      body,
    );
  } finally {
    await server.stop();
  }
}
