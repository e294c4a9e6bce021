/*
 * Deep pages and the first search after a start (issue 24, item 7), not in CI:
 *
 *   npm run bench:deep -- --before /tmp/base/dist/server/index.js --before-migration 0010-versions
 *       [--engines sqlite,postgres]
 *       [--samples 30] [--starts 1] [--port 3131] [--db bench/data/bench.db] [--pg-url postgres://…]
 *       [--section quiet]   (without --before: this build alone, into deep-<engine>-quiet)
 *
 * Data: the bench databases of bench:api (`npm run bench:seed -- --orders 1000000`, and
 * with DATABASE_URL for PostgreSQL). Each build named (`--before`, a build of an older
 * commit, then this checkout's dist/server/index.js) is started on the same database
 * and measured over HTTP, one keep-alive connection, as the screen asks:
 *
 * 1. First search after a start: the server is started afresh for each search text
 *    and, `--settle` ms after /api/health first answers (an operator does not search
 *    within a millisecond of a deploy), that search is its first list request; then it
 *    is sent again (warm). Twice: with the database file in the OS cache (the server's
 *    own start-up costs: code, statements, its page cache, connections) and, on SQLite,
 *    with the file first dropped from the OS cache (`dd iflag=nocache`, this file only:
 *    the first start after a machine boots).
 * 2. Deep pages: page 20,000 (of 25) of Delivered, the same pinned to a snapshot as the
 *    screen sends it, the middle page of Delivered (the dearest: the most rows on
 *    either side), page 20,000 of the whole list and a deep page of the largest store's
 *    Delivered; and the first page of order-number prefixes whose matches sit together
 *    in time (the oldest tenth and hundredth, a middle tenth); one warm-up, then
 *    `--samples` timed.
 *
 * Prints the before/after tables and writes section `deep-<engine>` of bench/RESULTS.md.
 * The rows of every deep page are compared between the builds (the same ids, in order).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Migrator, sql } from 'kysely';
import type { Db } from '../server/db/database';
import { migrationProvider } from '../server/db/migrations/index';
import { DEMO_ACCOUNTS } from '../server/db/seed';
import { closeClient, request } from './harness/http-client';
import { ensureBuild } from './harness/build';
import { table, writeResults } from './harness/results';
import { SERVER_ENTRY, startServer } from './harness/server';
import { signInApi } from './harness/session';
import { BENCH_DB_OPTIONS, loadAverage, openBench, stats } from './lib/api-measure';
import { demoStoreId } from './lib/order-cases';

const { values: args } = parseArgs({
  options: {
    ...BENCH_DB_OPTIONS,
    before: { type: 'string' },
    // The last migration the --before build knows: the database is taken back to it first
    // (a build refuses a database that ran migrations it lacks); the after build's own
    // start applies the rest.
    'before-migration': { type: 'string' },
    samples: { type: 'string', default: '30' },
    // Fresh starts per search text; the table shows the median (one start is one sample).
    starts: { type: 'string', default: '1' },
    settle: { type: 'string', default: '1500' },
    port: { type: 'string', default: '3131' },
    'no-write': { type: 'boolean', default: false },
    // A section of its own (deep-<engine>-<section>), so a run of one build keeps the
    // before/after section beside it.
    section: { type: 'string' },
  },
});
const samples = Number(args.samples);
const starts = Number(args.starts);
const port = Number(args.port);
const settle = Number(args.settle);
const log = (msg: string) => console.log(`[bench:deep] ${msg}`);
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const load = loadAverage;

/** The list goals of issue 7 (bench/RESULTS.md, API sections): HTTP p95 per list call. */
const GOAL = { sqlite: 10, postgres: 25 };

interface Build {
  label: string;
  entry: string;
}
interface Figures {
  cold: { name: string; first: number; second: number; evicted?: number }[];
  deep: { name: string; p50: number; p95: number; ids: string }[];
}

/** Drops a file's pages from the OS cache (posix_fadvise DONTNEED through dd): that file only. */
const evict = (file: string) =>
  execFileSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none'], { stdio: 'ignore' });

async function measure(
  build: Build,
  env: Record<string, string>,
  searches: [string, string][],
  deep: [string, string][],
  dbFile: string | undefined,
): Promise<Figures> {
  const out: Figures = { cold: [], deep: [] };
  const start = () => startServer({ port, env, entry: build.entry });
  // One sign-in, before the timed starts: sessions live in the database, so the token
  // stays good across restarts (TOKEN_SECRET is the same for every start).
  let server = await start();
  const { token } = await signInApi(
    server.origin,
    'BlueTikAdmin',
    DEMO_ACCOUNTS.BlueTikAdmin.mobile,
    DEMO_ACCOUNTS.BlueTikAdmin.password,
  );
  await server.stop();
  const headers = { Authorization: `Bearer ${token}` };
  const get = async (qs: string) => {
    const res = await request(server.origin, `/api/orders/listorders?${qs}`, { headers });
    if (res.status !== 200) throw new Error(`${qs} answered ${res.status}: ${res.body}`);
    return res;
  };
  const firstSearch = async (qs: string, dropCache: boolean) => {
    if (dropCache) evict(dbFile!);
    server = await start();
    try {
      await new Promise((r) => setTimeout(r, settle));
      const first = await get(qs);
      const second = await get(qs);
      return { first: first.ms, second: second.ms };
    } finally {
      closeClient();
      await server.stop();
    }
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  for (const [name, qs] of searches) {
    const warm: { first: number; second: number }[] = [];
    const evicted: number[] = [];
    for (let i = 0; i < starts; i++) {
      warm.push(await firstSearch(qs, false));
      if (dbFile) evicted.push((await firstSearch(qs, true)).first);
    }
    out.cold.push({
      name,
      first: median(warm.map((w) => w.first)),
      second: median(warm.map((w) => w.second)),
      evicted: dbFile ? median(evicted) : undefined,
    });
  }
  server = await start();
  try {
    for (const [name, qs] of deep) {
      const times: number[] = [];
      let ids = '';
      for (let i = 0; i <= samples; i++) {
        const res = await get(qs);
        if (i === 0) {
          const page = JSON.parse(res.body) as { result: { rows: { id: number }[]; total: number } };
          ids = `${page.result.total}:${page.result.rows.map((r) => r.id).join(',')}`;
        } else times.push(res.ms);
      }
      const s = stats(times);
      out.deep.push({ name, p50: s.p50, p95: s.p95, ids });
    }
  } finally {
    closeClient();
    await server.stop();
  }
  return out;
}

/** Takes the database back (or forward) to migration `name`. */
async function migrateTo(db: Db, name: string) {
  const schema =
    db.dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db.kysely)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({
    db: db.kysely,
    provider: migrationProvider(db.dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateTo(name);
  if (error) throw error;
  for (const r of results ?? []) log(`${r.direction === 'Down' ? 'undid' : 'applied'} ${r.migrationName}`);
}

async function benchEngine(engine: 'sqlite' | 'postgres'): Promise<boolean> {
  const label = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const opened = await openBench(engine, { db: args.db, pgUrl: args['pg-url'] });
  if (typeof opened === 'string') {
    log(`${label}: skipped: ${opened}`);
    return false;
  }
  const k = opened.db.kysely;
  const store = await demoStoreId(k);
  const latest = await k
    .selectFrom('orders')
    .select(['id', 'order_number', 'customer_phone'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  // Order numbers follow the dates: a prefix's matches sit together in time, at the far end
  // of the walk from the newest (the oldest tenth, hundredth) or in the middle.
  const numberOf = async (id: number) =>
    (
      await k
        .selectFrom('orders')
        .select('order_number')
        .where('id', '>=', id)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).order_number;
  const [oldest, middle] = [await numberOf(0), await numberOf(Math.floor(latest.id / 2))];
  const count = async (status: number, storeId?: number) => {
    let q = k
      .selectFrom('order_counts')
      .select((eb) => eb.fn.sum<number>('n').as('n'))
      .where('month', '=', '')
      .where('status', '=', status);
    if (storeId !== undefined) q = q.where('store_user_id', '=', storeId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  if (args.before && args['before-migration']) await migrateTo(opened.db, args['before-migration']);
  const delivered = await count(3);
  const storeDelivered = await count(3, store);
  await k.destroy();
  const pageOf = (n: number) => Math.max(1, Math.ceil(n / 25));
  const searches: [string, string][] = [
    ['name "Anil"', 'q=Anil'],
    ['surname "reddy"', 'q=reddy'],
    ['order number prefix', `q=${latest.order_number.slice(0, -2)}`],
    ['phone', `q=${latest.customer_phone}`],
    ['"Anil" + Delivered', 'q=Anil&status=3'],
  ];
  const deep: [string, string][] = [
    ['page 20,000 of Delivered', 'page=20000&status=3'],
    ['page 20,000 of Delivered, pinned (upto)', `page=20000&status=3&upto=${latest.id}`],
    [`middle page of Delivered (${pageOf(delivered / 2)})`, `page=${pageOf(delivered / 2)}&status=3`],
    ['page 20,000 of every order', 'page=20000'],
    ['page 20,000 oldest first', 'page=20000&sort=createdDate&order=asc'],
    [
      `largest store, middle page of Delivered (${pageOf(storeDelivered / 2)})`,
      `page=${pageOf(storeDelivered / 2)}&status=3&store=${store}`,
    ],
    [`order number prefix, the oldest tenth ("${oldest.slice(0, -5)}")`, `q=${oldest.slice(0, -5)}`],
    [`order number prefix, the oldest hundredth ("${oldest.slice(0, -4)}")`, `q=${oldest.slice(0, -4)}`],
    [`order number prefix, a middle tenth ("${middle.slice(0, -5)}")`, `q=${middle.slice(0, -5)}`],
  ];
  const dbFile = engine === 'sqlite' ? realpathSync(join(opened.serverEnv.DATA_DIR!, 'app.db')) : undefined;
  const env = { ...opened.serverEnv, TOKEN_SECRET: randomBytes(32).toString('base64url') };
  const builds: Build[] = [
    ...(args.before ? [{ label: 'before', entry: args.before }] : []),
    { label: args.before ? 'after' : 'this build', entry: SERVER_ENTRY },
  ];
  const at = load();
  const figures: Figures[] = [];
  for (const b of builds) {
    log(`${label}: ${b.label} (${b.entry})…`);
    figures.push(await measure(b, env, searches, deep, dbFile));
  }
  const goal = GOAL[engine];
  const cell = (n: number) => `${ms(n)}${n > goal ? ' ⚠' : ''}`;
  const coldTable = table(
    [
      'first list request after a start',
      ...builds.flatMap((b) => [
        `${b.label}: first`,
        `${b.label}: again`,
        ...(dbFile ? [`${b.label}: first, file not in OS cache`] : []),
      ]),
    ],
    searches.map(([name], i) => [
      name,
      ...figures.flatMap((f) => {
        const c = f.cold[i]!;
        return [cell(c.first), ms(c.second), ...(c.evicted === undefined ? [] : [cell(c.evicted)])];
      }),
    ]),
  );
  const deepTable = table(
    ['page', ...builds.flatMap((b) => [`${b.label}: p50`, `${b.label}: p95`])],
    deep.map(([name], i) => [name, ...figures.flatMap((f) => [ms(f.deep[i]!.p50), cell(f.deep[i]!.p95)])]),
  );
  const differ = deep.filter((_, i) => figures.some((f) => f.deep[i]!.ids !== figures[0]!.deep[i]!.ids));
  const body = `
GET /api/orders/listorders as BlueTikAdmin over HTTP against the built server, one
keep-alive connection (request sent → last byte). Goal (issue 7's list goal): ≤ ${goal} ms;
⚠ marks a figure over it. ${delivered.toLocaleString('en')} Delivered orders, 25 a page.
Load average at the start ${at}, at the end ${load()} (2 cores).

### First search after a start (ms; each search on a freshly started server, sent ${settle} ms after it answers${starts > 1 ? `; the median of ${starts} starts` : ''})

${coldTable}

### Deep pages and order-number prefixes (ms; ${samples} samples after one warm-up)

${deepTable}

${
  builds.length > 1
    ? differ.length
      ? `**Rows differ between the builds for:** ${differ.map(([n]) => n).join(', ')}`
      : 'Every deep page answered the same total and the same ids in the same order in both builds.'
    : ''
}
`;
  const title = `Deep pages and the first search after a start: ${label}`;
  console.log(`\n## ${title}\n${body}`);
  if (!args['no-write'])
    writeResults(`deep-${engine}${args.section ? `-${args.section}` : ''}`, title, body, { engine: label });
  return differ.length === 0;
}

if (!Number.isInteger(samples) || samples < 1) throw new Error('--samples must be a positive integer');
if (!Number.isInteger(starts) || starts < 1) throw new Error('--starts must be a positive integer');
if (!Number.isInteger(settle) || settle < 0) throw new Error('--settle must be a whole number of ms');
ensureBuild({ app: false });
let ok = true;
for (const e of args.engines.split(',').map((s) => s.trim()))
  if (e === 'sqlite' || e === 'postgres') ok = (await benchEngine(e)) && ok;
  else throw new Error(`--engines: unknown engine "${e}"`);
if (!ok) process.exitCode = 1;
