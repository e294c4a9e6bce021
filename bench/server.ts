/*
 * What a request costs in the product's stack (issue 18, item 1):
 *
 *   npm run bench:server [-- --duration 10] [--connections 50] [--port 3160] [--no-profile]
 *                        [--profile-case 1] [--top 20] [--entry path/to/dist/server/index.js]
 *                        [--section server] [--profile-out health.cpuprofile]
 *
 * On the same Node, in one run: a bare Hono app (bench/lib/bare-hono.mjs, the same adapter)
 * answering /api/health, then the built server on a fresh demo database: /api/health, a
 * signed-in small read (the roles list), an order by id and a page of the orders list,
 * each loaded by autocannon from a second process (50 connections, --duration s after a
 * warm-up). Req/s as a share of the bare app's (measured before and after, their mean).
 * Then the signed-in read again under `node --cpu-prof`: self time per place and per
 * function, to show where the fixed cost is. `--entry` measures another build (before and
 * after a change, into its own `--section`). Writes its section of bench/RESULTS.md.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuild } from './harness/build';
import { table, writeResults } from './harness/results';
import { cpuMs, startServer, type ServerHandle } from './harness/server';
import { PRINCIPALS, apiCall, signInApi, type ApiSession } from './harness/session';
import type { LoadResult } from './lib/api-load';
import { loadAverage, runLoad } from './lib/api-measure';
import { summarizeProfile } from './lib/cpu-profile';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3160' },
    'no-profile': { type: 'boolean', default: false },
    // Which case the CPU profile runs (its index in the table's order: 0 health, 1 the signed-in read…).
    'profile-case': { type: 'string', default: '1' },
    // How many functions the profile table lists.
    top: { type: 'string', default: '20' },
    entry: { type: 'string' },
    section: { type: 'string', default: 'server' },
    // Where to keep the raw profile (for Chromium DevTools or an inclusive-time reading).
    'profile-out': { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const BARE = resolve(import.meta.dirname, 'lib', 'bare-hono.mjs');
const ENTRY = args.entry ? resolve(args.entry) : undefined;

interface Case {
  name: string;
  path: string;
  signedIn: boolean;
}

const load = (server: ServerHandle, c: Case, session: ApiSession | null, duration = DURATION) =>
  runLoad(server, [{ path: c.path, headers: c.signedIn && session ? session.headers : {} }], {
    connections: CONNECTIONS,
    duration,
  });

/**
 * A measured load, with the server's CPU time (user + system, all its processes' main one)
 * per answered request: what a request costs the server whatever the load generator and the
 * machine's other work leave it, so it compares two runs far better than req/s does.
 */
async function measured(server: ServerHandle, c: Case, session: ApiSession | null) {
  const cpuBefore = cpuMs(server.pid);
  const r = checked(c.name, await load(server, c, session));
  return { r, cpuUs: ((cpuMs(server.pid) - cpuBefore) * 1000) / r.requests };
}

function checked(name: string, r: LoadResult): LoadResult {
  if (r.errors || r.timeouts || r.non2xx)
    throw new Error(`${name}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
  return r;
}

async function bareRun(): Promise<{ rps: number; cpuUs: number }> {
  const bare = await startServer({ port: PORT, entry: BARE });
  try {
    const health = { name: 'bare /api/health', path: '/api/health', signedIn: false };
    await load(bare, health, null, 2);
    const { r, cpuUs } = await measured(bare, health, null);
    return { rps: r.requestsPerSecond, cpuUs };
  } finally {
    await bare.stop();
  }
}

async function main() {
  if (!ENTRY) ensureBuild({ app: false });
  const loadBefore = loadAverage();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'bench-server-prof-'));
  try {
    const bareFirst = await bareRun();
    console.log(
      `bare Hono /api/health: ${Math.round(bareFirst.rps)} req/s, ${Math.round(bareFirst.cpuUs)} µs CPU`,
    );

    let server = await startServer({ port: PORT + 1, dataDir, entry: ENTRY });
    const admin = PRINCIPALS[0];
    const session = await signInApi(server.origin, admin.name, admin.mobile, admin.password);
    const firstOrder = await apiCall(server.origin, session, 'GET', 'orders/listorders?page=1&pageSize=1');
    const orderId = (firstOrder.body?.result.rows as { id: number }[])[0]!.id;
    const cases: Case[] = [
      { name: '/api/health', path: '/api/health', signedIn: false },
      { name: 'signed-in small read (roles list, 4 rows)', path: '/api/roles/listroles', signedIn: true },
      { name: 'order by id', path: `/api/orders/getorderbyid/${orderId}`, signedIn: true },
      {
        name: 'orders list page (25 rows)',
        path: '/api/orders/listorders?page=1&pageSize=25',
        signedIn: true,
      },
    ];
    const results: { c: Case; r: LoadResult; cpuUs: number }[] = [];
    try {
      for (const c of cases) {
        await load(server, c, session, 2); // warm-up: JIT, caches
        const { r, cpuUs } = await measured(server, c, session);
        console.log(`${c.name}: ${Math.round(r.requestsPerSecond)} req/s, ${Math.round(cpuUs)} µs CPU`);
        results.push({ c, r, cpuUs });
      }
    } finally {
      await server.stop();
    }
    const bareLast = await bareRun();
    console.log(
      `bare Hono /api/health again: ${Math.round(bareLast.rps)} req/s, ${Math.round(bareLast.cpuUs)} µs CPU`,
    );
    const bare = (bareFirst.rps + bareLast.rps) / 2;
    const bareCpu = (bareFirst.cpuUs + bareLast.cpuUs) / 2;

    const goals: Record<string, number> = { '/api/health': 50, [cases[1]!.name]: 25 };
    const rows = [
      ['bare Hono, /api/health', Math.round(bare), '100 %', '—', '—', Math.round(bareCpu), '100 %', '—', '—'],
      ...results.map(({ c, r, cpuUs }) => [
        c.name,
        Math.round(r.requestsPerSecond),
        `${((100 * r.requestsPerSecond) / bare).toFixed(1)} %`,
        goals[c.name] ? `≥ ${goals[c.name]} %` : '—',
        goals[c.name] ? ((100 * r.requestsPerSecond) / bare >= goals[c.name]! ? 'yes' : 'NO') : '—',
        Math.round(cpuUs),
        `${((100 * bareCpu) / cpuUs).toFixed(1)} %`,
        r.latencyMs.p50,
        r.latencyMs.p99,
      ]),
    ];
    const parts = [
      `${CONNECTIONS} connections, ${DURATION} s per case after a 2 s warm-up, autocannon in a second ` +
        `process; the built server (npm start's Node options) on a fresh demo database (SQLite), signed ` +
        `in as BlueTikAdmin. The bare app was measured before (${Math.round(bareFirst.rps)} req/s) and after ` +
        `(${Math.round(bareLast.rps)}); the share is of their mean. "CPU µs": the server process's user + ` +
        `system time over the measured run per answered request (/proc, 10 ms ticks); "bare/CPU" is the ` +
        `bare app's CPU per request as a share of the case's, the same ratio without the load generator's ` +
        `share of the two cores. Load average at the start ${loadBefore}, ` +
        `at the end ${loadAverage()} (2 cores: server and load generator share them).`,
      table(['case', 'req/s', 'of bare', 'goal', 'met', 'CPU µs', 'bare/CPU', 'p50 ms', 'p99 ms'], rows),
    ];

    const profiled = cases[Number(args['profile-case'])]!;
    if (!args['no-profile']) {
      server = await startServer({
        port: PORT + 1,
        dataDir,
        entry: ENTRY,
        nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profileDir],
      });
      try {
        await load(server, profiled, session);
      } finally {
        await server.stop();
      }
      const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
      if (!file) throw new Error('the server wrote no CPU profile');
      if (args['profile-out']) copyFileSync(join(profileDir, file), args['profile-out']);
      const p = summarizeProfile(join(profileDir, file));
      const share = (ms: number) => `${((100 * ms) / p.totalMs).toFixed(1)} %`;
      parts.push(
        `CPU profile of the server under "${profiled.name}" (${DURATION} s, \`node --cpu-prof\`, ` +
          `${Math.round(p.totalMs)} ms sampled, start-up included): self time by place, then the ${args.top} ` +
          `functions with the most self time.`,
        table(
          ['place', 'self ms', 'share'],
          p.places.slice(0, 12).map((x) => [x.place, Math.round(x.selfMs), share(x.selfMs)]),
        ),
        table(
          ['function', 'place', 'self ms', 'share'],
          p.functions
            .slice(0, Number(args.top))
            .map((f) => [f.name, f.place, Math.round(f.selfMs), share(f.selfMs)]),
        ),
      );
    }
    const body = parts.join('\n\n');
    console.log(`\n${body}\n`);
    writeResults(
      args.section!,
      `Per-request cost against bare Hono (\`npm run bench:server\`${ENTRY ? ` -- --entry ${args.entry}` : ''})`,
      body,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

await main();
