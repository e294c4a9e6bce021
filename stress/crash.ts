/*
 * Crash test (issue 8 item 7), not in CI:
 *
 *   npm run test:crash [-- --rounds 100 --writers 50 --term-rounds 3 --port 3172 --keep]
 *
 * Builds if needed, then on one SQLite data folder (bench/data/crash, wiped at the start
 * and kept across rounds) runs `--rounds` rounds of: start the built server, run
 * `--writers` concurrent writers through the API as four signed-in principals (signed in
 * once; the sessions and the token secret live in the data folder, so they survive
 * restarts), SIGKILL the server at a random moment, run PRAGMA integrity_check on the
 * killed database, restart, and read back every write that was answered with success.
 *
 * Writers: category creates and item creates (unique names; read back by id), and
 * updates of rows each writer owns alone (its category's name, its item's name, an
 * order's expected delivery date, a role's description). Each update carries a new
 * value, so after a kill the stored value must be the last acknowledged one or the one
 * in flight when the server died; anything older is a lost write.
 *
 * Then `--term-rounds` rounds of clean shutdown: SIGTERM while requests are in flight
 * (some with half-sent bodies, finished after the signal): those must all get their
 * answers, a new connection must be refused, and the process must exit 0 within 5 s.
 *
 * Last, with the server stopped, the integrity check (npm run check:integrity) on the
 * database: every order's stored totals against its lines, the counters against a
 * recount — what the kills must not have left half-written.
 *
 * Figures go to stdout and to bench/RESULTS.md (section "crash").
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { apiCall, PRINCIPALS, signInApi, type ApiSession } from '../bench/harness/session';
import { startServer, type ServerHandle } from '../bench/harness/server';
import { integrityOf } from '../scripts/check-integrity';
import { formatIntegrity } from '../server/routes/orders/orders.service';
import { ensureBuild } from '../bench/harness/build';
import {
  categoryBody,
  fail,
  itemBody,
  must,
  rand,
  runWriters,
  sleep,
  verify,
  type Kind,
  type Writer,
  type WriteState,
} from './crash-writers';
import { table, writeResults } from '../bench/harness/results';
import { canConnect, integrityCheck, slowWrite } from './crash-probes';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '100' },
    writers: { type: 'string', default: '50' },
    'term-rounds': { type: 'string', default: '3' },
    port: { type: 'string', default: '3172' },
    data: { type: 'string', default: 'bench/data/crash' },
    // Keep the data folder of a previous run (default: start from a fresh seed).
    keep: { type: 'boolean', default: false },
    'min-kill-ms': { type: 'string', default: '50' },
    'max-kill-ms': { type: 'string', default: '3000' },
  },
});
const ROUNDS = Number(args.rounds);
const WRITERS = Number(args.writers);
const TERM_ROUNDS = Number(args['term-rounds']);
const PORT = Number(args.port);
const DATA = resolve(args.data);
const DB_PATH = `${DATA}/app.db`;
const MIN_KILL = Number(args['min-kill-ms']);
const MAX_KILL = Number(args['max-kill-ms']);

// ---------------------------------------------------------------------------------

// The machine is shared: its load average goes with the figures.
const loadAtStart = loadavg()[0]!.toFixed(1);
ensureBuild();
if (!args.keep) rmSync(DATA, { recursive: true, force: true });

let server: ServerHandle = await startServer({ port: PORT, dataDir: DATA, timeoutMs: 60_000 });
// Never leave a server behind, whatever ends this script.
process.on('exit', () => server.child.kill('SIGKILL'));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(1));
const base = server.origin;
const sessions: ApiSession[] = [];
for (const p of PRINCIPALS) sessions.push(await signInApi(base, p.name, p.mobile, p.password));
const [admin, webAdminA, webUser, webAdminB] = sessions as [ApiSession, ApiSession, ApiSession, ApiSession];

// Orders each principal may update: one per update writer, never shared.
async function ordersOf(s: ApiSession, count: number): Promise<number[]> {
  const r = await must(
    apiCall(base, s, 'GET', `orders/listorders?page=1&pageSize=${count}&sort=createdDate&order=asc`),
  );
  return (r.rows as { id: number }[]).map((o) => o.id);
}
// Each non-admin user is its own store (DECISIONS §2), so each updates its own orders.
const storeOrders = [
  ...(await ordersOf(webAdminA, 5)).map((id) => ({ id, s: webAdminA })),
  ...(await ordersOf(webUser, 5)).map((id) => ({ id, s: webUser })),
  ...(await ordersOf(webAdminB, 5)).map((id) => ({ id, s: webAdminB })),
];
const taken = new Set(storeOrders.map((o) => o.id));
const adminOrders = (await ordersOf(admin, 60))
  .filter((id) => !taken.has(id))
  .map((id) => ({ id, s: admin }));
const roles = (await must(apiCall(base, admin, 'GET', 'roles/listroles?page=1&pageSize=10'))) as unknown as
  { rows: { id: number; name: string }[] } | { id: number; name: string }[];
const roleRows = Array.isArray(roles) ? roles : roles.rows;

const KINDS: Kind[] = ['createCategory', 'createItem', 'renameCategory', 'renameItem', 'updateOrder'];
const writers: Writer[] = [];
let orderPick = 0;
for (let i = 0; i < WRITERS; i++) {
  let kind = KINDS[i % KINDS.length]!;
  if (i % KINDS.length === 4 && Math.floor(i / KINDS.length) < roleRows.length) kind = 'updateRole';
  const w: Writer = { index: i, kind, session: admin, seq: 0 };
  if (kind === 'createItem' || kind === 'renameItem') w.session = i % 2 ? webAdminA : admin;
  if (kind === 'renameCategory') {
    const name = `crash own category ${i}`;
    w.target = (await must(apiCall(base, admin, 'POST', 'categories/upsertcategory', categoryBody('', name))))
      .id as number;
    w.acked = name;
  }
  if (kind === 'renameItem') {
    const name = `crash own item ${i}`;
    w.target = (await must(apiCall(base, admin, 'POST', 'items/upsertitem', itemBody('', name))))
      .id as number;
    w.acked = name;
  }
  if (kind === 'updateOrder') {
    const pool = orderPick < storeOrders.length ? storeOrders : adminOrders;
    const o = pool === storeOrders ? storeOrders[orderPick]! : adminOrders[orderPick - storeOrders.length];
    if (!o) fail('not enough orders for the order writers');
    orderPick++;
    w.target = o.id;
    w.session = o.s;
  }
  if (kind === 'updateRole') {
    const role = roleRows[Math.floor(i / KINDS.length)];
    if (!role) fail('no role for a role writer');
    w.target = role.id;
    w.session = admin;
  }
  writers.push(w);
}
const counts = Object.fromEntries(KINDS.concat('updateRole').map((k) => [k, 0])) as Record<Kind, number>;
for (const w of writers) counts[w.kind]++;
console.log(
  `crash test: ${ROUNDS} SIGKILL rounds + ${TERM_ROUNDS} SIGTERM rounds, ${WRITERS} writers ` +
    `(${Object.entries(counts)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}), data ${DATA}`,
);

const st: WriteState = {
  admin,
  writers,
  roleRows,
  created: [],
  unexpected: [],
  failureKinds: new Map(),
  createSeq: 0,
};

// ---------------------------------------------------------------------------------
// SIGKILL rounds

interface RoundFigures {
  round: number;
  killAtMs: number;
  acked: number;
  cutOff: number;
  checked: number;
  missing: number;
  integrity: string;
  restartMs: number;
}
const figures: RoundFigures[] = [];
let totalMissing = 0;
const started = performance.now();

for (let round = 1; round <= ROUNDS; round++) {
  const run = runWriters(st, round, base);
  // The random moment is counted from the first acknowledged write, so writes are flowing
  // (a server just restarted on a loaded machine takes a while to answer the first ones).
  const t0 = performance.now();
  while (run.acked() === 0 && performance.now() - t0 < 30_000) await sleep(10);
  const killAt = rand(MIN_KILL, MAX_KILL);
  await sleep(killAt);
  server.child.kill('SIGKILL');
  await server.exited;
  run.stop();
  const { acked, failedInFlight } = await run.done;
  const integrity = integrityCheck(DB_PATH);
  const t1 = performance.now();
  server = await startServer({ port: PORT, dataDir: DATA, timeoutMs: 30_000 });
  const restartMs = Math.round(performance.now() - t1);
  const { checked, missing } = await verify(st, base, round);
  totalMissing += missing.length;
  for (const m of missing) console.log(`  MISSING ${m}`);
  const f = {
    round,
    killAtMs: killAt,
    acked,
    cutOff: failedInFlight,
    checked,
    missing: missing.length,
    integrity,
    restartMs,
  };
  figures.push(f);
  console.log(
    `round ${String(round).padStart(3)}: kill ${String(killAt).padStart(4)} ms after writes flowed, ${String(acked).padStart(4)} writes acknowledged, ` +
      `${String(failedInFlight).padStart(2)} cut off in flight, ${checked} read back, missing ${missing.length}, ` +
      `integrity ${integrity}, restart ${restartMs} ms`,
  );
}

// Every create of every round, once more, against the final database.
const finalCheck = await verify(st, base, 1);
totalMissing += finalCheck.missing.length;
for (const m of finalCheck.missing) console.log(`  MISSING (final) ${m}`);
const killSeconds = (performance.now() - started) / 1000;

// ---------------------------------------------------------------------------------
// SIGTERM rounds: in-flight requests finish, new connections are refused, exit 0.

interface TermFigures {
  round: number;
  inFlight: number;
  answered: number;
  writerAnswered: number;
  writerReset: number;
  refusedNew: boolean;
  exitCode: number | null;
  exitMs: number;
  refusedAfterMs: number;
  exitAfterLastMs: number;
  ackedWrites: number;
  missing: number;
}
const termFigures: TermFigures[] = [];
for (let round = 1; round <= TERM_ROUNDS; round++) {
  // The held requests go first, while the server is idle, so their headers are read at once.
  const slow = Array.from({ length: 10 }, (_, i) => slowWrite(base, admin, `crash term r${round} slow ${i}`));
  await Promise.race([Promise.all(slow.map((s) => s.read)), sleep(30_000)]);
  // Every writer's connection is open and served once before the signal: a connection still
  // in the kernel's accept queue when listening stops is a new connection, and is refused.
  await Promise.all(writers.map((w) => apiCall(base, w.session, 'GET', 'health')));
  const run = runWriters(st, ROUNDS + round, base);
  await sleep(rand(100, 600));
  run.stop(); // no new writes after the signal; those under way must be answered
  const sigAt = performance.now();
  server.child.kill('SIGTERM');
  // While the held requests keep it alive, the server must stop taking connections.
  let refusedNew = false;
  while (!refusedNew && performance.now() - sigAt < 10_000) {
    refusedNew = !(await canConnect(PORT));
    if (!refusedNew) await sleep(20);
  }
  const refusedAfterMs = Math.round(performance.now() - sigAt);
  for (const s of slow) s.finish();
  const finishedAt = performance.now();
  const answers = await Promise.all(slow.map((s) => s.answer));
  const { acked, failedInFlight } = await run.done;
  const exit = await server.exited;
  let answered = 0;
  for (const [i, a] of answers.entries()) {
    if ('status' in a && a.status === 200) {
      answered++;
      st.created.push({
        kind: 'category',
        id: (JSON.parse(a.text) as { result: { id: number } }).result.id,
        name: slow[i]!.name,
        round: ROUNDS + round,
      });
    } else st.unexpected.push(`slow write during SIGTERM: ${JSON.stringify(a)}`);
  }
  if (integrityCheck(DB_PATH) !== 'ok') st.unexpected.push(`SIGTERM round ${round}: integrity check failed`);
  server = await startServer({ port: PORT, dataDir: DATA, timeoutMs: 30_000 });
  const { missing } = await verify(st, base, ROUNDS + round);
  totalMissing += missing.length;
  for (const m of missing) console.log(`  MISSING ${m}`);
  const t: TermFigures = {
    round,
    inFlight: slow.length,
    answered,
    writerAnswered: acked,
    writerReset: failedInFlight,
    refusedNew,
    exitCode: exit.code,
    exitMs: Math.round(exit.at - sigAt),
    refusedAfterMs,
    exitAfterLastMs: Math.round(exit.at - finishedAt),
    ackedWrites: acked + answered,
    missing: missing.length,
  };
  termFigures.push(t);
  console.log(
    `SIGTERM round ${round}: ${answered}/${slow.length} half-sent requests answered 200 after the signal, ` +
      `${acked} writer requests answered, ${failedInFlight} failed, new connections ${refusedNew ? `refused ${refusedAfterMs} ms after the signal` : 'STILL ACCEPTED'}, ` +
      `exit code ${exit.code} ${t.exitMs} ms after the signal (${t.exitAfterLastMs} ms after the held requests were completed), missing ${missing.length}`,
  );
}
server.child.kill('SIGTERM');
await server.exited;

const invariants = await integrityOf({ sqlitePath: DB_PATH });
console.log();
for (const line of formatIntegrity(invariants)) console.log(line);

// ---------------------------------------------------------------------------------

const ackedTotal = figures.reduce((s, f) => s + f.acked, 0);
const integrityOk = figures.filter((f) => f.integrity === 'ok').length;
const termOk = termFigures.filter(
  (t) =>
    t.answered === t.inFlight &&
    t.refusedNew &&
    t.exitCode === 0 &&
    t.exitAfterLastMs < 5000 &&
    t.missing === 0,
).length;
const restartSorted = figures.map((f) => f.restartMs).sort((a, b) => a - b);
const summary = [
  ['SIGKILL rounds', ROUNDS],
  ['concurrent writers', WRITERS],
  ['writes acknowledged (SIGKILL rounds)', ackedTotal],
  ['requests cut off in flight by the kill', figures.reduce((s, f) => s + f.cutOff, 0)],
  ['acknowledged writes missing after restart', totalMissing],
  ['integrity_check ok', `${integrityOk} / ${ROUNDS}`],
  [
    'restart time median / max',
    `${restartSorted[Math.floor(restartSorted.length / 2)] ?? '-'} / ${restartSorted.at(-1) ?? '-'} ms`,
  ],
  [
    'SIGTERM rounds clean (held requests answered, new connections refused, exit 0 within 5 s of the last answer)',
    `${termOk} / ${TERM_ROUNDS}`,
  ],
  [
    'SIGTERM: refused new connections after / exited after (from the signal)',
    termFigures.map((t) => `${t.refusedAfterMs} / ${t.exitMs} ms`).join(', ') || '-',
  ],
  [
    'SIGTERM: writer requests answered / cut off (50 writers in flight on open connections)',
    `${termFigures.reduce((s, t) => s + t.writerAnswered, 0)} / ${termFigures.reduce((s, t) => s + t.writerReset, 0)}`,
  ],
  ['unexpected answers (non-2xx to a write)', st.unexpected.length],
  [
    'integrity check at the end (stored totals vs lines, counters vs recount)',
    `${invariants.mismatches} mismatches over ${invariants.orders} orders, ${invariants.lines} lines`,
  ],
  ['wall time', `${killSeconds.toFixed(0)} s`],
] as const;
console.log('\nsummary');
for (const [k, v] of summary) console.log(`  ${k}: ${v}`);
for (const u of st.unexpected.slice(0, 20)) console.log(`  unexpected: ${u}`);
console.log(`  how cut-off requests failed: ${[...st.failureKinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);

writeResults(
  'crash',
  'Crash test (`npm run test:crash`)',
  table(
    ['measure', 'value'],
    summary.map(([k, v]) => [k, String(v)]),
  ),
  { 'load average (1 min) at start / end': `${loadAtStart} / ${loadavg()[0]!.toFixed(1)}` },
);

const ok =
  totalMissing === 0 &&
  integrityOk === ROUNDS &&
  termOk === TERM_ROUNDS &&
  st.unexpected.length === 0 &&
  invariants.mismatches === 0;
console.log(ok ? '\nPASS' : '\nFAIL');
process.exit(ok ? 0 : 1);
