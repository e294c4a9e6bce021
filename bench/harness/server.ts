/*
 * The built server (dist/server/index.js) as a child process, the way it is deployed:
 * started with its environment on loopback, timed from spawn to the first answer of
 * /api/health, its memory read from /proc, stopped with SIGTERM. Every bench and stress
 * script starts its server here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const SERVER_ENTRY = resolve(ROOT, 'dist', 'server', 'index.js');

/**
 * The options `npm start` gives Node (package.json's start script, the one place they are
 * written): every bench runs the server as it is deployed.
 */
export const START_NODE_ARGS: string[] = (() => {
  const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const found = /\bnode((?: --\S+)*) dist\/server\/index\.js/.exec(pkg.scripts.start);
  if (!found)
    throw new Error(`package.json's start script does not run dist/server/index.js: ${pkg.scripts.start}`);
  return found[1]!.split(' ').filter(Boolean);
})();

/** How the process ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when it did. */
  at: number;
}

/** A running server. */
export interface ServerHandle {
  child: ChildProcess;
  pid: number;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Milliseconds from spawn to /api/health answering 200. */
  readyMs: number;
  /** CPU time (user + system) the server used until then: what a busy machine does not inflate. */
  readyCpuMs: number;
  /** Resolves once the process is gone. */
  exited: Promise<Exit>;
  /** Resident memory now and at its peak (VmRSS, VmHWM), in MiB; with its worker processes. */
  memory(): { rssMiB: number; peakMiB: number };
  /** The last of what the server wrote, for a failure message. */
  output(): string;
  /** SIGTERM, then SIGKILL after 15 s; resolves when the process is gone. */
  stop(): Promise<void>;
}

/** What to start. */
export interface ServerOptions {
  port: number;
  /** DATA_DIR (the SQLite database and token secret live there). */
  dataDir?: string;
  /** DATABASE_URL (PostgreSQL instead of SQLite). */
  databaseUrl?: string;
  /** More environment (e.g. TRUST_PROXY); nothing else is inherited but PATH. */
  env?: Record<string, string>;
  /** Another build of the server (a before/after comparison). */
  entry?: string;
  /** Options for Node itself, after npm start's own and before the entry (e.g. `--expose-gc`). */
  nodeArgs?: string[];
  timeoutMs?: number;
}

/** The process's children (WORKERS > 1: the server processes under the supervisor). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Resident memory of the process and its children, summed (peak: the sum of each one's peak). */
function readMemory(pid: number) {
  let rssMiB = 0;
  let peakMiB = 0;
  for (const p of [pid, ...childPids(pid)]) {
    const status = readFileSync(`/proc/${p}/status`, 'utf8');
    const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    rssMiB += kib('VmRSS') / 1024;
    peakMiB += kib('VmHWM') / 1024;
  }
  return { rssMiB, peakMiB };
}

/** CPU time (user + system) of a process so far, from /proc (clock ticks of 10 ms on Linux). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts the built server and waits until /api/health answers (throws after `timeoutMs`). */
export async function startServer(opts: ServerOptions): Promise<ServerHandle> {
  const entry = opts.entry ?? SERVER_ENTRY;
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const origin = `http://127.0.0.1:${opts.port}`;
  const workers = Number(opts.env?.WORKERS ?? 1);
  const log: string[] = [];
  const started = performance.now();
  const child = spawn(process.execPath, [...START_NODE_ARGS, ...(opts.nodeArgs ?? []), entry], {
    cwd: ROOT,
    // Only what is named here: a DATABASE_URL in the caller's shell must not pick the engine.
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      NODE_ENV: 'production',
      // With workers, their "listening" lines tell when all of them are (below).
      LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? (workers > 1 ? 'info' : 'warn'),
      ...(opts.dataDir ? { DATA_DIR: opts.dataDir } : {}),
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<Exit>((done) =>
    child.once('exit', (code, signal) => done({ code, signal, at: performance.now() })),
  );

  const timeoutMs = opts.timeoutMs ?? 30_000;
  let readyMs = NaN;
  let readyCpuMs = NaN;
  while (performance.now() < started + timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.ok) {
        readyMs = performance.now() - started;
        readyCpuMs = cpuMs(child.pid!);
        break;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  // The first worker answers health; a load must not start before the others listen too.
  const listening = () => (log.join('').match(/"listening on /g) ?? []).length;
  while (workers > 1 && listening() < workers && performance.now() < started + timeoutMs)
    await new Promise((r) => setTimeout(r, 20));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  if (Number.isNaN(readyMs)) {
    await stop();
    throw new Error(
      `the server did not answer /api/health on ${origin} within ${timeoutMs} ms:\n${log.join('')}`,
    );
  }
  return {
    child,
    pid: child.pid!,
    origin,
    readyMs,
    readyCpuMs,
    exited,
    memory: () => readMemory(child.pid!),
    output: () => log.join(''),
    stop,
  };
}
