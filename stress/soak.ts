/*
 * npm run test:soak — the built server under forced garbage collection.
 *
 * Starts dist/server/index.js on a fresh SQLite database with `--expose-gc` and a preload
 * (gc-often.mjs) that collects every 20 ms, then drives it with list queries whose SQL
 * text keeps changing (filters × sorts × searches, so prepared statements are created,
 * evicted from the statement cache and collected) and with order updates, for a bounded
 * time. Then SIGTERM with requests in flight. It fails unless the server stayed up, every
 * request was answered, the process exited 0 by itself and every acknowledged write is in
 * the database. better-sqlite3 ≤ 12 on Node ≥ 24.19 aborts here (docs/decisions).
 *
 * Options: --duration <s> (default 30), --concurrency <n> (8), --port <n> (3197).
 * Loopback only; it stops by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { ORDER_SORT_COLUMNS } from '#contract/lists';
import { apiCall, PRINCIPALS, signInApi, type ApiSession } from '../bench/harness/session';
import { startServer } from '../bench/harness/server';
import { ensureBuild } from '../bench/harness/build';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    concurrency: { type: 'string', default: '8' },
    port: { type: 'string', default: '3197' },
  },
});
const DURATION_MS = Number(args.duration) * 1000;
const CONCURRENCY = Number(args.concurrency);
const ROOT = resolve(import.meta.dirname, '..');

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const some = <T>(xs: readonly T[]): T[] => xs.filter(() => Math.random() < 0.5);

/** A list query whose SQL shape varies: status sets, flags, dates, searches, sorts. */
function orderListPath(): string {
  const q = new URLSearchParams({ page: String(1 + Math.floor(Math.random() * 4)), pageSize: '25' });
  q.set('sort', pick(ORDER_SORT_COLUMNS));
  q.set('order', pick(['asc', 'desc']));
  const statuses = some([0, 1, 2, 3, 4]);
  if (statuses.length) q.set('status', statuses.join(','));
  if (Math.random() < 0.3) q.set('paymentType', pick(['Online', 'PayOnDelivery']));
  if (Math.random() < 0.3) q.set('isSettled', pick(['Yes', 'No']));
  if (Math.random() < 0.3) q.set('from', pick(['2025-01-01', '2025-06-15', '2026-01-01']));
  if (Math.random() < 0.3) q.set('to', pick(['2026-03-31', '2026-12-31']));
  if (Math.random() < 0.2) q.set('upcoming', 'Yes');
  if (Math.random() < 0.4) q.set('q', pick(['a', 'O', '9', 'ORD00', 'Anil', 'reddy', 'an re', 'zz']));
  return `orders/listorders?${q}`;
}

function otherReadPath(orderIds: number[]): string {
  return pick([
    () => `orders/getorderbyid/${pick(orderIds)}`,
    () => `orders/gethistory/${pick(orderIds)}`,
    () =>
      `items/listitems?page=1&pageSize=25&sort=${pick(['name', 'price', 'brand'])}&q=${pick(['a', 'rice', ''])}`,
    () => `categories/listcategories?page=1&pageSize=10&sort=${pick(['name', 'description'])}`,
    () => 'orders/getdashboardorder',
    () => `orders/getchanges?since=0&status=${pick(['0', '1,2', ''])}`,
  ])();
}

/** 2030-01-01 plus `seq` days: each acknowledged update of an order stores a new date. */
const dateOf = (seq: number) => new Date(Date.UTC(2030, 0, 1) + seq * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------

ensureBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'soak-'));
const server = await startServer({
  port: Number(args.port),
  dataDir,
  timeoutMs: 60_000,
  nodeArgs: ['--expose-gc', '--import', resolve(ROOT, 'stress/gc-often.mjs')],
});
process.on('exit', () => {
  server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});
let died: string | null = null;
void server.exited.then((e) => (died = `exit ${e.code ?? e.signal}`));

const admin = await signInApi(server.origin, 'admin', PRINCIPALS[0].mobile, PRINCIPALS[0].password);
const store = await signInApi(server.origin, 'store', PRINCIPALS[1].mobile, PRINCIPALS[1].password);
const mine = await apiCall(
  server.origin,
  store,
  'GET',
  'orders/listorders?page=1&pageSize=40&sort=createdDate',
);
const orderIds = (mine.body!.result.rows as { id: number }[]).map((o) => o.id);

let requests = 0;
let failures = 0;
const failureSamples: string[] = [];
const shapes = new Set<string>();
/** Per order: the sequence number of the last update the server acknowledged. */
const acknowledged = new Map<number, number>();
let seq = 0;

async function one(session: ApiSession, worker: number): Promise<void> {
  const roll = Math.random();
  let method: 'GET' | 'POST' = 'GET';
  let path: string;
  let body: unknown;
  let ack: (() => void) | undefined;
  if (roll < 0.15) {
    // Each worker updates only its own orders, one call at a time, so the last
    // acknowledged update of an order is what must be stored.
    const id = orderIds[worker + CONCURRENCY * Math.floor(Math.random() * (orderIds.length / CONCURRENCY))]!;
    const n = ++seq;
    method = 'POST';
    path = 'orders/upsertorder';
    body = {
      id,
      status: 1,
      expecteddeliverydate: dateOf(n),
      exphours: 1 + (n % 12),
      expminutes: n % 60,
      exptimeperiod: 'PM',
      deliveryprice: n % 1000,
      issettled: 'No',
      cancelledreason: 0,
      orderUnAvailableUserItems: '',
      orderItemsPrice: '',
    };
    ack = () => acknowledged.set(id, n);
    session = store;
  } else {
    path = roll < 0.75 ? orderListPath() : otherReadPath(orderIds);
    shapes.add(path.replace(/=[^&]*/g, '=').replace(/\/\d+$/, '/:id'));
  }
  requests += 1;
  try {
    const r = await apiCall(server.origin, session, method, path, body);
    if (r.status === 200 && r.body?.isSuccess) ack?.();
    else throw new Error(`${r.status} ${JSON.stringify(r.body?.errorMessages)}`);
  } catch (err) {
    failures += 1;
    if (failureSamples.length < 5) failureSamples.push(`${method} ${path}: ${(err as Error).message}`);
  }
}

const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async (_, worker) => {
    while (performance.now() - started < DURATION_MS && !died) await one(pick([admin, store]), worker);
  }),
);
const aliveAfterLoad = !died;

// A graceful stop with reads in flight. Each is answered, or never reached the server: a
// connection still in the kernel's accept queue when listening stops is reset (the client
// sees ECONNRESET, the request was not run). An error answer counts against the stop.
const inFlight = Array.from({ length: 20 }, () => apiCall(server.origin, admin, 'GET', orderListPath()));
await new Promise((r) => setTimeout(r, 5));
server.child.kill('SIGTERM');
let answered = 0;
let unreached = 0;
for (const r of await Promise.allSettled(inFlight)) {
  if (r.status === 'fulfilled' && r.value.status === 200) answered += 1;
  else if (r.status === 'rejected') unreached += 1;
}
const exit = await server.exited;
const gcLine = /gc-often: (\d+) forced collections/.exec(server.output())?.[1] ?? '0';

// Nothing lost: every acknowledged update's date is what the database holds.
const db = new SQLite(join(dataDir, 'app.db'), { readonly: true });
const read = db.prepare('select expected_delivery_date as d from orders where id = ?');
let lost = 0;
for (const [id, n] of acknowledged) {
  const row = read.get(id) as { d: string } | undefined;
  if (!row || !String(row.d).startsWith(dateOf(n))) lost += 1;
}
const integrity = (db.pragma('integrity_check', { simple: true }) as string) ?? '?';
db.close();

console.log(
  `node ${process.version}, better-sqlite3 ${(await import('better-sqlite3/package.json', { with: { type: 'json' } })).default.version}`,
);
console.log(
  `soak ${args.duration} s × ${CONCURRENCY}: ${requests} requests (${shapes.size} query shapes), ${failures} failed; ` +
    `${gcLine} forced collections; ${acknowledged.size} orders updated, ${lost} acknowledged updates lost; ` +
    `SIGTERM with 20 in flight: ${answered} answered, ${unreached} refused or reset, ${20 - answered - unreached} error answers, exit ${exit.code ?? exit.signal}; integrity_check ${integrity}`,
);
const problems = [
  !aliveAfterLoad && `the server died under load (${died}):\n${server.output().slice(-2000)}`,
  failures > 0 && `${failures} requests failed, e.g.\n  ${failureSamples.join('\n  ')}`,
  exit.code !== 0 &&
    `the server exited with ${exit.code ?? exit.signal} after SIGTERM:\n${server.output().slice(-2000)}`,
  answered + unreached !== 20 &&
    `${20 - answered - unreached} in-flight requests got an error answer during the stop`,
  lost > 0 && `${lost} acknowledged updates are not in the database`,
  integrity !== 'ok' && `integrity_check: ${integrity}`,
  Number(gcLine) === 0 && 'no collection was forced (gc-often.mjs not loaded?)',
].filter(Boolean);
if (problems.length) {
  console.error(`soak FAILED:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('soak passed');
