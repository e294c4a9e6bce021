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
 *    categories and items lists) from a second process (autocannon, bench/lib/api-load.ts).
 * 5. Memory: the server's VmRSS (and peak VmHWM) after the runs.
 * Each engine's tables replace its own section of bench/RESULTS.md and are printed.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { DEMO_ACCOUNTS } from '../server/db/seed';
import { listPage } from '../server/routes/orders/orders.service';
import type { LoadPlan, LoadResult } from './lib/api-load';
import { prng } from './lib/generate';
import { closeClient, request } from './harness/http-client';
import { signInApi } from './harness/session';
import { orderCases, type OrderCase } from './lib/order-cases';
import { table, writeResults } from './harness/results';
import { ROOT, SERVER_ENTRY, startServer, type ServerHandle } from './harness/server';

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    db: { type: 'string', default: 'bench/data/bench.db' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench',
    },
    samples: { type: 'string', default: '50' },
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    starts: { type: 'string', default: '5' },
    port: { type: 'string', default: '3130' },
    only: { type: 'string' },
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
const engines = args.engines.split(',').map((e) => e.trim());
for (const e of engines)
  if (e !== 'sqlite' && e !== 'postgres') throw new Error(`--engines: unknown engine "${e}"`);

/** The goals of issue 7 this bench measures. */
const GOALS = { p95: { sqlite: 10, postgres: 25 }, rps: 2000, rssMiB: 300, startMs: 1000 };

// ---------------------------------------------------------------------------------

const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: pct(s, 0.5), p95: pct(s, 0.95), p99: pct(s, 0.99), max: s.at(-1)! };
};
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const log = (msg: string) => console.log(`[bench:api] ${msg}`);

function ensureBuilt() {
  if (existsSync(SERVER_ENTRY)) {
    const built = statSync(SERVER_ENTRY).mtimeMs;
    const newest = (dir: string): number =>
      Math.max(
        0,
        ...readdirSync(dir, { withFileTypes: true }).map((d) =>
          d.isDirectory() ? newest(join(dir, d.name)) : statSync(join(dir, d.name)).mtimeMs,
        ),
      );
    if (newest(resolve(ROOT, 'server')) > built || newest(resolve(ROOT, 'contract')) > built)
      log('warning: dist/server/index.js is older than server/ or contract/: run `npm run build:server`');
    return;
  }
  log('dist/server/index.js is missing: running `npm run build`');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

interface CaseResult {
  c: OrderCase;
  total: number;
  service: ReturnType<typeof stats>;
  http?: ReturnType<typeof stats>;
  httpTotal?: number;
}

/** Service level: listPage() in this process. */
async function serviceLevel(db: Db, cases: OrderCase[]): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  for (const c of cases) {
    let total = 0;
    const times: number[] = [];
    for (let i = 0; i <= samples; i++) {
      const t = performance.now();
      const res = await listPage(db.kysely, c.q, c.store, c.orderNamed);
      if (i > 0) times.push(performance.now() - t);
      total = res.total;
    }
    out.push({ c, total, service: stats(times) });
  }
  return out;
}

const listPath = (c: OrderCase) => `/api/orders/listorders?${c.qs}`;

/** HTTP level: the same cases against the built server, one keep-alive connection. */
async function httpLevel(server: ServerHandle, results: CaseResult[], tokens: Record<string, string>) {
  for (const r of results) {
    const headers = { Authorization: `Bearer ${tokens[r.c.who]}` };
    const times: number[] = [];
    for (let i = 0; i <= samples; i++) {
      const res = await request(server.origin, listPath(r.c), { headers });
      if (res.status !== 200) throw new Error(`${listPath(r.c)} answered ${res.status}: ${res.body}`);
      if (i > 0) times.push(res.ms);
      else r.httpTotal = (JSON.parse(res.body) as { result: { total: number } }).result.total;
    }
    r.http = stats(times);
  }
}

/** The mixed reads of the load: list pages (half), order details, dashboard, sales, catalog lists. */
function loadMix(
  cases: OrderCase[],
  tokens: Record<string, string>,
  ids: Record<string, number[]>,
): LoadPlan['mix'] {
  const rnd = prng(7);
  const mix: LoadPlan['mix'] = [];
  const year = new Date().getUTCFullYear();
  for (const who of ['admin', 'store'] as const) {
    const headers = { Authorization: `Bearer ${tokens[who]}` };
    const add = (path: string, times = 1) => {
      for (let i = 0; i < times; i++) mix.push({ path, headers });
    };
    for (const c of cases.filter((x) => x.who === who)) {
      const page = c.qs.includes('page=') ? '' : `&page=${rnd.int(1, 5)}`;
      add(`${listPath(c)}${page}`);
      add(listPath(c));
    }
    const n = mix.length;
    for (let i = 0; i < n / 4; i++) add(`/api/orders/getorderbyid/${rnd.pick(ids[who]!)}`);
    add('/api/orders/getdashboardorder', Math.round(n / 16));
    add(`/api/orders/getyearlysales?year=${year}`, Math.round(n / 32));
    add('/api/categories/listcategories?page=1&pageSize=50', Math.round(n / 32));
    add('/api/items/listitems?page=1&pageSize=50', Math.round(n / 32));
    add('/api/items/listitems?page=2&pageSize=20&sort=name&order=desc', Math.round(n / 32));
  }
  return mix;
}

async function runLoad(server: ServerHandle, mix: LoadPlan['mix']): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const planFile = join(dir, 'plan.json');
  const plan: LoadPlan = {
    origin: server.origin,
    connections,
    durationSeconds: duration,
    mix,
    seed: 11,
  };
  writeFileSync(planFile, JSON.stringify(plan));
  try {
    const out = await new Promise<string>((done, fail) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', resolve(import.meta.dirname, 'lib', 'api-load.ts'), planFile],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let text = '';
      child.stdout.on('data', (c: Buffer) => (text += c.toString()));
      child.on('error', fail);
      child.on('exit', (code) =>
        code === 0 ? done(text) : fail(new Error(`the load process exited with ${code}`)),
      );
    });
    return JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Opens the engine's bench database, or explains how to make it. */
async function openBench(
  engine: 'sqlite' | 'postgres',
): Promise<{ db: Db; serverEnv: Record<string, string> } | string> {
  if (engine === 'sqlite') {
    const path = resolve(args.db);
    if (!existsSync(path))
      return `${path} is missing: run \`npm run bench:seed -- --orders 1000000\` first (~30 s).`;
    // The server reads DATA_DIR/app.db: a folder of its own whose app.db is the bench db.
    const dataDir = join(dirname(path), 'api-server');
    mkdirSync(dataDir, { recursive: true });
    const link = join(dataDir, 'app.db');
    rmSync(link, { force: true });
    symlinkSync(path, link);
    return { db: openDatabase({ dialect: 'sqlite', path }), serverEnv: { DATA_DIR: dataDir } };
  }
  const url = args['pg-url'];
  const seedHint = `DATABASE_URL=${url} npm run bench:seed -- --orders 1000000 --reset`;
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    const found = await probe.query<{ n: string | null }>(`select to_regclass('orders')::text as n`);
    if (!found.rows[0]?.n) return `${url} has no orders table: run \`${seedHint}\` first.`;
  } catch (err) {
    return `cannot use ${url} (${(err as Error).message}): create the database and run \`${seedHint}\`.`;
  } finally {
    await probe.end().catch(() => undefined);
  }
  return {
    db: openDatabase({ dialect: 'postgres', url }),
    serverEnv: { DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-api-data-')) },
  };
}

async function benchEngine(engine: 'sqlite' | 'postgres'): Promise<boolean> {
  const label = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const opened = await openBench(engine);
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
  const results = await serviceLevel(db, cases);
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
  let loadResult: LoadResult | undefined;
  let loadAt = '';
  let memory: { rssMiB: number; peakMiB: number };
  const loadAtHttp = load();
  try {
    const tokens = {
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
    await httpLevel(server, results, tokens);
    closeClient();
    log(`${label}: HTTP level done (load ${load()})`);
    if (!args['no-load']) {
      loadAt = load();
      const mix = loadMix(cases, tokens, ids);
      log(`${label}: ${duration} s load, ${connections} connections, ${mix.length} distinct reads…`);
      loadResult = await runLoad(server, mix);
      loadAt += ` → ${load()}`;
    }
    memory = server.memory();
  } finally {
    await server.stop();
  }

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
              `mixed reads, ${connections} connections, ${duration} s`,
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
  const loadTable = loadResult
    ? table(
        [
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
          'load avg 1/5/15',
        ],
        [
          [
            connections,
            `${loadResult.durationSeconds.toFixed(0)} s`,
            loadResult.requests.toLocaleString('en'),
            loadResult.requestsPerSecond.toFixed(0),
            `${loadResult.latencyMs.p50} ms`,
            `${loadResult.latencyMs.p90} ms`,
            `${loadResult.latencyMs.p99} ms`,
            `${loadResult.latencyMs.max} ms`,
            loadResult.errors,
            loadResult.timeouts,
            loadResult.non2xx,
            loadAt,
          ],
        ],
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
lists, as BlueTikAdmin and as the store's WebAdmin (tokens from one sign-in each).

${loadTable}

### Memory and start

${table(
  ['figure', 'value'],
  [
    ['VmRSS after the HTTP runs and the load', `${memory.rssMiB.toFixed(0)} MiB`],
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

ensureBuilt();
let ran = 0;
for (const engine of engines as ('sqlite' | 'postgres')[]) if (await benchEngine(engine)) ran++;
if (ran === 0) {
  log('nothing measured: see the messages above');
  process.exitCode = 1;
}
