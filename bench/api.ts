/*
 * API benchmark at 1,000,000 orders (issue 7, items 2 and 5):
 *
 *   npm run bench:api                       SQLite (bench/data/bench.db) and PostgreSQL
 *   npm run bench:api -- --engines sqlite   one engine only
 *   npm run bench:api -- --samples 20 --duration 10 --starts 3   a shorter smoke run
 *
 * Data: `npm run bench:seed -- --orders 1000000` (SQLite) and
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:seed -- --orders 1000000 --reset`
 * (PostgreSQL; `--pg-url` or BENCH_DATABASE_URL name another database). Needs the built
 * server: `npm run build` (run here when dist/server/index.js is missing).
 *
 * Per engine:
 * 1. Service level: the paged order list cases of bench/lib/order-cases.ts (default sort,
 *    every sortable column both ways, each filter, searches, deep pages; BlueTikAdmin and
 *    the largest store's WebAdmin) through listPage() in this process: one warm-up, then
 *    `--samples` timed calls each; p50/p95/p99.
 * 2. Start: `node dist/server/index.js` on the existing database, spawn → /api/health
 *    answering, `--starts` times (median).
 * 3. HTTP level: the same cases as GET /api/orders/listorders against the built server
 *    over one keep-alive connection (the route's validation, auth, JSON included), same
 *    sample counts. Each principal signs in once (argon2 is slow and sign-in is
 *    rate-limited; only failures count towards the lock-out) and reuses its token.
 * 4. Load: `--connections` connections for `--duration` s of mixed reads (list pages with
 *    varied sorts, filters, searches and pages, order details, dashboard, yearly sales,
 *    categories and items lists) from a second process (autocannon, bench/lib/api-load.ts),
 *    once per `--workers` count (default 1,2: WORKERS=N, node:cluster), with the ratio.
 * 5. Memory: the server's VmRSS (and peak VmHWM) after the runs.
 * Each engine's tables replace its own section of bench/RESULTS.md and are printed.
 */

import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { migrateToLatest } from '../server/db/migrate';
import { DEMO_ACCOUNTS } from '../server/db/seed';
import type { LoadResult } from './lib/api-load';
import { prng } from './lib/generate';
import { closeClient } from './harness/http-client';
import { signInApi } from './harness/session';
import { orderCases } from './lib/order-cases';
import { table, writeResults } from './harness/results';
import { ensureBuild } from './harness/build';
import {
  BENCH_DB_OPTIONS,
  httpLevel,
  loadAverage,
  loadMix,
  openBench,
  runLoad,
  serviceLevel,
  stats,
  type CaseResult,
} from './lib/api-measure';
import { startServer } from './harness/server';

const { values: args } = parseArgs({
  options: {
    ...BENCH_DB_OPTIONS,
    samples: { type: 'string', default: '50' },
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    starts: { type: 'string', default: '5' },
    port: { type: 'string', default: '3130' },
    only: { type: 'string' },
    workers: { type: 'string', default: '1,2' },
    'no-load': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
const samples = Number(args.samples);
const duration = Number(args.duration);
const connections = Number(args.connections);
const starts = Number(args.starts);
const port = Number(args.port);
for (const [name, n] of Object.entries({ samples, duration, connections, starts, port }))
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
const workerCounts = args.workers.split(',').map(Number);
if (!workerCounts.every((n) => Number.isInteger(n) && n >= 1 && n <= 32))
  throw new Error('--workers: a list of process counts, e.g. 1,2');
const engines = args.engines.split(',').map((e) => e.trim());
for (const e of engines)
  if (e !== 'sqlite' && e !== 'postgres') throw new Error(`--engines: unknown engine "${e}"`);

/** The goals of issue 7 this bench measures. */
const GOALS = { p95: { sqlite: 10, postgres: 25 }, rps: 2000, rssMiB: 300, startMs: 1000 };

// ---------------------------------------------------------------------------------

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const load = loadAverage;
const log = (msg: string) => console.log(`[bench:api] ${msg}`);

async function benchEngine(engine: 'sqlite' | 'postgres'): Promise<boolean> {
  const label = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const opened = await openBench(engine, { db: args.db, pgUrl: args['pg-url'] });
  if (typeof opened === 'string') {
    log(`${label}: skipped: ${opened}`);
    return false;
  }
  const { db } = opened;
  const k = db.kysely;
  // Brings the bench database to the current schema here, so that no start is timed
  // building a new index over a million rows.
  const t = performance.now();
  const applied = await migrateToLatest(db);
  if (applied.length)
    log(
      `${label}: migrated the bench database (${applied.join(', ')}) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  const orders = Number(
    (
      await k
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (orders === 0) {
    await k.destroy();
    log(`${label}: skipped: the bench database has no orders: run bench:seed first.`);
    return false;
  }
  let cases = await orderCases(k);
  if (args.only) cases = cases.filter((c) => `${c.who}: ${c.name}`.includes(args.only!));
  log(`${label}: ${orders.toLocaleString('en')} orders, ${cases.length} list cases × ${samples} samples`);

  // Order ids for the detail reads: any order for BlueTikAdmin, the store's own for WebAdmin.
  const storeId = cases.find((c) => c.who === 'store')?.store ?? null;
  const maxId = Number(
    (
      await k
        .selectFrom('orders')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirstOrThrow()
    ).m,
  );
  const rnd = prng(3);
  const ids = {
    admin: Array.from({ length: 200 }, () => rnd.int(1, maxId)),
    store: storeId
      ? (
          await k
            .selectFrom('orders')
            .select('id')
            .where('store_user_id', '=', storeId)
            .orderBy('id', 'desc')
            .limit(200)
            .execute()
        ).map((r) => r.id)
      : [],
  };

  const loadAtService = load();
  const results = await serviceLevel(db, cases, samples);
  await k.destroy();
  log(`${label}: service level done (load ${load()})`);

  const secret = randomBytes(32).toString('base64url');
  const env = { ...opened.serverEnv, TOKEN_SECRET: secret };
  const startTimes: number[] = [];
  const startCpu: number[] = [];
  for (let i = 0; i < starts; i++) {
    const s = await startServer({ port, env });
    startTimes.push(s.readyMs);
    startCpu.push(s.readyCpuMs);
    await s.stop();
  }
  log(`${label}: start ${startTimes.map((t) => t.toFixed(0)).join(', ')} ms`);

  const server = await startServer({ port, env });
  const loads: { workers: number; result: LoadResult; at: string; rssMiB: number }[] = [];
  let memory: { rssMiB: number; peakMiB: number };
  const loadAtHttp = load();
  let tokens: { admin: string; store: string };
  try {
    tokens = {
      admin: (
        await signInApi(
          server.origin,
          'BlueTikAdmin',
          DEMO_ACCOUNTS.BlueTikAdmin.mobile,
          DEMO_ACCOUNTS.BlueTikAdmin.password,
        )
      ).token,
      store: (
        await signInApi(
          server.origin,
          'WebAdmin',
          DEMO_ACCOUNTS.WebAdmin.mobile,
          DEMO_ACCOUNTS.WebAdmin.password,
        )
      ).token,
    };
    await httpLevel(server, results, tokens, samples);
    closeClient();
    log(`${label}: HTTP level done (load ${load()})`);
    memory = server.memory();
  } finally {
    await server.stop();
  }
  // The mixed load once per process count (WORKERS=N, node:cluster), each on a fresh start.
  for (const workers of args['no-load'] ? [] : workerCounts) {
    const mix = loadMix(cases, tokens, ids);
    const served = await startServer({ port, env: { ...env, WORKERS: String(workers) } });
    try {
      const at = load();
      log(
        `${label}: ${duration} s load, ${connections} connections, ${workers} process(es), ${mix.length} distinct reads…`,
      );
      const result = await runLoad(served, mix, { connections, duration });
      const m = served.memory();
      loads.push({ workers, result, at: `${at} → ${load()}`, rssMiB: m.rssMiB });
      log(`${label}: ${workers} process(es): ${result.requestsPerSecond.toFixed(0)} req/s`);
      // The memory goal is one process's: the single server's after its load.
      if (workers === 1) memory = m;
    } finally {
      await served.stop();
    }
  }
  const loadResult = loads.reduce<LoadResult | undefined>(
    (best, l) => (!best || l.result.requestsPerSecond > best.requestsPerSecond ? l.result : best),
    undefined,
  );
  const bestWorkers = loads.find((l) => l.result === loadResult)?.workers ?? 1;

  // Tables.
  const mismatched = results.filter((r) => r.httpTotal !== undefined && r.httpTotal !== r.total);
  const worst = (pick: (r: CaseResult) => number) =>
    results.reduce((a, b) => (pick(b) > pick(a) ? b : a), results[0]!);
  const worstService = worst((r) => r.service.p95);
  const worstHttp = worst((r) => r.http!.p95);
  const goalP95 = GOALS.p95[engine];
  const over = results.filter((r) => r.http!.p95 > goalP95);
  const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
  const startMedian = stats(startTimes).p50;

  const goals = table(
    ['figure', 'measured', 'goal', 'met'],
    [
      [
        'list p95, slowest case, HTTP',
        `${ms(worstHttp.http!.p95)} ms (${worstHttp.c.who}: ${worstHttp.c.name})`,
        `≤ ${goalP95} ms`,
        yes(worstHttp.http!.p95 <= goalP95),
      ],
      [
        'list p95, slowest case, service',
        `${ms(worstService.service.p95)} ms (${worstService.c.who}: ${worstService.c.name})`,
        `≤ ${goalP95} ms`,
        yes(worstService.service.p95 <= goalP95),
      ],
      ['cases over the goal (HTTP p95)', `${over.length} of ${results.length}`, '0', yes(over.length === 0)],
      ...(loadResult
        ? [
            [
              `mixed reads, ${connections} connections, ${duration} s, best of ${loads.map((l) => l.workers).join(' / ')} processes (${bestWorkers})`,
              `${loadResult.requestsPerSecond.toFixed(0)} req/s`,
              `≥ ${GOALS.rps} req/s`,
              yes(loadResult.requestsPerSecond >= GOALS.rps),
            ],
            [
              'errors (timeouts included) + non-2xx',
              String(loadResult.errors + loadResult.non2xx),
              '0',
              yes(loadResult.errors + loadResult.non2xx === 0),
            ],
          ]
        : []),
      [
        'server RSS after the runs',
        `${memory.rssMiB.toFixed(0)} MiB (peak ${memory.peakMiB.toFixed(0)})`,
        `≤ ${GOALS.rssMiB} MB`,
        yes(memory.peakMiB <= GOALS.rssMiB),
      ],
      [
        `start on existing data (median of ${starts})`,
        `${startMedian.toFixed(0)} ms`,
        `≤ ${GOALS.startMs} ms`,
        yes(startMedian <= GOALS.startMs),
      ],
    ],
  );
  const perCase = table(
    ['who', 'case', 'total', 'svc p50', 'svc p95', 'svc p99', 'http p50', 'http p95', 'http p99'],
    results.map((r) => [
      r.c.who,
      r.c.name,
      r.total.toLocaleString('en'),
      ms(r.service.p50),
      ms(r.service.p95),
      ms(r.service.p99),
      ms(r.http!.p50),
      ms(r.http!.p95) + (r.http!.p95 > goalP95 ? ' ⚠' : ''),
      ms(r.http!.p99),
    ]),
  );
  const single = loads.find((l) => l.workers === 1)?.result.requestsPerSecond;
  const loadTable = loads.length
    ? table(
        [
          'processes',
          'vs 1',
          'connections',
          'duration',
          'requests',
          'req/s',
          'p50',
          'p90',
          'p99',
          'max',
          'errors',
          'timeouts',
          'non-2xx',
          'RSS, all processes',
          'load avg 1/5/15',
        ],
        loads.map(({ workers, result: r, at, rssMiB }) => [
          workers,
          single ? `${(r.requestsPerSecond / single).toFixed(2)}×` : '',
          connections,
          `${r.durationSeconds.toFixed(0)} s`,
          r.requests.toLocaleString('en'),
          r.requestsPerSecond.toFixed(0),
          `${r.latencyMs.p50} ms`,
          `${r.latencyMs.p90} ms`,
          `${r.latencyMs.p99} ms`,
          `${r.latencyMs.max} ms`,
          r.errors,
          r.timeouts,
          r.non2xx,
          `${rssMiB.toFixed(0)} MiB`,
          at,
        ]),
      )
    : '_load not run (--no-load)_';
  const body = `
Goals (issue 7). "HTTP": GET /api/orders/listorders against the built server, one
keep-alive connection, request sent → last byte read (validation, token check, query,
JSON). "service": listPage() called in the bench process. ${samples} samples per case after
one warm-up; p95/p99 are nearest-rank over those samples. Load average at the service run
${loadAtService}, at the HTTP run ${loadAtHttp} (2 cores shared: figures under load are
pessimistic).

${goals}
${mismatched.length ? `\n**Totals differ between service and HTTP for:** ${mismatched.map((r) => r.c.name).join(', ')}\n` : ''}
### Paged order list, per case (ms)

${perCase}

### Mixed read load (autocannon, a second process)

Each request picks one of the mix at random: list pages (the cases above, some on pages
1–5; half of the mix), order details by id, dashboard, yearly sales, categories and items
lists, as BlueTikAdmin and as the store's WebAdmin (tokens from one sign-in each). One
run per process count: \`WORKERS=N\` (node:cluster, one port, one database), each started
afresh; the load generator shares the machine's 2 cores with them.

${loadTable}

### Memory and start

${table(
  ['figure', 'value'],
  [
    ['VmRSS after the HTTP runs (and the one-process load)', `${memory.rssMiB.toFixed(0)} MiB`],
    ['VmHWM (peak RSS) over the run', `${memory.peakMiB.toFixed(0)} MiB`],
    [`start → /api/health (${starts} starts)`, startTimes.map((t) => `${t.toFixed(0)} ms`).join(', ')],
    ['start, median', `${startMedian.toFixed(0)} ms`],
    [
      'CPU time (user + system) until ready, median (what load on the machine does not inflate)',
      `${stats(startCpu).p50.toFixed(0)} ms`,
    ],
  ],
)}
`;
  const title = `API at ${orders.toLocaleString('en')} orders: ${label}`;
  console.log(`\n## ${title}\n${body}`);
  if (!args['no-write'] && !args.only)
    writeResults(`api-${engine}`, title, body, { engine: label, orders: orders.toLocaleString('en') });
  return true;
}

ensureBuild({ app: false });
let ran = 0;
for (const engine of engines as ('sqlite' | 'postgres')[]) if (await benchEngine(engine)) ran++;
if (ran === 0) {
  log('nothing measured: see the messages above');
  process.exitCode = 1;
}
