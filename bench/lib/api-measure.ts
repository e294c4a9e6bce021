/*
 * What bench:api measures, apart from its report: the list cases in this process
 * (service level) and over one keep-alive connection to the built server (HTTP level),
 * the mixed read load in a second process, and opening each engine's bench database.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../../server/db/database';
import { listPage } from '../../server/routes/orders/orders.service';
import { request } from '../harness/http-client';
import { ROOT, type ServerHandle } from '../harness/server';
import type { LoadPlan, LoadResult } from './api-load';
import { prng } from './generate';
import type { OrderCase } from './order-cases';

const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
/** p50, p95, p99 (nearest rank) and max of some timings. */
export const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: pct(s, 0.5), p95: pct(s, 0.95), p99: pct(s, 0.99), max: s.at(-1)! };
};

/** One list case's timings. */
export interface CaseResult {
  c: OrderCase;
  total: number;
  service: ReturnType<typeof stats>;
  http?: ReturnType<typeof stats>;
  httpTotal?: number;
}

/** Service level: listPage() in this process. */
export async function serviceLevel(db: Db, cases: OrderCase[], samples: number): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  for (const c of cases) {
    let total = 0;
    const times: number[] = [];
    for (let i = 0; i <= samples; i++) {
      const t = performance.now();
      const res = await listPage(db.kysely, c.q, c.store, c.orderNamed);
      if (i > 0) times.push(performance.now() - t);
      total = res.total;
    }
    out.push({ c, total, service: stats(times) });
  }
  return out;
}

const listPath = (c: OrderCase) => `/api/orders/listorders?${c.qs}`;

/** HTTP level: the same cases against the built server, one keep-alive connection. */
export async function httpLevel(
  server: ServerHandle,
  results: CaseResult[],
  tokens: Record<string, string>,
  samples: number,
) {
  for (const r of results) {
    const headers = { Authorization: `Bearer ${tokens[r.c.who]}` };
    const times: number[] = [];
    for (let i = 0; i <= samples; i++) {
      const res = await request(server.origin, listPath(r.c), { headers });
      if (res.status !== 200) throw new Error(`${listPath(r.c)} answered ${res.status}: ${res.body}`);
      if (i > 0) times.push(res.ms);
      else r.httpTotal = (JSON.parse(res.body) as { result: { total: number } }).result.total;
    }
    r.http = stats(times);
  }
}

/** The mixed reads of the load: list pages (half), order details, dashboard, sales, catalog lists. */
export function loadMix(
  cases: OrderCase[],
  tokens: Record<string, string>,
  ids: Record<string, number[]>,
): LoadPlan['mix'] {
  const rnd = prng(7);
  const mix: LoadPlan['mix'] = [];
  const year = new Date().getUTCFullYear();
  for (const who of ['admin', 'store'] as const) {
    const headers = { Authorization: `Bearer ${tokens[who]}` };
    const add = (path: string, times = 1) => {
      for (let i = 0; i < times; i++) mix.push({ path, headers });
    };
    for (const c of cases.filter((x) => x.who === who)) {
      const page = c.qs.includes('page=') ? '' : `&page=${rnd.int(1, 5)}`;
      add(`${listPath(c)}${page}`);
      add(listPath(c));
    }
    const n = mix.length;
    for (let i = 0; i < n / 4; i++) add(`/api/orders/getorderbyid/${rnd.pick(ids[who]!)}`);
    add('/api/orders/getdashboardorder', Math.round(n / 16));
    add(`/api/orders/getyearlysales?year=${year}`, Math.round(n / 32));
    add('/api/categories/listcategories?page=1&pageSize=50', Math.round(n / 32));
    add('/api/items/listitems?page=1&pageSize=50', Math.round(n / 32));
    add('/api/items/listitems?page=2&pageSize=20&sort=name&order=desc', Math.round(n / 32));
  }
  return mix;
}

export async function runLoad(
  server: Pick<ServerHandle, 'origin'>,
  mix: LoadPlan['mix'],
  opts: { connections: number; duration: number },
): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const planFile = join(dir, 'plan.json');
  const plan: LoadPlan = {
    origin: server.origin,
    connections: opts.connections,
    durationSeconds: opts.duration,
    mix,
    seed: 11,
  };
  writeFileSync(planFile, JSON.stringify(plan));
  try {
    const out = await new Promise<string>((done, fail) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', resolve(import.meta.dirname, 'api-load.ts'), planFile],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let text = '';
      child.stdout.on('data', (c: Buffer) => (text += c.toString()));
      child.on('error', fail);
      child.on('exit', (code) =>
        code === 0 ? done(text) : fail(new Error(`the load process exited with ${code}`)),
      );
    });
    return JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bench databases' command-line options (bench:api, bench:deep, bench:tabs): engines, SQLite file, PostgreSQL URL. */
export const BENCH_DB_OPTIONS = {
  engines: { type: 'string', default: 'sqlite,postgres' },
  db: { type: 'string', default: 'bench/data/bench.db' },
  'pg-url': {
    type: 'string',
    default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench',
  },
} as const;

/** The machine's load average (1 / 5 / 15 min), as the benches print it beside their figures. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/** Opens the engine's bench database, or explains how to make it. */
export async function openBench(
  engine: 'sqlite' | 'postgres',
  where: { db: string; pgUrl: string },
): Promise<{ db: Db; serverEnv: Record<string, string> } | string> {
  if (engine === 'sqlite') {
    const path = resolve(where.db);
    if (!existsSync(path))
      return `${path} is missing: run \`npm run bench:seed -- --orders 1000000\` first (~30 s).`;
    // The server reads DATA_DIR/app.db: a folder of its own whose app.db is the bench db.
    const dataDir = join(dirname(path), 'api-server');
    mkdirSync(dataDir, { recursive: true });
    const link = join(dataDir, 'app.db');
    rmSync(link, { force: true });
    symlinkSync(path, link);
    return { db: openDatabase({ dialect: 'sqlite', path }), serverEnv: { DATA_DIR: dataDir } };
  }
  const url = where.pgUrl;
  const seedHint = `DATABASE_URL=${url} npm run bench:seed -- --orders 1000000 --reset`;
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    const found = await probe.query<{ n: string | null }>(`select to_regclass('orders')::text as n`);
    if (!found.rows[0]?.n) return `${url} has no orders table: run \`${seedHint}\` first.`;
  } catch (err) {
    return `cannot use ${url} (${(err as Error).message}): create the database and run \`${seedHint}\`.`;
  } finally {
    await probe.end().catch(() => undefined);
  }
  return {
    db: openDatabase({ dialect: 'postgres', url }),
    serverEnv: { DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-api-data-')) },
  };
}
