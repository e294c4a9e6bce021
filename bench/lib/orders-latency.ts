/*
 * The paged order list at bench scale, through the real service function (listPage, as
 * the route calls it after validating the query with OrderListQuerySchema):
 *
 *   tsx bench/lib/orders-latency.ts [--db bench/data/bench.db] [--runs 5] [--only text]
 *   DATABASE_URL=postgres://… tsx bench/lib/orders-latency.ts   (PostgreSQL instead)
 *
 * Each case runs once to warm up, then `--runs` times; prints the median and the worst
 * in milliseconds, and the total the page reported. BlueTikAdmin sees every store; the
 * store user is the demo WebAdmin (the largest store).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/database';
import { listPage } from '../../server/routes/orders/orders.service';
import { orderCases } from './order-cases';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'bench/data/bench.db' },
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
  },
});
const runs = Number(args.runs);
const db = process.env.DATABASE_URL
  ? openDatabase({ dialect: 'postgres', url: process.env.DATABASE_URL })
  : openDatabase({ dialect: 'sqlite', path: resolve(args.db) });
const k = db.kysely;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `${'case'.padEnd(48)} ${'median'.padStart(8)} ${'max'.padStart(8)} ${'total'.padStart(10)}  (ms, ${runs} runs)`,
);

const all: number[] = [];
for (const c of await orderCases(k)) {
  const label = `${c.who}: ${c.name}`;
  if (args.only && !label.includes(args.only)) continue;
  let total = 0;
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const t = performance.now();
    const res = await listPage(k, c.q, c.store, c.orderNamed);
    if (i > 0) times.push(performance.now() - t);
    total = res.total;
  }
  all.push(...times);
  console.log(
    label.padEnd(48),
    median(times).toFixed(1).padStart(8),
    Math.max(...times)
      .toFixed(1)
      .padStart(8),
    total.toLocaleString('en').padStart(10),
  );
}
const sorted = [...all].sort((a, b) => a - b);
console.log(
  `\nall calls: ${all.length}, p50 ${sorted[Math.floor(sorted.length * 0.5)]!.toFixed(1)} ms, ` +
    `p95 ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
);
await k.destroy();
