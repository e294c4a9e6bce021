import { mkdirSync } from 'node:fs';
import { get, type Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { resolveTokenSecret, type Config } from './env';
import { gracefulShutdown } from './http/graceful';
import { applyServerLimits, serverOptions } from './http/server-limits';
import type { Logger } from './logger';
import { warmOrderList } from './routes/orders/orders.service';

/*
 * One server process: open the database, listen, and on SIGTERM/SIGINT stop accepting,
 * let in-flight requests finish, then close the database. With WORKERS > 1 each worker
 * of server/cluster.ts runs this, after the supervisor has migrated the database once.
 */

/** The configured database, opened. */
export function openConfiguredDatabase(config: Config): Db {
  mkdirSync(config.dataDir, { recursive: true });
  return config.databaseUrl
    ? openDatabase({ dialect: 'postgres', url: config.databaseUrl })
    : openDatabase({ dialect: 'sqlite', path: config.sqlitePath });
}

/** Migrates, and seeds an empty database; false (logged) when that failed. */
export async function prepareDatabase(db: Db, logger: Logger): Promise<boolean> {
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info('migrations applied', { applied });
    if (await seedIfEmpty(db)) logger.info('empty database: demo data seeded');
    return true;
  } catch (err) {
    logger.error('database start-up failed', { err });
    return false;
  }
}

/** Serves the app on the configured port until a signal; `prepare` migrates first. */
export async function serveApp(config: Config, logger: Logger, opts: { prepare: boolean }) {
  const db = openConfiguredDatabase(config);
  if (opts.prepare && !(await prepareDatabase(db, logger))) {
    await db.kysely.destroy();
    process.exit(1);
  }

  const app = createApp({
    db,
    tokenSecret: resolveTokenSecret(config),
    staticDir: config.staticDir,
    trustProxy: config.trustProxy,
    logger,
  });

  let stopping = false;
  const graceful = gracefulShutdown();
  const server = serve(
    {
      fetch: graceful.track(app.fetch),
      port: config.port,
      hostname: config.host,
      serverOptions: serverOptions(config.http),
    },
    (info) => {
      const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      logger.info(`listening on http://${host}:${info.port}`, {
        database: db.dialect === 'postgres' ? 'postgresql' : config.sqlitePath,
      });
      // In the background, once listening (the start is not made longer): the first
      // signed-in call then costs what a warm one does — the token check (WebCrypto, the
      // session statement), one request over loopback through Node's HTTP server, the
      // adapter and the middleware, and the orders list (routes/orders/list/warm-up.ts).
      const started = performance.now();
      (async () => {
        await app.ctx.tokens.warm();
        // A probe that fails (a host this process can't reach itself on) warms less, no more.
        await probe(config.host, info.port).catch(() => undefined);
        await warmOrderList(db.kysely, db.dialect === 'postgres');
      })().then(
        () => logger.info('orders list warmed', { ms: Math.round(performance.now() - started) }),
        (err: unknown) => stopping || logger.warn('orders list warm-up failed', { err }),
      );
    },
  );

  // serve() over plain HTTP (no createServer option) answers with a node:http Server.
  applyServerLimits(server as Server, config.http);
  graceful.attach(server as Server);

  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal, inFlight: graceful.inFlight() });
    // Don't wait forever on a stuck client.
    const force = setTimeout(() => {
      logger.warn('forced exit after 10 s');
      process.exit(1);
    }, 10_000);
    force.unref();
    graceful
      .close()
      .then(
        () => 0,
        (err: unknown) => {
          logger.error('server close failed', { err });
          return 1;
        },
      )
      .then(async (code) => {
        await db.kysely.destroy().catch((e: unknown) => logger.error('database close failed', { err: e }));
        logger.info('stopped', { signal });
        process.exit(code);
      });
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** One GET /api/health to this server over loopback, as a balancer's probe makes it. */
function probe(host: string, port: number): Promise<void> {
  const to = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return new Promise((done, fail) => {
    const req = get({ host: to, port, path: '/api/health', agent: false, timeout: PROBE_TIMEOUT_MS }, (res) =>
      res.resume().on('end', done),
    );
    req.on('timeout', () => req.destroy(new Error('probe timed out'))).on('error', fail);
  });
}

/** How long the start's own probe may take before the warm-up goes on without it. */
const PROBE_TIMEOUT_MS = 2_000;
