/*
 * The built server (dist/server/index.js) as a child process, the way it is deployed:
 * started with its environment, timed from spawn to the first answer of /api/health,
 * its memory read from /proc, stopped with SIGTERM. Used by bench/api.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const SERVER_ENTRY = resolve(ROOT, 'dist', 'server', 'index.js');

/** A running server. */
export interface ServerHandle {
  pid: number;
  origin: string;
  /** Milliseconds from spawn to /api/health answering 200. */
  readyMs: number;
  /** CPU time (user + system) the server used until then: what a busy machine does not inflate. */
  readyCpuMs: number;
  /** Resident memory now and at its peak (VmRSS, VmHWM), in MiB. */
  memory(): { rssMiB: number; peakMiB: number };
  /** What the server wrote, for a failure message. */
  output(): string;
  stop(): Promise<void>;
}

function readMemory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/** CPU time (user + system) of a process so far, from /proc (clock ticks of 10 ms on Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
  });
}

/** Starts `node dist/server/index.js` with `env` on 127.0.0.1:`port` and waits until it answers. */
export async function startServer(opts: {
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerHandle> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  const origin = `http://127.0.0.1:${opts.port}`;
  const log: string[] = [];
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
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
  const gone = exited(child);

  const deadline = started + (opts.timeoutMs ?? 30_000);
  let readyMs = NaN;
  let readyCpuMs = NaN;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${origin}/api/health`);
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
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  };
  if (Number.isNaN(readyMs)) {
    await stop();
    throw new Error(`the server did not answer /api/health on ${origin}:\n${log.join('')}`);
  }
  return {
    pid: child.pid!,
    origin,
    readyMs,
    readyCpuMs,
    memory: () => readMemory(child.pid!),
    output: () => log.join(''),
    stop,
  };
}
