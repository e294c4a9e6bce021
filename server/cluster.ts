import cluster from 'node:cluster';
import type { Logger } from './logger';

/*
 * WORKERS=N (issue 18): N server processes on one machine, sharing the port through
 * node:cluster (the supervisor accepts and hands connections round-robin) and the one
 * database. Nothing they must agree on lives in a process: sessions, the sign-in limiter,
 * the live checks and every count are rows (docs/decisions/068). The supervisor has
 * migrated the database before it starts them.
 *
 * A worker that dies is replaced; one that dies again and again (more than MAX_RESTARTS in
 * RESTART_WINDOW_MS: a bad configuration, a database gone) stops the whole server instead
 * of spinning. SIGTERM/SIGINT are passed on; each worker finishes its in-flight requests
 * (server/serve.ts) and the supervisor exits when the last has.
 */

const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 10_000;
/** A worker's own shutdown forces itself after 10 s; this is the backstop behind it. */
const STOP_GRACE_MS = 12_000;

/** Starts `count` workers and keeps that many running until a signal. */
export function superviseWorkers(count: number, logger: Logger) {
  let stopping = false;
  let exitCode = 0;
  const restarts: number[] = [];
  const running = () => Object.keys(cluster.workers ?? {}).length;

  for (let i = 0; i < count; i++) cluster.fork();
  logger.info('supervising server workers', { workers: count, pid: process.pid });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (running() === 0) {
        logger.info('stopped', { workers: count });
        process.exit(exitCode);
      }
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      logger.error('workers keep exiting: stopping the server', { code, signal, restarts: restarts.length });
      stop('crash loop', 1);
      return;
    }
    logger.error('worker exited: starting another', { pid: worker.process.pid, code, signal });
    cluster.fork();
  });

  function stop(reason: string, code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    logger.info('shutting down', { reason, workers: running() });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (running() === 0) process.exit(exitCode);
    setTimeout(() => {
      logger.warn('workers still running after 12 s: killing them');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  }
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
