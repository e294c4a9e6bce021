/*
 * The orders CSV export at scale (issue 15 item 5), not in CI:
 *
 *   npm run bench:export [-- --engines sqlite,postgres] [--port 3134]
 *                        [--db bench/data/app.db] [--pg-url postgres://…] [--no-write]
 *                        [--entry another/build/index.js] [--node-args "--max-semi-space-size=8"]
 *
 * Data: the bench databases (`npm run bench:seed -- --orders 1000000`, and with
 * DATABASE_URL for PostgreSQL). POST /api/orders/export as BlueTikAdmin over HTTP against
 * the built server, the whole list (every order up to the newest id, newest first, every
 * column), and one filtered view. Measured: first byte (request sent → first body chunk),
 * rows per second over the whole answer, and the server's resident memory before, at the
 * end and at its peak (VmHWM). Goals (the issue): ≥ 100,000 rows/s, first byte ≤ 200 ms,
 * RSS growth ≤ 50 MB. Writes section `export-<engine>` of bench/RESULTS.md.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { EXPORT_COLUMNS } from '../contract/order-export';
import { DEMO_ACCOUNTS } from '../server/db/seed';
import { ensureBuild } from './harness/build';
import { table, writeResults } from './harness/results';
import { SERVER_ENTRY, startServer } from './harness/server';
import { signInApi } from './harness/session';
import { BENCH_DB_OPTIONS, loadAverage, openBench } from './lib/api-measure';

const { values: args } = parseArgs({
  options: {
    ...BENCH_DB_OPTIONS,
    // Another build of the server (e.g. the one before a change), to compare in one run.
    entry: { type: 'string', default: SERVER_ENTRY },
    port: { type: 'string', default: '3134' },
    // Options for the server's Node (e.g. "--max-semi-space-size=8"), to compare in one run.
    'node-args': { type: 'string', default: '' },
    'no-write': { type: 'boolean', default: false },
  },
});
const GOAL = { rowsPerSecond: 100_000, firstByteMs: 200, rssGrowthMiB: 50 };

/** Streams one export; counts its lines as they arrive. */
async function measure(origin: string, headers: Record<string, string>, body: unknown) {
  const t0 = performance.now();
  const res = await fetch(`${origin}/api/orders/export`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  const reader = res.body!.getReader();
  let firstByte = 0;
  let lines = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - t0;
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  return { firstByte, rows: lines - 1, bytes, seconds };
}

async function benchEngine(engine: 'sqlite' | 'postgres') {
  const label = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const opened = await openBench(engine, { db: args.db, pgUrl: args['pg-url'] });
  if (typeof opened === 'string') return console.log(`[bench:export] ${label}: skipped: ${opened}`);
  const k = opened.db.kysely;
  const latest = await k.selectFrom('orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await k.destroy();
  const server = await startServer({
    port: Number(args.port),
    entry: args.entry,
    nodeArgs: args['node-args'].split(' ').filter(Boolean),
    env: { ...opened.serverEnv, TOKEN_SECRET: randomBytes(32).toString('base64url') },
  });
  const at = loadAverage();
  const rows: (string | number)[][] = [];
  try {
    const { headers } = await signInApi(
      server.origin,
      'BlueTikAdmin',
      DEMO_ACCOUNTS.BlueTikAdmin.mobile,
      DEMO_ACCOUNTS.BlueTikAdmin.password,
    );
    const columns = Object.keys(EXPORT_COLUMNS);
    const views: [string, unknown][] = [
      // A month first: the server's memory after a small export, to compare the large one with.
      [
        'one month, newest first',
        { filter: { upto: latest.id, from: '2025-06-01', to: '2025-06-30' }, columns },
      ],
      ['every order, newest first', { filter: { upto: latest.id }, columns }],
      [
        'Delivered, Online, sorted by name',
        { filter: { upto: latest.id, status: [3], paymentType: 'Online' }, sort: 'orderUserName', columns },
      ],
    ];
    for (const [name, body] of views) {
      const before = server.memory();
      const r = await measure(server.origin, headers, body);
      const after = server.memory();
      const rate = r.rows / r.seconds;
      rows.push([
        name,
        r.rows.toLocaleString('en-IN'),
        `${(r.bytes / 1024 / 1024).toFixed(0)} MiB`,
        `${r.firstByte.toFixed(0)}${r.firstByte > GOAL.firstByteMs ? ' ⚠' : ''}`,
        `${r.seconds.toFixed(1)}`,
        `${Math.round(rate).toLocaleString('en-IN')}${rate < GOAL.rowsPerSecond ? ' ⚠' : ''}`,
        `${before.rssMiB.toFixed(0)} → ${after.rssMiB.toFixed(0)} (peak ${after.peakMiB.toFixed(0)})${
          after.peakMiB - before.rssMiB > GOAL.rssGrowthMiB ? ' ⚠' : ''
        }`,
      ]);
    }
  } finally {
    await server.stop();
  }
  const body = `
POST /api/orders/export as BlueTikAdmin over HTTP against the built server, every column,
read to the end by one client. First byte: request sent → first body chunk. Goals: ≥
${GOAL.rowsPerSecond.toLocaleString('en-IN')} rows/s, first byte ≤ ${GOAL.firstByteMs} ms, server RSS growth ≤ ${GOAL.rssGrowthMiB} MiB
(from before the export to its peak); ⚠ marks a figure past a goal. Load average at the
start ${at}, at the end ${loadAverage()} (2 cores).

${table(['view', 'rows', 'size', 'first byte (ms)', 'total (s)', 'rows/s', 'server RSS MiB'], rows)}
`;
  const title = `Orders CSV export at scale: ${label}`;
  console.log(`\n## ${title}\n${body}`);
  if (!args['no-write']) writeResults(`export-${engine}`, title, body, { engine: label });
}

ensureBuild({ app: false });
for (const e of args.engines.split(',').map((s) => s.trim()))
  if (e === 'sqlite' || e === 'postgres') await benchEngine(e);
  else throw new Error(`--engines: unknown engine "${e}"`);
