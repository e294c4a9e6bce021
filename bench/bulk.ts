/*
 * Bulk status at scale (issue 15 item 2), not in CI:
 *
 *   npm run bench:bulk [-- --engines sqlite,postgres] [--samples 5] [--port 3135]
 *                      [--db bench/data/bench.db] [--pg-url postgres://…] [--no-write]
 *                      [--entry path/to/another/build/index.js]
 *
 * Data: the bench databases (`npm run bench:seed -- --orders 1000000`). As BlueTikAdmin over
 * HTTP against the built server, 1,000 orders (the newest of one store) change status the
 * way the screen sends them: five bulkupdate calls of 200 ids, one after another. Each sample
 * flips them between Processing and On the Way, so every order really changes (its own
 * transaction, lock and audit row). Goal (the issue): 1,000 orders p95 ≤ 2 s. Writes section
 * `bulk-<engine>` of bench/RESULTS.md. It changes the bench database's orders (statuses and
 * audit rows), as the screen would. Then the invoice numbers' cost (issue 28): 100 older
 * orders made Delivered one call each (each issues its number), and again once numbered;
 * goal: ≤ 5 ms p95 added. Each run numbers orders of its own (they stay Processing).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { BULK_BATCH_MAX } from '../contract/order-bulk';
import { migrateToLatest } from '../server/db/migrate';
import { DEMO_ACCOUNTS } from '../server/db/seed';
import { ensureBuild } from './harness/build';
import { table, writeResults } from './harness/results';
import { SERVER_ENTRY, startServer } from './harness/server';
import { signInApi } from './harness/session';
import { BENCH_DB_OPTIONS, loadAverage, openBench, stats } from './lib/api-measure';
import { demoStoreId } from './lib/order-cases';

const { values: args } = parseArgs({
  options: {
    ...BENCH_DB_OPTIONS,
    samples: { type: 'string', default: '5' },
    // Another build of the server (e.g. the one before a change), to compare in one run.
    entry: { type: 'string', default: SERVER_ENTRY },
    port: { type: 'string', default: '3135' },
    'no-write': { type: 'boolean', default: false },
  },
});
const samples = Number(args.samples);
const ORDERS = 1_000;
const GOAL_MS = 2_000;
/** Orders made Delivered one call each to time their invoice numbers. */
const NUMBERED = 100;
const NUMBER_GOAL_MS = 5;

async function benchEngine(engine: 'sqlite' | 'postgres') {
  const label = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const opened = await openBench(engine, { db: args.db, pgUrl: args['pg-url'] });
  if (typeof opened === 'string') return console.log(`[bench:bulk] ${label}: skipped: ${opened}`);
  const k = opened.db.kysely;
  const store = await demoStoreId(k);
  const ids = (
    await k
      .selectFrom('orders')
      .select('id')
      .where('store_user_id', '=', store)
      .orderBy('id', 'desc')
      .limit(ORDERS)
      .execute()
  ).map((r) => r.id);
  // The invoice numbers' cost (issue 28): orders older than those, not yet Delivered nor
  // numbered (each run numbers its own), each made Delivered twice, one call an order.
  await migrateToLatest(opened.db);
  const toDeliver = (
    await k
      .selectFrom('orders')
      .select('id')
      .where('store_user_id', '=', store)
      .where('id', '<', Math.min(...ids))
      .where('status', 'in', [0, 1, 2])
      .where('invoice_number', 'is', null)
      .orderBy('id', 'desc')
      .limit(NUMBERED)
      .execute()
  ).map((r) => r.id);
  await k.destroy();
  const server = await startServer({
    port: Number(args.port),
    entry: args.entry,
    env: { ...opened.serverEnv, TOKEN_SECRET: randomBytes(32).toString('base64url') },
  });
  const at = loadAverage();
  const totals: number[] = [];
  const calls: number[] = [];
  const issuing: number[] = [];
  const numbered: number[] = [];
  let changed = 0;
  try {
    const { headers } = await signInApi(
      server.origin,
      'BlueTikAdmin',
      DEMO_ACCOUNTS.BlueTikAdmin.mobile,
      DEMO_ACCOUNTS.BlueTikAdmin.password,
    );
    for (let s = 0; s <= samples; s++) {
      const status = s % 2 === 0 ? 1 : 2;
      const t0 = performance.now();
      for (let i = 0; i < ids.length; i += BULK_BATCH_MAX) {
        const c0 = performance.now();
        const res = await fetch(`${server.origin}/api/orders/bulkupdate`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ ids: ids.slice(i, i + BULK_BATCH_MAX), status }),
        });
        const body = (await res.json()) as { result: { results: { outcome: string }[] } };
        if (res.status !== 200) throw new Error(`bulkupdate answered ${res.status}: ${JSON.stringify(body)}`);
        if (s > 0) {
          calls.push(performance.now() - c0);
          changed += body.result.results.filter((r) => r.outcome === 'changed').length;
        }
      }
      // The first round brings every order to a known status: a warm-up, not timed.
      if (s > 0) totals.push(performance.now() - t0);
    }
    const send = async (ids: number[], status: number) => {
      const c0 = performance.now();
      const res = await fetch(`${server.origin}/api/orders/bulkupdate`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ids, status }),
      });
      if (res.status !== 200) throw new Error(`bulkupdate answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - c0;
    };
    // Delivered issuing the number, then (back to Processing, untimed) Delivered again: the
    // same orders and change, the number already there.
    await send(toDeliver, 1);
    for (const id of toDeliver) issuing.push(await send([id], 3));
    await send(toDeliver, 1);
    for (const id of toDeliver) numbered.push(await send([id], 3));
    await send(toDeliver, 1);
  } finally {
    await server.stop();
  }
  const whole = stats(totals);
  const call = stats(calls);
  const ms = (n: number) => n.toFixed(0);
  const rows = [
    [
      `${ORDERS.toLocaleString('en-IN')} orders (5 calls of 200)`,
      ms(whole.p50),
      `${ms(whole.p95)}${whole.p95 > GOAL_MS ? ' ⚠' : ''}`,
    ],
    ['one call of 200 orders', ms(call.p50), ms(call.p95)],
  ];
  const [first, again] = [stats(issuing), stats(numbered)];
  const ms1 = (n: number) => n.toFixed(1);
  const added = first.p95 - again.p95;
  const numbering = [
    ['one order → Delivered, its invoice number issued', ms1(first.p50), ms1(first.p95)],
    ['the same orders → Delivered again, numbered already', ms1(again.p50), ms1(again.p95)],
    [
      'added by issuing the number',
      ms1(first.p50 - again.p50),
      `${ms1(added)}${added > NUMBER_GOAL_MS ? ' ⚠' : ''}`,
    ],
  ];
  const body = `
POST /api/orders/bulkupdate as BlueTikAdmin over HTTP against the built server: the newest
${ORDERS.toLocaleString('en-IN')} orders of one store, status flipped between Processing and On the Way
${samples} times after one untimed round (${changed.toLocaleString('en-IN')} orders changed, each in its own transaction with
its audit row). Goal: ${ORDERS.toLocaleString('en-IN')} orders p95 ≤ ${GOAL_MS} ms; ⚠ marks a figure over it. Load
average at the start ${at}, at the end ${loadAverage()} (2 cores).

${table(['what', 'p50 (ms)', 'p95 (ms)'], rows)}

Invoice numbers (issue 28, DECISIONS §9): ${toDeliver.length} older orders of the store, one
bulkupdate call an order, made Delivered (each issued its number from the store's counter),
then back to Processing and Delivered again (numbered already: nothing issued). Goal: the
number adds ≤ ${NUMBER_GOAL_MS} ms p95 to a status change.

${table(['what', 'p50 (ms)', 'p95 (ms)'], numbering)}
`;
  const title = `Bulk status at scale: ${label}`;
  console.log(`\n## ${title}\n${body}`);
  if (!args['no-write']) writeResults(`bulk-${engine}`, title, body, { engine: label });
}

if (!Number.isInteger(samples) || samples < 1) throw new Error('--samples must be a positive integer');
ensureBuild({ app: false });
for (const e of args.engines.split(',').map((s) => s.trim()))
  if (e === 'sqlite' || e === 'postgres') await benchEngine(e);
  else throw new Error(`--engines: unknown engine "${e}"`);
