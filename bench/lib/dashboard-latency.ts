/*
 * The dashboard calls at bench scale, through the real service functions (as the routes
 * call them): the six cards (dashboard) and the yearly sales (yearlySales), for
 * BlueTikAdmin (every store) and the demo WebAdmin (the largest store), and the orders
 * list the Upcoming card links to (listPage with upcoming=Yes), whose total must equal
 * the card's count:
 *
 *   tsx bench/lib/dashboard-latency.ts [--db bench/data/bench.db] [--runs 5] [--no-write]
 *   DATABASE_URL=postgres://… tsx bench/lib/dashboard-latency.ts   (PostgreSQL instead)
 *
 * Each call runs once to warm up, then `--runs` times; prints the median and the worst
 * in milliseconds and writes section "dashboard" of bench/RESULTS.md.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/database';
import { dashboard, listPage, yearlySales } from '../../server/routes/orders/orders.service';
import { countOrders, demoStoreId, parseListQuery } from './order-cases';
import { table, writeResults } from '../harness/results';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'bench/data/bench.db' },
    runs: { type: 'string', default: '5' },
    'no-write': { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
const pgUrl = process.env.DATABASE_URL;
const db = pgUrl
  ? openDatabase({ dialect: 'postgres', url: pgUrl })
  : openDatabase({ dialect: 'sqlite', path: resolve(args.db) });
const k = db.kysely;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const storeA = await demoStoreId(k);
const orderCount = await countOrders(k);
const now = new Date();
const year = now.getUTCFullYear();

const rows: (string | number)[][] = [];
for (const [who, scope] of [
  ['BlueTikAdmin (all stores)', null],
  ['WebAdmin (largest store)', storeA],
] as const) {
  const cases: [string, () => Promise<unknown>, (r: unknown) => string][] = [
    [
      'dashboard (six cards)',
      () => dashboard(k, scope, now.getTime()),
      (r) => {
        const d = r as Awaited<ReturnType<typeof dashboard>>;
        return `upcoming ${d.upCommingOrder}, new ${d.newOrders}, delivered ${d.deliveredOrder}`;
      },
    ],
    [
      `yearly sales ${year}`,
      () => yearlySales(k, scope, year),
      (r) => {
        const s = r as Awaited<ReturnType<typeof yearlySales>>;
        return `₹${Math.round(s.months.reduce((a, b) => a + b, 0)).toLocaleString('en-IN')}`;
      },
    ],
    [
      `yearly sales ${year - 1}`,
      () => yearlySales(k, scope, year - 1),
      (r) => {
        const s = r as Awaited<ReturnType<typeof yearlySales>>;
        return `₹${Math.round(s.months.reduce((a, b) => a + b, 0)).toLocaleString('en-IN')}`;
      },
    ],
    [
      'list upcoming=Yes (page 1 of 25)',
      () => {
        const { q, orderNamed } = parseListQuery('upcoming=Yes');
        return listPage(k, q, scope, orderNamed, now.getTime());
      },
      (r) => `total ${(r as { total: number }).total}`,
    ],
  ];
  for (const [name, call, show] of cases) {
    let last: unknown;
    const times: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const t = performance.now();
      last = await call();
      if (i > 0) times.push(performance.now() - t);
    }
    const row = [who, name, median(times).toFixed(1), Math.max(...times).toFixed(1), show(last)];
    console.log(row.join(' | '));
    rows.push(row);
  }
}
await k.destroy();

if (!args['no-write'])
  writeResults(
    pgUrl ? 'dashboard-pg' : 'dashboard',
    `Dashboard calls at ${orderCount.toLocaleString('en')} orders (${pgUrl ? 'PostgreSQL' : 'SQLite'})`,
    `\`tsx bench/lib/dashboard-latency.ts\` — the service functions the routes call, ${runs} runs after a warm-up.\n\n` +
      table(['caller', 'call', 'median ms', 'max ms', 'result'], rows),
  );
