/*
 * Load test (issue 8 item 8), not in CI:
 *
 *   npm run test:load [-- --duration 60 --connections 100 --port 3174]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/load npm run test:load
 *
 * Builds if needed and starts the built server (its own process) on loopback over a
 * freshly seeded SQLite folder (bench/data/load), or over DATABASE_URL (that database is
 * emptied first). Signs in once as four principals before the load (no sign-in during
 * it, so the login limiter never answers 429), then autocannon (in this process) runs
 * `--connections` keep-alive connections split among them for `--duration` seconds.
 * Each connection cycles through a mix of reads (order list pages, searches, order
 * details, dashboard, yearly sales, category and item lists and details) and writes
 * (order status updates on the principal's own orders, category creates with unique
 * names, item creates). Order updates also reprice one line of the order (taken before
 * the load), so simultaneous saves of one order change different lines, as two users
 * editing one order would. Prints requests/s, latency p50/p90/p99, errors and answers by
 * status; then stops the server and runs the integrity check (npm run check:integrity:
 * stored totals against the lines, counters against a recount) on the database. Fails on
 * any error, any 5xx, any 429 or any mismatch. Figures also go to bench/RESULTS.md.
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { decodeOrderUserItems } from '#contract/codecs';
import { formatIntegrity } from '../server/routes/orders/orders.service';
import { integrityOf } from '../scripts/check-integrity';
import { apiCall, PRINCIPALS, signInApi, type ApiSession } from '../bench/harness/session';
import { startServer } from '../bench/harness/server';
import { ensureBuild } from '../bench/harness/build';
import { percentile, table, writeResults } from '../bench/harness/results';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100' },
    port: { type: 'string', default: '3174' },
    data: { type: 'string', default: 'bench/data/load' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const DATABASE_URL = process.env.DATABASE_URL;

// The machine is shared: its load average goes with the figures.
const loadAtStart = loadavg()[0]!.toFixed(1);
ensureBuild();
if (DATABASE_URL) {
  // A fresh seed each run, like the SQLite folder: the public schema is emptied.
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  await c.query('drop schema public cascade; create schema public');
  await c.end();
} else rmSync(args.data, { recursive: true, force: true });

const server = await startServer({
  port: PORT,
  ...(DATABASE_URL ? { databaseUrl: DATABASE_URL, dataDir: args.data } : { dataDir: args.data }),
  timeoutMs: 120_000,
});
process.on('exit', () => server.child.kill('SIGKILL'));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(1));
const base = server.origin;

const sessions: ApiSession[] = [];
for (const p of PRINCIPALS) sessions.push(await signInApi(base, p.name, p.mobile, p.password));

async function ordersOf(s: ApiSession): Promise<number[]> {
  const r = await apiCall(
    base,
    s,
    'GET',
    'orders/listorders?page=1&pageSize=100&sort=createdDate&order=desc',
  );
  if (r.status !== 200) throw new Error(`listorders as ${s.name}: ${r.status}`);
  return (r.body!.result.rows as { id: number }[]).map((o) => o.id);
}
const catalog = await apiCall(base, sessions[0]!, 'GET', 'items/listitems?page=1&pageSize=100');
const itemIds = (catalog.body!.result.rows as { id: number }[]).map((i) => i.id);
const cats = await apiCall(base, sessions[0]!, 'GET', 'categories/listcategories?page=1&pageSize=100');
const categoryIds = (cats.body!.result.rows as { id: number }[]).map((i) => i.id);

/** Each order's item ids, read before the load, so an update can reprice one of its lines. */
const linesOf = new Map<number, number[]>();
async function readLines(s: ApiSession, orders: readonly number[]) {
  for (const id of orders) {
    const r = await apiCall(base, s, 'GET', `orders/getorderbyid/${id}`);
    const tree = decodeOrderUserItems(r.body?.result?.orderUserItems);
    if (r.status !== 200 || !tree.success) throw new Error(`getorderbyid/${id} as ${s.name}: ${r.status}`);
    linesOf.set(
      id,
      tree.output.flatMap((c) => c.items.map((i) => i.itemId)),
    );
  }
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
let unique = 0;
const runTag = Date.now().toString(36);

type Req = autocannon.Request;
const get = (path: () => string): Req => ({
  method: 'GET',
  setupRequest: (req) => ({ ...req, path: `/api/${path()}` }),
});
const post = (path: string, body: () => unknown): Req => ({
  method: 'POST',
  setupRequest: (req) => ({
    ...req,
    path: `/api/${path}`,
    headers: { ...req.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body()),
  }),
});

/** The cycle one connection of principal `s` runs: about one write in four requests. */
function mix(s: ApiSession, orders: number[], isAdmin: boolean, canCreateItems: boolean): Req[] {
  const orderUpdate = post('orders/upsertorder', () => {
    const status = Math.floor(Math.random() * 4);
    const id = pick(orders);
    const line = pick(linesOf.get(id) ?? []);
    return {
      id,
      status,
      expecteddeliverydate: '2030-01-15',
      exphours: 1 + Math.floor(Math.random() * 12),
      expminutes: Math.floor(Math.random() * 60),
      exptimeperiod: 'PM',
      deliveryprice: Math.floor(Math.random() * 100),
      issettled: 'No',
      cancelledreason: 0,
      orderUnAvailableUserItems: '',
      // Online orders keep their prices (the server ignores these); PayOnDelivery ones take them.
      orderItemsPrice: line === undefined ? '' : `${line}|${(1 + Math.random() * 499).toFixed(2)}`,
    };
  });
  const reads: Req[] = [
    get(() => 'orders/listorders?page=1&pageSize=25&sort=createdDate&order=desc'),
    get(() => `orders/getorderbyid/${pick(orders)}`),
    get(() => 'orders/getdashboardorder'),
    get(() => `orders/listorders?page=${1 + Math.floor(Math.random() * 5)}&pageSize=25&status=0,1&q=a`),
    get(() => 'categories/listcategories?page=1&pageSize=25'),
    get(() => `items/getitembyid/${pick(itemIds)}`),
    get(() => 'orders/getyearlysales'),
    get(() => 'items/listitems?page=1&pageSize=25&sort=name&order=asc'),
    get(() => `categories/getcategorybyid/${pick(categoryIds)}`),
  ];
  const writes: Req[] = [orderUpdate];
  if (isAdmin)
    writes.push(
      post('categories/upsertcategory', () => ({
        id: '',
        name: `load ${runTag} ${++unique}`,
        subcategory: 'load sub',
        description: 'created by the load test',
        image: 'placeholder',
        associatedItems: '',
      })),
    );
  if (canCreateItems)
    writes.push(
      post('items/upsertitem', () => ({
        id: '',
        name: `load item ${runTag} ${++unique}`,
        description: 'created by the load test',
        brand: 'Load brand',
        category: 'Load category',
        subCategory: 'Load sub',
        qty: '1 kg',
        image: '',
        price: '10',
        mrp: '12',
      })),
    );
  writes.push(orderUpdate);
  // Three reads, then a write, round and round.
  const out: Req[] = [];
  let w = 0;
  for (let i = 0; i < reads.length; i++) {
    out.push(reads[i]!);
    if (i % 3 === 2) out.push(writes[w++ % writes.length]!);
  }
  return out;
}

const plans = [];
for (const [i, s] of sessions.entries()) {
  const orders = await ordersOf(s);
  if (!orders.length) throw new Error(`${s.name} has no orders`);
  await readLines(s, orders);
  const share = Math.floor(CONNECTIONS / sessions.length) + (i < CONNECTIONS % sessions.length ? 1 : 0);
  plans.push({
    s,
    orders,
    share,
    requests: mix(s, orders, i === 0, s.name.startsWith('WebAdmin') || i === 0),
  });
}

console.log(
  `load: ${CONNECTIONS} connections (${plans.map((p) => `${p.share} ${p.s.name}`).join(', ')}) for ${DURATION} s ` +
    `against ${base} on ${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`,
);

const latencies: number[] = [];
/** Answers per second of the run, to show stalls. */
const perSecond: number[] = [];
const byStatus = new Map<number, number>();
let reads = 0;
let writes = 0;
const started = performance.now();
const results = await Promise.all(
  plans.map(
    (p) =>
      new Promise<autocannon.Result>((resolve, reject) => {
        const inst = autocannon(
          {
            url: base,
            connections: p.share,
            duration: DURATION,
            headers: p.s.headers,
            requests: p.requests,
            timeout: 10,
          },
          (err, result) => (err ? reject(err) : resolve(result)),
        );
        inst.on('response', (_client, statusCode, _bytes, responseTime) => {
          const second = Math.floor((performance.now() - started) / 1000);
          perSecond[second] = (perSecond[second] ?? 0) + 1;
          latencies.push(responseTime);
          byStatus.set(statusCode, (byStatus.get(statusCode) ?? 0) + 1);
        });
      }),
  ),
);
const seconds = (performance.now() - started) / 1000;
for (const p of plans)
  for (const r of p.requests) {
    if (r.method === 'POST') writes++;
    else reads++;
  }

latencies.sort((a, b) => a - b);
const total = latencies.length;
const errors = results.reduce((s, r) => s + r.errors, 0);
const timeouts = results.reduce((s, r) => s + r.timeouts, 0);
const non2xx = [...byStatus].filter(([code]) => code < 200 || code >= 300);
const fiveXX = non2xx.filter(([code]) => code >= 500).reduce((s, [, n]) => s + n, 0);
const tooMany = byStatus.get(429) ?? 0;
const rps = total / seconds;

const rows: [string, string][] = [
  ['database', DATABASE_URL ? 'PostgreSQL' : 'SQLite (WAL)'],
  ['duration / connections', `${DURATION} s / ${CONNECTIONS} (4 signed-in principals)`],
  ['request mix (one cycle of each principal)', `${reads} reads : ${writes} writes`],
  ['requests answered', String(total)],
  ['requests/s', rps.toFixed(0)],
  [
    'latency p50 / p90 / p99 / max',
    [50, 90, 99, 100].map((p) => percentile(latencies, p).toFixed(0)).join(' / ') + ' ms',
  ],
  ['errors (connection) / timeouts', `${errors} / ${timeouts}`],
  ['answers by status', [...byStatus].map(([c, n]) => `${c}: ${n}`).join(', ')],
  ['non-2xx', non2xx.length ? non2xx.map(([c, n]) => `${c}: ${n}`).join(', ') : '0'],
  ['5xx', String(fiveXX)],
  ['429', String(tooMany)],
];
const sortedSeconds = Array.from(perSecond, (n) => n ?? 0).sort((a, b) => a - b);
rows.push([
  'answers per second: min / median / max',
  `${sortedSeconds[0] ?? 0} / ${sortedSeconds[Math.floor(sortedSeconds.length / 2)] ?? 0} / ${sortedSeconds.at(-1) ?? 0}`,
]);
console.log();
for (const [k, v] of rows) console.log(`  ${k}: ${v}`);
const loadAtEnd = loadavg()[0]!.toFixed(1);

server.child.kill('SIGTERM');
await server.exited;

// What the writes left behind: totals against the lines, counters against a recount.
const integrity = await integrityOf(
  DATABASE_URL ? { databaseUrl: DATABASE_URL } : { sqlitePath: `${args.data}/app.db` },
);
console.log();
for (const line of formatIntegrity(integrity)) console.log(line);
rows.push([
  'integrity check after the run (stored totals vs lines, counters vs recount)',
  `${integrity.mismatches} mismatches over ${integrity.orders} orders, ${integrity.lines} lines`,
]);

writeResults(
  DATABASE_URL ? 'load-pg' : 'load',
  `Load test (\`npm run test:load\`${DATABASE_URL ? ', PostgreSQL' : ''})`,
  table(['measure', 'value'], rows),
  { 'load average (1 min) at start / end': `${loadAtStart} / ${loadAtEnd}` },
);

// The server's error log, to find the cause of any 5xx.
if (fiveXX)
  console.log(
    `server errors:\n${server
      .output()
      .split('\n')
      .filter((l) => /"level":"error"/.test(l))
      .join('\n')}`,
  );
const ok =
  total > 0 &&
  errors === 0 &&
  timeouts === 0 &&
  fiveXX === 0 &&
  tooMany === 0 &&
  non2xx.length === 0 &&
  integrity.mismatches === 0;
console.log(ok ? '\nPASS' : '\nFAIL');
process.exit(ok ? 0 : 1);
