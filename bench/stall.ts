/*
 * Stall bench (issue 23), not in CI:
 *
 *   npm run bench:stall [-- --quick --reps 5 --port 3176 --section stall --entry dist/server/index.js]
 *   DATABASE_URL=postgres://… npm run bench:stall      (that database's public schema is emptied)
 *
 * Starts the built server (its own process, loopback only) on a freshly seeded SQLite
 * folder (bench/data/stall) and sends every route, as every role and anonymously, its
 * worst requests (server/test/worst-cases.ts: bodies near the 1 MB limit, the longest
 * query strings), one at a time, while probing /api/health (bench/lib/stall-probe.ts).
 * The goal: no request keeps the server from answering /api/health for more than 50 ms.
 * A role the permission table refuses gets one case per route (it is refused before the
 * body is read). Then the two requests of the issue, `--reps` times each: 100,000 bad
 * prices on the caller's own order (goal: 400 in under 200 ms, health under 50 ms) and
 * createorder with 330,000 empty lines (goal: 400 in under 100 ms).
 *
 * Prints a line per route (its worst case) and writes section `--section` of
 * bench/RESULTS.md. `--entry` runs another build (e.g. of an older commit) for a
 * before/after comparison. Bounded: about 1,000 requests, a few minutes on 2 cores.
 */
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ENDPOINTS, type EndpointName } from '#contract/endpoints';
import type { Role } from '#contract/enums';
import { can } from '#contract/permissions';
import { DEMO_ACCOUNTS } from '../server/db/seed';
import {
  pathOf,
  validBodies,
  validOrderUpdate,
  type Sample,
  type SampleIds,
} from '../server/test/route-samples';
import { badEntries, emptyObjects, worstCases, type WorstCase } from '../server/test/worst-cases';
import { apiCall, signInApi, type ApiSession } from './harness/session';
import { startServer } from './harness/server';
import { ensureBuild } from './harness/build';
import { percentile, table, writeResults } from './harness/results';
import { healthFloor, timedWithProbe, type Timed } from './lib/stall-probe';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '3176' },
    data: { type: 'string', default: 'bench/data/stall' },
    reps: { type: 'string', default: '5' },
    quick: { type: 'boolean', default: false },
    entry: { type: 'string' },
    section: { type: 'string', default: 'stall' },
    // Serve a database already in --data (e.g. one bench:seed wrote) instead of a fresh seed.
    'keep-data': { type: 'boolean', default: false },
    // Only these routes (endpoint names, comma-separated), and not the issue's two requests.
    routes: { type: 'string' },
  },
});
const ONLY = args.routes ? new Set(args.routes.split(',')) : undefined;
const REPS = Number(args.reps);
const DATABASE_URL = process.env.DATABASE_URL;
/** The goal: the longest /api/health wait while any one request runs. */
const GOAL_MS = 50;

const loadAtStart = loadavg()[0]!.toFixed(1);
if (!args.entry) ensureBuild({ app: false });
if (DATABASE_URL) {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  await c.query('drop schema public cascade; create schema public');
  await c.end();
}
if (!args['keep-data']) rmSync(args.data, { recursive: true, force: true });
const server = await startServer({
  port: Number(args.port),
  dataDir: args.data,
  ...(DATABASE_URL ? { databaseUrl: DATABASE_URL } : {}),
  ...(args.entry ? { entry: args.entry } : {}),
  timeoutMs: 120_000,
});
process.on('exit', () => server.child.kill('SIGKILL'));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(1));
const origin = server.origin;

// ---------------------------------------------------------------------------------
// Who calls, and the well-formed sample of each route they start from.

const ROLES = Object.keys(DEMO_ACCOUNTS) as Role[];
const sessions = new Map<Role, ApiSession>();
for (const role of ROLES) {
  const a = DEMO_ACCOUNTS[role];
  sessions.set(role, await signInApi(origin, role, a.mobile, a.password));
}
const admin = sessions.get('BlueTikAdmin')!;

async function result(s: ApiSession, path: string) {
  const r = await apiCall(origin, s, 'GET', path);
  if (r.status !== 200) throw new Error(`GET ${path} as ${s.name}: ${r.status}`);
  return r.body!.result as { rows: { id: number }[] } & { id: number; phoneNumber: string }[];
}
const firstId = async (s: ApiSession, list: string) =>
  (await result(s, `${list}?page=1&pageSize=1&sort=${list.includes('orders') ? 'createdDate' : 'name'}`))
    .rows[0]!.id;
const ids: SampleIds = {
  order: await firstId(admin, 'orders/listorders'),
  category: await firstId(admin, 'categories/listcategories'),
  item: await firstId(admin, 'items/listitems'),
  user: (await result(admin, 'user/listusers')).find((u) => u.phoneNumber === '9000000008')!.id,
  role: (await result(admin, 'roles/listroles'))[0]!.id,
};

/** The samples of `role` (null: anonymous): its own order, its own profile. */
async function samplesOf(role: Role | null): Promise<Sample[]> {
  const s = sessions.get(role ?? 'BlueTikAdmin')!;
  const phone = DEMO_ACCOUNTS[role ?? 'BlueTikAdmin'].mobile;
  const profile = (await result(s, `accounts/getuserbyuserid/${phone}`)) as unknown as Record<
    string,
    unknown
  >;
  const own = { ...ids, order: await firstId(s, 'orders/listorders') };
  const bodies: Partial<Record<EndpointName, Record<string, unknown>>> = validBodies(own, profile);
  // Logout would end the session the rest of the run uses; it is a GET without a body.
  return (Object.keys(ENDPOINTS) as EndpointName[])
    .filter((name) => name !== 'logout')
    .map((name) => ({
      name,
      method: ENDPOINTS[name].method,
      url: pathOf(name, own, phone),
      ...(ENDPOINTS[name].method === 'POST' ? { body: bodies[name] ?? {} } : {}),
    }));
}

// ---------------------------------------------------------------------------------
// Every route × every principal.

interface Row extends Timed {
  route: EndpointName;
  who: string;
  label: string;
}
const rows: Row[] = [];
const floor = await healthFloor(origin, 200);

async function run(c: WorstCase, who: Role | null): Promise<Timed> {
  const headers = who ? sessions.get(who)!.headers : await anonymousHeaders();
  return timedWithProbe(origin, c.url, { method: c.method, headers, ...(c.body ? { body: c.body() } : {}) });
}

let anon: Record<string, string> | undefined;
async function anonymousHeaders() {
  if (anon) return anon;
  const res = await fetch(`${origin}/api/health`);
  await res.arrayBuffer();
  const cookie = /XSRF-TOKEN=([^;]*)/.exec(res.headers.getSetCookie().join('\n'))?.[1] ?? '';
  return (anon = { Cookie: `XSRF-TOKEN=${cookie}`, 'X-XSRF-TOKEN': cookie });
}

const started = performance.now();
for (const who of [null, ...ROLES]) {
  for (const sample of (await samplesOf(who)).filter((x) => !ONLY || ONLY.has(x.name))) {
    const { action } = ENDPOINTS[sample.name];
    const allowed =
      action === 'public' ? true : who !== null && can(who, action, { isAddCategoryItems: true });
    const cases = worstCases(sample);
    for (const c of allowed && !args.quick ? cases : cases.slice(0, 1)) {
      const t = await run(c, who);
      rows.push({ ...t, route: sample.name, who: who ?? 'anonymous', label: c.label });
    }
  }
  console.log(`stall: ${who ?? 'anonymous'} done (${rows.length} requests so far)`);
}
const sweepSeconds = (performance.now() - started) / 1000;

// ---------------------------------------------------------------------------------
// The issue's two requests, repeated.

const webUser = sessions.get('WebUser')!;
const ownOrder = await firstId(webUser, 'orders/listorders');
const acceptance: { label: string; goalMs: number; runs: Timed[] }[] = [
  {
    label: "upsertorder, WebUser's own order, 100,000 bad prices",
    goalMs: 200,
    runs: [],
  },
  { label: 'createorder, WebUser, 330,000 empty lines', goalMs: 100, runs: [] },
];
const pricesBody = JSON.stringify({ ...validOrderUpdate(ownOrder), orderItemsPrice: badEntries(100_000) });
const linesBody = JSON.stringify({ ...validBodies(ids, {}).createOrder, lines: '\u0001' }).replace(
  '"\\u0001"',
  emptyObjects(330_000),
);
for (let i = 0; i < (ONLY ? 0 : REPS); i++) {
  acceptance[0]!.runs.push(
    await timedWithProbe(origin, '/api/orders/upsertorder', {
      method: 'POST',
      headers: webUser.headers,
      body: pricesBody,
    }),
  );
  acceptance[1]!.runs.push(
    await timedWithProbe(origin, '/api/orders/createorder', {
      method: 'POST',
      headers: webUser.headers,
      body: linesBody,
    }),
  );
}
const peakMiB =
  Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]) / 1024;
server.child.kill('SIGTERM');

// ---------------------------------------------------------------------------------
// Report.

const ms = (n: number) => n.toFixed(1);
const byRoute = new Map<EndpointName, Row>();
for (const r of rows) {
  const worst = byRoute.get(r.route);
  if (!worst || r.healthMs > worst.healthMs) byRoute.set(r.route, r);
}
const overGoal = rows.filter((r) => r.healthMs > GOAL_MS);
const fivexx = rows.filter((r) => r.status >= 500 || r.status === 0);
const worstAll = rows.reduce((a, b) => (b.healthMs > a.healthMs ? b : a));

const routeTable = table(
  ['route', 'worst case', 'as', 'status', 'messages', 'request ms', 'longest health wait ms', 'cases'],
  [...byRoute.values()].map((r) => [
    `${ENDPOINTS[r.route].method} ${ENDPOINTS[r.route].path}`,
    r.label,
    r.who,
    r.status,
    r.messages,
    ms(r.ms),
    ms(r.healthMs),
    rows.filter((x) => x.route === r.route).length,
  ]),
);
const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const acceptanceTable = table(
  ['request', 'status', 'messages', 'request ms median (max)', 'goal', 'health wait ms median (max)', 'met'],
  acceptance.map((a) => {
    const req = a.runs.map((r) => r.ms);
    const health = a.runs.map((r) => r.healthMs);
    const met = Math.max(...req) < a.goalMs && Math.max(...health) < GOAL_MS;
    return [
      a.label,
      [...new Set(a.runs.map((r) => r.status))].join('/'),
      [...new Set(a.runs.map((r) => r.messages))].join('/'),
      `${ms(median(req))} (${ms(Math.max(...req))})`,
      `< ${a.goalMs} ms`,
      `${ms(median(health))} (${ms(Math.max(...health))})`,
      met ? 'yes' : 'NO',
    ];
  }),
);
const summary =
  `${rows.length} requests (${byRoute.size} routes × anonymous and 4 roles) in ${sweepSeconds.toFixed(0)} s on ` +
  `${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; /api/health alone: p50 ${ms(percentile(floor, 50))} ms, ` +
  `max ${ms(floor.at(-1)!)} ms. Longest health wait: ${ms(worstAll.healthMs)} ms (${worstAll.route}, ` +
  `${worstAll.label}, as ${worstAll.who}). Over the ${GOAL_MS} ms goal: ${overGoal.length}; ` +
  `5xx or no answer: ${fivexx.length}. Server peak RSS ${peakMiB.toFixed(0)} MiB.`;

const acceptanceText = ONLY
  ? ''
  : `The issue's two requests, ${REPS} times each (a fresh connection each, health probed on another):\n\n${acceptanceTable}\n\n`;
console.log(`\n${summary}\n\n${acceptanceText}${routeTable}`);
if (overGoal.length)
  console.log(
    `\nover ${GOAL_MS} ms:\n${overGoal.map((r) => `  ${r.route} ${r.who} ${r.label}: ${ms(r.healthMs)} ms`).join('\n')}`,
  );
writeResults(
  args.section,
  `Stalls: the longest /api/health wait while one request runs (\`npm run bench:stall\`${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''})`,
  `${summary}\n\n${acceptanceText}` +
    `Each route's worst request (server/test/worst-cases.ts) by the longest health wait:\n\n${routeTable}`,
  {
    'load average at start': loadAtStart,
    database: DATABASE_URL ? 'PostgreSQL' : 'SQLite',
    ...(args.entry ? { entry: args.entry } : {}),
  },
);
process.exit(fivexx.length ? 1 : 0);
