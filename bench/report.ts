/*
 * The day-end report at scale (issue 28 item 4), not in CI:
 *
 *   npm run bench:report [-- --engines sqlite,postgres] [--samples 30] [--db …] [--pg-url …] [--no-write]
 *
 * Data: the bench databases of bench:api. The report (server/routes/orders/day-report.ts)
 * called in this process, every store and the largest store: the newest India day of the
 * data, a day three months back, and the 31 days ending on the newest day; one warm-up,
 * then `--samples` timed. Goals (the issue): a day p95 ≤ 50 ms on SQLite, ≤ 100 ms on
 * PostgreSQL; 31 days ≤ 200 ms / ≤ 400 ms. Writes section `report-<engine>` of RESULTS.md.
 */
import { parseArgs } from 'node:util';
import { addDays, indiaDay } from '#contract/reports';
import { dayReport } from '../server/routes/orders/day-report';
import { table, writeResults } from './harness/results';
import { BENCH_DB_OPTIONS, loadAverage, openBench, stats } from './lib/api-measure';
import { demoStoreId } from './lib/order-cases';

const { values: args } = parseArgs({
  options: {
    ...BENCH_DB_OPTIONS,
    samples: { type: 'string', default: '30' },
    'no-write': { type: 'boolean', default: false },
  },
});
const samples = Number(args.samples);
const GOAL = { sqlite: { day: 50, range: 200 }, postgres: { day: 100, range: 400 } } as const;

for (const engine of args.engines.split(',').map((s) => s.trim()) as ('sqlite' | 'postgres')[]) {
  const opened = await openBench(engine, { db: args.db, pgUrl: args['pg-url'] });
  if (typeof opened === 'string') {
    console.log(`[bench:report] ${engine}: ${opened}`);
    continue;
  }
  const k = opened.db.kysely;
  const newest = await k
    .selectFrom('orders')
    .select('created_at')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const last = indiaDay(Date.parse(newest.created_at));
  const store = await demoStoreId(k);
  const at = loadAverage();
  const rows: (string | number)[][] = [];
  for (const [who, scope] of [
    ['every store', null],
    ['the largest store', store],
  ] as const)
    for (const [name, from, to, goal] of [
      ['newest day', last, last, GOAL[engine].day],
      ['a day three months back', addDays(last, -91), addDays(last, -91), GOAL[engine].day],
      ['31 days', addDays(last, -30), last, GOAL[engine].range],
    ] as const) {
      const run = () => dayReport(k, { from, to }, scope, Date.now());
      const first = await run();
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t = performance.now();
        await run();
        times.push(performance.now() - t);
      }
      const s = stats(times);
      rows.push([
        who,
        name,
        first.current.orders.toLocaleString('en-IN'),
        s.p50.toFixed(1),
        `${s.p95.toFixed(1)}${s.p95 > goal ? ' ⚠' : ''}`,
        goal,
      ]);
    }
  await k.destroy();
  const label = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const body = `
The day-end report (getdayreport's service, in this process) on the bench data, ${samples}
samples after one warm-up each: the three periods' figures, cancellations, item-wise sales
and orders per hour. ⚠ marks a p95 over its goal. Load average at the start ${at}, at the
end ${loadAverage()} (2 cores).

${table(['scope', 'period', 'orders', 'p50 (ms)', 'p95 (ms)', 'goal (ms)'], rows)}
`;
  console.log(`\n${label}\n${body}`);
  if (!args['no-write'])
    writeResults(`report-${engine}`, `Day-end report at scale: ${label}`, body, { engine: label });
}
