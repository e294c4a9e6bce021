/*
 * Scale-out test (issue 18 item 5), not in CI:
 *
 *   npm run test:scale [-- --instances 3 --duration 60 --rate-duration 20 --connections 50]
 *
 * Installs HAProxy (scripts/ensure-haproxy.mjs, like Chromium), builds if needed, makes a
 * fresh PostgreSQL database (--pg-url, default .../scale), starts `--instances` built
 * servers on it and HAProxy in front of them (stress/scale-setup.ts), then through the
 * balancer and the servers:
 * 1. spread: requests reach every server;
 * 2. logout on one server, the token refused on every other at once;
 * 3. a sign-in lockout made through the balancer holds on each server and after a restart;
 * 4. an order created on one server shows in a browser tab signed in on another;
 * 5. req/s of the mixed reads with 1, 2, … servers in the pool (the others in maintenance);
 * 6. `--duration` s of mixed reads and `--writers` writers creating rows, one server
 *    SIGKILLed halfway: every acknowledged write read back (lost must be 0), every failed
 *    request counted by kind, HAProxy's per-server counters beside them;
 * 7. the permission matrix through the balancer, with the killed server back in the pool.
 * Figures go to stdout and bench/RESULTS.md (section "scale"); exit 1 when a check fails.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/database';
import { DEMO_ACCOUNTS } from '../server/db/seed';
import { ensureBuild } from '../bench/harness/build';
import { ROOT } from '../bench/harness/server';
import { signInApi } from '../bench/harness/session';
import { loadAverage, loadMix, runLoad } from '../bench/lib/api-measure';
import { orderCases } from '../bench/lib/order-cases';
import { table, writeResults } from '../bench/harness/results';
import { runWriters, verify, type WriteState } from './crash-writers';
import {
  freshPgDatabase,
  HAPROXY,
  startBalancer,
  startInstance,
  untilServer,
  type Instance,
} from './scale-setup';
import {
  liveChangeAcrossServers,
  lockoutAcrossServers,
  logoutEverywhere,
  permissionMatrix,
  signInMatrix,
} from './scale-checks';

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '3180' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/scale' },
    duration: { type: 'string', default: '60' },
    'rate-duration': { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    writers: { type: 'string', default: '10' },
    'no-write': { type: 'boolean', default: false },
  },
});
const COUNT = Number(args.instances);
const PORT = Number(args.port);
const DURATION = Number(args.duration);
const RATE_DURATION = Number(args['rate-duration']);
const CONNECTIONS = Number(args.connections);
const WRITERS = Number(args.writers);
if (!(COUNT >= 2 && COUNT <= 5)) throw new Error('--instances must be 2 to 5');
const log = (msg: string) => console.log(`[test:scale] ${msg}`);
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
  return ok ? 'yes' : '**no**';
};

execSync('node scripts/ensure-haproxy.mjs', { cwd: ROOT, stdio: 'inherit' });
ensureBuild();
await freshPgDatabase(args['pg-url']);
const shared = { databaseUrl: args['pg-url'], tokenSecret: randomBytes(32).toString('base64url') };
const dir = mkdtempSync(join(tmpdir(), 'scale-'));
// The first migrates and seeds the empty database; the others start on it together.
const instances: Instance[] = [await startInstance('s1', PORT + 1, shared)];
instances.push(
  ...(await Promise.all(
    Array.from({ length: COUNT - 1 }, (_, i) => startInstance(`s${i + 2}`, PORT + 2 + i, shared)),
  )),
);
const balancer = await startBalancer(dir, PORT, instances);
const base = balancer.origin;
log(`${COUNT} servers on ${args['pg-url']} behind HAProxy at ${base}`);
const db = openDatabase({ dialect: 'postgres', url: args['pg-url'] });
const sections: string[] = [];

try {
  // 1. Spread.
  const before = await balancer.stats();
  for (let i = 0; i < 30; i++) await (await fetch(`${base}/api/health`)).arrayBuffer();
  const spread = (await balancer.stats()).map((s, i) => s.chosen - before[i]!.chosen);
  const spreadOk = check(
    spread.every((n) => n > 0),
    `30 requests reached every server: ${spread.join(' / ')}`,
  );

  const matrixPrincipals = await signInMatrix(base, db.kysely);

  // 2. Logout on one, refused on the others.
  const out = await logoutEverywhere(base, instances, DEMO_ACCOUNTS.BlueTikAdmin);
  const logoutOk = check(
    out.logout === 200 &&
      Object.values(out.before).every((s) => s === 200) &&
      Object.values(out.after).every((s) => s === 401),
    `logout on ${out.signedInOn}: before ${JSON.stringify(out.before)}, after ${JSON.stringify(out.after)}`,
  );

  // 3. Lockout across servers and a restart.
  const lock = await lockoutAcrossServers(base, instances, DEMO_ACCOUNTS.MobileUser, async (inst) => {
    await inst.handle.stop();
    return startInstance(inst.name, inst.port, shared);
  });
  instances[0] = lock.restarted;
  await untilServer(balancer, 's1', /^UP/);
  const lockOk = check(
    lock.wrong.every((s) => s === 401) && lock.right.every((r) => r.status === 429),
    `lockout: 5 wrong through the balancer ${lock.wrong.join(',')}; the right password then ${lock.right
      .map((r) => `${r.where} ${r.status}`)
      .join(', ')}`,
  );

  // 4. A change on one server, seen by a tab on another.
  const admin = await signInApi(
    base,
    'BlueTikAdmin',
    DEMO_ACCOUNTS.BlueTikAdmin.mobile,
    DEMO_ACCOUNTS.BlueTikAdmin.password,
  );
  const store = await signInApi(
    base,
    'WebAdmin',
    DEMO_ACCOUNTS.WebAdmin.mobile,
    DEMO_ACCOUNTS.WebAdmin.password,
  );
  const storeUserId = (
    await db.kysely
      .selectFrom('users')
      .select('id')
      .where('phone_number', '=', DEMO_ACCOUNTS.WebAdmin.mobile)
      .executeTakeFirstOrThrow()
  ).id;
  const live = await liveChangeAcrossServers(instances[1]!, instances[2]!, admin, storeUserId);
  const liveOk = check(
    live.seen.startsWith('1 new order'),
    `order ${live.orderNumber} created on ${live.writeOn}: the tab on ${live.tabOn} showed "${live.seen}" after ${live.afterMs} ms`,
  );

  // 5. Throughput with 1…N servers in the pool.
  const cases = await orderCases(db.kysely);
  const ids = (await db.kysely.selectFrom('orders').select('id').orderBy('id').execute()).map((r) => r.id);
  const storeIds = (
    await db.kysely.selectFrom('orders').select('id').where('store_user_id', '=', storeUserId).execute()
  ).map((r) => r.id);
  const mix = loadMix(cases, { admin: admin.token, store: store.token }, { admin: ids, store: storeIds });
  const rates: { servers: number; rps: number; bad: number; p99: number; at: string }[] = [];
  for (let n = 1; n <= COUNT; n++) {
    for (const [i, inst] of instances.entries())
      await balancer.admin(`set server app/${inst.name} state ${i < n ? 'ready' : 'maint'}`);
    for (const inst of instances.slice(0, n)) await untilServer(balancer, inst.name, /^UP/);
    const at = loadAverage();
    const r = await runLoad(balancer, mix, { connections: CONNECTIONS, duration: RATE_DURATION });
    rates.push({
      servers: n,
      rps: r.requestsPerSecond,
      bad: r.errors + r.non2xx,
      p99: r.latencyMs.p99,
      at: `${at} → ${loadAverage()}`,
    });
    log(`${n} server(s): ${r.requestsPerSecond.toFixed(0)} req/s, ${r.errors + r.non2xx} failed`);
  }
  const ratesOk = check(
    rates.every((r) => r.bad === 0),
    'no failed request in the throughput runs',
  );

  // 6. Load with a kill.
  const st: WriteState = {
    admin,
    writers: Array.from({ length: args['no-write'] ? 0 : WRITERS }, (_, i) => ({
      index: i,
      kind: i % 2 ? ('createItem' as const) : ('createCategory' as const),
      session: admin,
      seq: 0,
    })),
    roleRows: [],
    created: [],
    unexpected: [],
    failureKinds: new Map(),
    createSeq: 0,
    unanswered: [],
  };
  const victim = instances[1]!;
  const statsBefore = await balancer.stats();
  const writing = runWriters(st, 1, base, { keepGoing: true });
  const reading = runLoad(balancer, mix, { connections: CONNECTIONS, duration: DURATION });
  await new Promise((r) => setTimeout(r, (DURATION * 1000) / 2));
  const killedAt = new Date().toISOString();
  victim.handle.child.kill('SIGKILL');
  await victim.handle.exited;
  const reads = await reading;
  writing.stop();
  const { acked } = await writing.done;
  const statsAfter = await balancer.stats();
  const { checked, missing } = await verify(st, base, 1);
  const failedWrites = new Map<string, number>();
  for (const u of st.unexpected) {
    const status = u.split(': ')[1]!.split(' ')[0]!;
    failedWrites.set(status, (failedWrites.get(status) ?? 0) + 1);
  }
  for (const [k, n] of st.failureKinds) failedWrites.set(`no answer (${k})`, n);
  // A write that got no answer may or may not have been applied: look.
  let applied = 0;
  for (const u of st.unanswered!) {
    const found = await db.kysely
      .selectFrom(u.kind === 'category' ? 'categories' : 'items')
      .select('id')
      .where('name', '=', u.name)
      .executeTakeFirst();
    if (found) applied++;
  }
  const killOk = check(
    missing.length === 0,
    `${acked} writes acknowledged, ${checked} read back, lost ${missing.length}`,
  );
  if (missing.length) log(missing.slice(0, 10).join('\n'));

  // 7. The killed server back, then the permission matrix through the balancer.
  instances[1] = await startInstance(victim.name, victim.port, shared);
  await untilServer(balancer, victim.name, /^UP/);
  const matrix = await permissionMatrix(base, matrixPrincipals);
  const matrixOk = check(
    matrix.mismatches.length === 0,
    `permission matrix: ${matrix.calls} calls, ${matrix.mismatches.length} mismatches`,
  );
  for (const m of matrix.mismatches.slice(0, 20)) log(`  ${m}`);

  const perServer = statsAfter.map((s, i) => {
    const b = statsBefore[i]!;
    return [
      s.name + (s.name === victim.name ? ' (killed)' : ''),
      s.chosen - b.chosen,
      s.responses['2xx'] - b.responses['2xx'],
      s.responses['5xx'] - b.responses['5xx'],
      s.responseErrors - b.responseErrors,
      s.retries - b.retries,
      s.redispatches - b.redispatches,
    ];
  });
  const single = rates[0]!.rps;
  sections.push(`
${COUNT} built servers (\`node dist/server/index.js\`, one process each) on one PostgreSQL
database, HAProxy ${execSync(`${HAPROXY} -v`, { encoding: 'utf8' }).split('\n')[0]!.split(' ')[2]} in front
(round robin, health check every 500 ms, retries only of refused connections), the load
generator on the same 2 cores.

${table(
  ['check', 'what was seen', 'passed'],
  [
    ['requests reach every server', `30 health checks: ${spread.join(' / ')}`, spreadOk],
    [
      'logout on one server refused on the others',
      `signed in on ${out.signedInOn}, dashboard before ${JSON.stringify(out.before)}; logout ${out.logout}; after ${JSON.stringify(out.after)}`,
      logoutOk,
    ],
    [
      'sign-in lockout across servers and a restart',
      `5 wrong passwords through the balancer: ${lock.wrong.join(', ')}; the right password then: ${lock.right.map((r) => `${r.where} ${r.status}`).join(', ')} ("${lock.right[0]!.message}")`,
      lockOk,
    ],
    [
      'a change on one server seen by a tab on another',
      `order ${live.orderNumber} created on ${live.writeOn}; tab on ${live.tabOn}: "${live.seen}" ${live.afterMs} ms later (live check every 10 s)`,
      liveOk,
    ],
    [
      `mixed reads with 1 to ${COUNT} servers in the pool`,
      rates.map((r) => `${r.servers}: ${r.rps.toFixed(0)} req/s, ${r.bad} failed`).join('; '),
      ratesOk,
    ],
    [
      `mixed reads with one server killed at ${DURATION / 2} s`,
      `${acked} writes acknowledged, ${checked} read back, **${missing.length} lost**`,
      killOk,
    ],
    [
      'permission matrix through the balancer',
      `${matrix.calls} calls (${matrix.principals} principals), ${matrix.mismatches.length} mismatches`,
      matrixOk,
    ],
  ],
)}

### Mixed reads by servers in the pool (${CONNECTIONS} connections, ${RATE_DURATION} s each)

${table(
  ['servers', 'req/s', 'vs 1', 'p99', 'failed', 'load avg 1/5/15'],
  rates.map((r) => [
    r.servers,
    r.rps.toFixed(0),
    `${(r.rps / single).toFixed(2)}×`,
    `${r.p99} ms`,
    r.bad,
    r.at,
  ]),
)}

### ${DURATION} s of mixed reads and ${st.writers.length} writers, ${victim.name} SIGKILLed at ${DURATION / 2} s (${killedAt})

Reads: ${reads.requests.toLocaleString('en')} (${reads.requestsPerSecond.toFixed(0)} req/s), ${reads.non2xx} answered non-2xx
(${JSON.stringify(reads.statusCounts)}), ${reads.errors} connection errors, ${reads.timeouts} timeouts.
Writes (creates): ${acked} acknowledged, ${checked - missing.length} of them read back; failed:
${failedWrites.size ? [...failedWrites].map(([k, n]) => `${n} × ${k}`).join(', ') : 'none'}; of the ${st.unanswered!.length} left without an answer,
${applied} had been applied (found in the database) and ${st.unanswered!.length - applied} had not.

HAProxy per server over the run (chosen, answers, cut-off answers, connection retries, redispatches):

${table(['server', 'chosen', '2xx', '5xx', 'cut off', 'retries', 'redispatched'], perServer)}

The writes that failed met the killed server: in flight on it when it died (HAProxy counts
the answer as cut off and does not send a write again elsewhere, as it may have been
applied: the client gets a 502 or a closed connection), or sent on a client connection
HAProxy was closing because its server connection had died. Which of them had been applied
is counted above: a person retrying such a write must look first. Requests that met the
dead server's closed port went to another server ("redispatched") until the health check
took it out, and did not fail.
`);
} finally {
  await balancer.stop();
  await Promise.all(instances.map((i) => i.handle.stop()));
  await db.kysely.destroy();
  rmSync(dir, { recursive: true, force: true });
}

const body = sections.join('\n');
console.log(body);
writeResults('scale', `Scale-out: ${COUNT} servers behind HAProxy on PostgreSQL`, body);
if (failures.length) {
  console.error(`test:scale: ${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
