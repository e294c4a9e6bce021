/*
 * What the scale test (stress/scale.ts) stands on: a fresh PostgreSQL database, N built
 * servers on it (one token secret, TRUST_PROXY=1: the balancer's X-Forwarded-For names
 * the client), and HAProxy in front of them, started from a configuration written here and
 * driven through its admin socket (servers taken out and back, per-server counters).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { startServer, type ServerHandle } from '../bench/harness/server';

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** Drops and creates `url`'s database (connecting to the server's `postgres` database). */
export async function freshPgDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** One server behind the balancer. */
export interface Instance {
  name: string;
  port: number;
  handle: ServerHandle;
}

/** Starts (or restarts) instance `name` on `port` over the shared database and secret. */
export async function startInstance(
  name: string,
  port: number,
  shared: { databaseUrl: string; tokenSecret: string },
): Promise<Instance> {
  const handle = await startServer({
    port,
    databaseUrl: shared.databaseUrl,
    env: { TOKEN_SECRET: shared.tokenSecret, TRUST_PROXY: '1' },
  });
  return { name, port, handle };
}

/** HAProxy in front of the instances: round robin, health checks, retries on refused connections. */
export interface Balancer {
  origin: string;
  process: ChildProcess;
  /** Runs one admin-socket command and returns its answer. */
  admin(command: string): Promise<string>;
  /** Per-server counters (HAProxy's `show stat`). */
  stats(): Promise<ServerStats[]>;
  stop(): Promise<void>;
}

export interface ServerStats {
  name: string;
  status: string;
  /** Times the balancer chose this server. */
  chosen: number;
  /** Answers by class. */
  responses: { '2xx': number; '4xx': number; '5xx': number };
  /** Connection attempts retried, and requests sent to another server after a failure. */
  retries: number;
  redispatches: number;
  /** Answers cut off by the server (e.g. killed mid-request). */
  responseErrors: number;
}

/**
 * Health check every 500 ms (two failures: out, two passes: back in). `retries` with
 * `option redispatch` retries only a connection the server refused or never accepted —
 * nothing was sent, so a write is never sent twice; a request already sent to a server
 * that dies fails with 502 and is counted, not repeated (HAProxy's default `retry-on
 * conn-failure`).
 */
export function haproxyConfig(dir: string, port: number, instances: { name: string; port: number }[]) {
  return `global
  maxconn 4096
  stats socket ${join(dir, 'admin.sock')} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  retries 3
  option redispatch
  option forwardfor

frontend app_in
  bind 127.0.0.1:${port}
  default_backend app

backend app
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server check inter 500 fall 2 rise 2
${instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port}`).join('\n')}
`;
}

export async function startBalancer(
  dir: string,
  port: number,
  instances: { name: string; port: number }[],
): Promise<Balancer> {
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(dir, port, instances));
  const log: string[] = [];
  // -db: stay in the foreground, so the process is ours to stop.
  const child = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (b: Buffer) => log.push(b.toString()));
  child.stderr!.on('data', (b: Buffer) => log.push(b.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const origin = `http://127.0.0.1:${port}`;

  const admin = (command: string) =>
    new Promise<string>((done, fail) => {
      const socket = connect(join(dir, 'admin.sock'));
      let text = '';
      socket.on('connect', () => socket.end(`${command}\n`));
      socket.on('data', (b) => (text += b.toString()));
      socket.on('end', () => done(text));
      socket.on('error', fail);
    });

  const stats = async (): Promise<ServerStats[]> => {
    const [head, ...rows] = (await admin('show stat')).trim().split('\n');
    const columns = head!.replace(/^# /, '').split(',');
    const at = (row: string[], column: string) => row[columns.indexOf(column)] ?? '';
    const n = (row: string[], column: string) => Number(at(row, column) || 0);
    return rows
      .map((line) => line.split(','))
      .filter((row) => at(row, 'pxname') === 'app' && !['FRONTEND', 'BACKEND'].includes(at(row, 'svname')))
      .map((row) => ({
        name: at(row, 'svname'),
        status: at(row, 'status'),
        chosen: n(row, 'lbtot'),
        responses: { '2xx': n(row, 'hrsp_2xx'), '4xx': n(row, 'hrsp_4xx'), '5xx': n(row, 'hrsp_5xx') },
        retries: n(row, 'wretr'),
        redispatches: n(row, 'wredis'),
        responseErrors: n(row, 'eresp'),
      }));
  };

  // Ready when every server has passed its health checks.
  const end = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited at start:\n${log.join('')}`);
    const up = await stats().catch(() => [] as ServerStats[]);
    if (up.length === instances.length && up.every((s) => s.status === 'UP')) break;
    if (Date.now() > end) throw new Error(`HAProxy's servers are not all UP: ${JSON.stringify(up)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    process: child,
    admin,
    stats,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until HAProxy reports `server` in `status` (UP, DOWN, MAINT). */
export async function untilServer(balancer: Balancer, server: string, status: RegExp, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    const s = (await balancer.stats()).find((x) => x.name === server);
    if (s && status.test(s.status)) return;
    if (Date.now() > end) throw new Error(`${server} did not become ${status} (now ${s?.status})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
