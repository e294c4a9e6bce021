import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { table, writeResults } from '../harness/results';
import { startServer } from '../harness/server';
import { load, ms, newContext, quantile, type Sample } from './measure';
import {
  ensureBenchView,
  productCases,
  runProductCase,
  signInState,
  withDensity,
  type TableVariant,
} from './product';
import { dataDirFor, startProductServer } from './servers';
import { BREAKDOWN_HEADERS, BREAKDOWN_NOTE, medianParts, otherSources, traced } from './trace';

/** Response end → painted of the repetitions that made a list call. */
const renders = (samples: Sample[]) => samples.flatMap((s) => (s.render === undefined ? [] : [s.render]));

/*
 * bench:ui --before <a built checkout>: the product's cases on two builds in one run, on
 * the same database and browser, repetition by repetition, the build that goes first
 * alternating. A slow minute of the machine then falls on both builds alike; two runs of
 * one build apart differed by up to 16 ms p50 (bench/RESULTS.md, section issue14), more
 * than the 5 ms issue 14 allows a change. Each row gives both p50s, their difference and a
 * bootstrap 90 % interval of it (resampling each build's repetitions), so "no slower by
 * more than 5 ms" is a reading of the interval, not of one difference.
 */

/** A 90 % interval of median(after) − median(before), from `rounds` resamplings of each. */
export function medianDifferenceInterval(before: number[], after: number[], rounds = 2000, seed = 1) {
  let state = seed;
  // A small fixed-seed generator, so the same samples give the same interval.
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const resampledMedian = (xs: number[]) =>
    quantile(
      Array.from(xs, () => xs[Math.floor(random() * xs.length)]!),
      0.5,
    );
  const differences = Array.from({ length: rounds }, () => resampledMedian(after) - resampledMedian(before));
  return { low: quantile(differences, 0.05), high: quantile(differences, 0.95) };
}

export async function compareBuilds(opts: {
  browser: Browser;
  db: string;
  port: number;
  before: string;
  reps: number;
  totalOrders: number;
  /** The table's page size and density (--table), as in the ui section's variants. */
  variant: TableVariant;
  section: string;
  /**
   * The before build's own copy of the database, when this build added a migration the older
   * one would refuse ("previously executed migration … is missing"); the same data otherwise.
   */
  beforeDb?: string | undefined;
  /** Traced repetitions per action and build (bench/ui/trace.ts), after the timed ones; 0: none. */
  trace: number;
  /** Only the actions whose name matches (a regular expression); every action when absent. */
  only?: string | undefined;
}) {
  const beforeRoot = resolve(opts.before);
  const commit = (root: string) =>
    execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const names = `Before: ${beforeRoot} (${commit(beforeRoot)}); after: this checkout (${commit('.')})`;
  const loadAtStart = load();
  const [after, before] = await Promise.all([
    startProductServer(opts.db, opts.port),
    startServer({
      port: opts.port + 2,
      dataDir: dataDirFor(opts.beforeDb ?? opts.db),
      entry: join(beforeRoot, 'dist/server/index.js'),
      env: { STATIC_DIR: join(beforeRoot, 'dist/app') },
      timeoutMs: 60_000,
    }),
  ]);
  const servers = [before, after];
  try {
    // One after the other: both builds may share one database, and two at once both found
    // no view and both saved one (the second was refused as a duplicate name).
    for (const server of servers) await ensureBenchView(server.origin);
    const pages = await Promise.all(
      servers.map(async (server) => {
        const state = withDensity(await signInState(opts.browser, server.origin), opts.variant.compact);
        const context = await newContext(opts.browser, state);
        return { context, page: await context.newPage(), origin: server.origin };
      }),
    );
    const rows: (string | number)[][] = [];
    const breakdowns: string[][] = [];
    const allTraces: Parameters<typeof otherSources>[0] = [];
    const only = opts.only === undefined ? undefined : new RegExp(opts.only, 'i');
    for (const c of productCases(opts.totalOrders, opts.variant).filter((c) => !only || only.test(c.name))) {
      const samples: Sample[][] = [[], []];
      for (let i = 0; i < opts.reps; i++)
        for (const b of i % 2 ? [1, 0] : [0, 1])
          samples[b]!.push(await runProductCase(pages[b]!.page, pages[b]!.origin, c));
      const [b, a] = samples.map((s) => s.map((x) => x.total)) as [number[], number[]];
      const p50 = [quantile(b, 0.5), quantile(a, 0.5)] as const;
      const { low, high } = medianDifferenceInterval(b, a);
      const row = [
        c.name,
        ms(p50[0]),
        ms(p50[1]),
        `${p50[1] - p50[0] >= 0 ? '+' : ''}${(p50[1] - p50[0]).toFixed(1)}`,
        `${low.toFixed(1)} … ${high.toFixed(1)}`,
        high <= 5 ? 'yes' : '**no**',
        ms(quantile(b, 0.95)),
        ms(quantile(a, 0.95)),
        ...samples.map((s) => ms(quantile(renders(s), 0.5))),
        ...samples.map((s) =>
          ms(
            quantile(
              s.map((x) => x.whole ?? x.total),
              0.5,
            ),
          ),
        ),
        b.length,
      ];
      console.log(`  ${row.join(' | ')}`);
      rows.push(row);
      const traces: Awaited<ReturnType<typeof traced<Sample>>>[][] = [[], []];
      for (let i = 0; i < opts.trace; i++)
        for (const b of i % 2 ? [1, 0] : [0, 1]) {
          const { page, origin } = pages[b]!;
          traces[b]!.push(await traced(page, (beforeKey) => runProductCase(page, origin, c, beforeKey)));
        }
      if (opts.trace)
        for (const b of [0, 1]) breakdowns.push([c.name, b ? 'after' : 'before', ...medianParts(traces[b]!)]);
      allTraces.push(...traces.flat());
    }
    await Promise.all(pages.map((p) => p.context.close()));
    const body = [
      `${names}. Both built servers on ${opts.totalOrders.toLocaleString('en-US')} orders ` +
        `(one SQLite database, ports ${opts.port + 2} and ${opts.port}), one Chromium, ${opts.reps} repetitions of each action ` +
        `per build, the two builds taking turns (which goes first alternates), the table at ${opts.variant.name} a page. Each repetition as in the ui section: a freshly ` +
        `loaded list warmed by four page flips, key → painted, the rows checked. Load average at start ${loadAtStart}, at end ${load()}.`,
      '',
      '"after response p50": the list call\'s response end → painted (no call for the prefetched page). ' +
        '"90 % interval": of p50(after) − p50(before), from 2,000 bootstrap resamplings of each build\'s repetitions. ' +
        '"≤ 5 ms slower" holds when the interval\'s upper end is at most +5 ms. "every row painted": key → the frame ' +
        'carrying the last row of the page (rows below the screen come in the frames after; record 089).',
      '',
      table(
        [
          'action (key)',
          'before p50',
          'after p50',
          'after − before',
          '90 % interval',
          '≤ 5 ms slower',
          'before p95',
          'after p95',
          'before: after response p50',
          'after: after response p50',
          'before: every row painted p50',
          'after: every row painted p50',
          'n each',
        ],
        rows,
      ),
      ...(breakdowns.length
        ? [
            '',
            `${BREAKDOWN_NOTE} ${opts.trace} traced repetitions per action and build, taking turns.`,
            '',
            table(['action (key)', 'build', ...BREAKDOWN_HEADERS], breakdowns),
            '',
            `What "other" ran, every action and build together (ms per traced repetition): the function ` +
              `that posted the task, else the innermost event.`,
            '',
            table(['source', 'ms per repetition'], otherSources(allTraces).sources),
            '',
            'The JavaScript sampled in "other" (V8\'s sampling profiler in the trace; "(program)" is the ' +
              "browser's own code, not script), by source and function: samples per traced repetition.",
            '',
            table(['source · function', 'samples per repetition'], otherSources(allTraces).functions),
          ]
        : []),
    ].join('\n');
    console.log(`\n${body}\n`);
    writeResults(opts.section, 'Browser: two builds in one run, key → painted (bench:ui --before)', body);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
