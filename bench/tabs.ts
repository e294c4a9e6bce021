/*
 * The orders list's status tabs at scale (issue 15 item 1), not in CI:
 *
 *   npm run bench:tabs [-- --engines sqlite,postgres] [--samples 30] [--port 3133]
 *                      [--db bench/data/bench.db] [--pg-url postgres://…] [--no-write]
 *
 * Data: the bench databases of bench:api (`npm run bench:seed -- --orders 1000000`, and
 * with DATABASE_URL for PostgreSQL). GET /api/orders/getstatuscounts as BlueTikAdmin over
 * HTTP against the built server, one keep-alive connection (request sent → last byte), under
 * filter mixes an operator uses; one warm-up, then `--samples` timed. Goals (the issue):
 * p95 ≤ 10 ms on SQLite, ≤ 25 ms on PostgreSQL. Each answer is checked (All = the statuses'
 * sum). Writes section `tabs-<engine>` of bench/RESULTS.md.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from '../server/db/seed';
import { closeClient, request } from './harness/http-client';
import { ensureBuild } from './harness/build';
import { table, writeResults } from './harness/results';
import { startServer } from './harness/server';
import { signInApi } from './harness/session';
import { BENCH_DB_OPTIONS, loadAverage, openBench, stats } from './lib/api-measure';
import { demoStoreId } from './lib/order-cases';

const { values: args } = parseArgs({
  options: {
    ...BENCH_DB_OPTIONS,
    samples: { type: 'string', default: '30' },
    port: { type: 'string', default: '3133' },
    'no-write': { type: 'boolean', default: false },
  },
});
const samples = Number(args.samples);
const GOAL = { sqlite: 10, postgres: 25 };
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const load = loadAverage;

async function benchEngine(engine: 'sqlite' | 'postgres') {
  const label = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const opened = await openBench(engine, { db: args.db, pgUrl: args['pg-url'] });
  if (typeof opened === 'string') return console.log(`[bench:tabs] ${label}: skipped: ${opened}`);
  const k = opened.db.kysely;
  const store = await demoStoreId(k);
  const latest = await k.selectFrom('orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  const orders = await k
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  await k.destroy();
  const mixes: [string, string][] = [
    ['no other filter (every order)', ''],
    ['payment Online, not settled', 'paymentType=Online&isSettled=No'],
    ['created in a two-month range', 'from=2025-03-15&to=2025-05-20'],
    ['one store, two-month range', `store=${store}&from=2025-03-15&to=2025-05-20`],
    ['pinned snapshot (upto), Pay on Delivery', `upto=${latest.id}&paymentType=PayOnDelivery`],
    ['search "Anil"', 'q=Anil'],
  ];
  const server = await startServer({
    port: Number(args.port),
    env: { ...opened.serverEnv, TOKEN_SECRET: randomBytes(32).toString('base64url') },
  });
  const at = load();
  const rows: (string | number)[][] = [];
  try {
    const { token } = await signInApi(
      server.origin,
      'BlueTikAdmin',
      DEMO_ACCOUNTS.BlueTikAdmin.mobile,
      DEMO_ACCOUNTS.BlueTikAdmin.password,
    );
    const headers = { Authorization: `Bearer ${token}` };
    for (const [name, qs] of mixes) {
      const times: number[] = [];
      let all = 0;
      for (let i = 0; i <= samples; i++) {
        const res = await request(server.origin, `/api/orders/getstatuscounts?${qs}`, { headers });
        if (res.status !== 200) throw new Error(`${qs} answered ${res.status}: ${res.body}`);
        const counts = (JSON.parse(res.body) as { result: { all: number; byStatus: number[] } }).result;
        if (counts.byStatus.reduce((a, n) => a + n, 0) !== counts.all)
          throw new Error(`${qs}: the statuses do not add up to All (${res.body})`);
        all = counts.all;
        if (i > 0) times.push(res.ms);
      }
      const s = stats(times);
      const cell = (n: number) => `${ms(n)}${n > GOAL[engine] ? ' ⚠' : ''}`;
      rows.push([name, all.toLocaleString('en-IN'), ms(s.p50), cell(s.p95)]);
    }
  } finally {
    closeClient();
    await server.stop();
  }
  const body = `
GET /api/orders/getstatuscounts (eight counts: All, the five statuses, Upcoming, Overdue) as
BlueTikAdmin over HTTP against the built server on ${Number(orders.n).toLocaleString('en-IN')} orders,
one keep-alive connection (request sent → last byte), ${samples} samples after one warm-up.
Goal: p95 ≤ ${GOAL[engine]} ms; ⚠ marks a figure over it. Load average at the start ${at}, at
the end ${load()} (2 cores).

${table(['other filters', 'All', 'p50 (ms)', 'p95 (ms)'], rows)}
`;
  const title = `Status tab counts at scale: ${label}`;
  console.log(`\n## ${title}\n${body}`);
  if (!args['no-write']) writeResults(`tabs-${engine}`, title, body, { engine: label });
}

if (!Number.isInteger(samples) || samples < 1) throw new Error('--samples must be a positive integer');
ensureBuild({ app: false });
for (const e of args.engines.split(',').map((s) => s.trim()))
  if (e === 'sqlite' || e === 'postgres') await benchEngine(e);
  else throw new Error(`--engines: unknown engine "${e}"`);
