import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, signInApi } from '../bench/harness/session';
import { DEMO_ACCOUNTS } from './db/seed';

/*
 * WORKERS=2 as `npm start` runs it (server/index.ts through tsx's loader, which
 * node:cluster passes on to the workers): two processes answer on one port from one
 * database, a killed worker is replaced, and SIGTERM stops them all cleanly.
 */

const ROOT = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'workers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/** The server processes whose parent is `pid`, from /proc (not tsx's esbuild service). */
function workersOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const parent = Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        return parent === pid && readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('server/index.ts');
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const got = await Promise.resolve(probe()).catch(() => undefined);
    if (got !== undefined) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('WORKERS=2', () => {
  it('serves from two processes on one port and database, replaces a killed one, and stops on SIGTERM', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const log: string[] = [];
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WORKERS: '2',
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (b: Buffer) => log.push(b.toString()));
    server.stderr!.on('data', (b: Buffer) => log.push(b.toString()));
    const exited = new Promise<number | null>((done) => server.once('exit', (code) => done(code)));
    try {
      const listening = () => (log.join('').match(/listening on/g) ?? []).length;
      await until('two workers listening', () => (listening() >= 2 ? true : undefined));
      const workers = workersOf(server.pid!);
      expect(workers).toHaveLength(2);
      // Migrated and seeded once, by the supervisor.
      expect(log.join('').match(/demo data seeded/g)).toHaveLength(1);

      // A session made through one process is honoured by the other (rows, not memory).
      const { mobile, password } = DEMO_ACCOUNTS.BlueTikAdmin;
      const session = await signInApi(base, 'BlueTikAdmin', mobile, password);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => apiCall(base, session, 'GET', 'categories/listcategories')),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));

      process.kill(workers[0]!, 'SIGKILL');
      const replaced = await until('a replacement worker', () => {
        const now = workersOf(server.pid!);
        return now.length === 2 && !now.includes(workers[0]!) ? now : undefined;
      });
      expect(replaced).toContain(workers[1]);
      await until('three listening lines', () => (listening() >= 3 ? true : undefined));
      expect((await apiCall(base, session, 'GET', 'categories/listcategories')).status).toBe(200);
      expect(log.join('')).toMatch(/worker exited: starting another/);

      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(workersOf(server.pid!)).toEqual([]);
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
    }
  }, 90_000);
});
