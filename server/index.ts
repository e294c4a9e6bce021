import { mkdirSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { loadConfig, resolveTokenSecret } from './env';
import { createLogger } from './logger';

/*
 * Start-up: configuration, database (migrate, seed only when empty), then listen.
 * SIGTERM/SIGINT stop accepting, let in-flight requests finish, then close the database.
 */

const config = loadConfig();
const logger = createLogger(config.logLevel);
mkdirSync(config.dataDir, { recursive: true });

const db = config.databaseUrl
  ? openDatabase({ dialect: 'postgres', url: config.databaseUrl })
  : openDatabase({ dialect: 'sqlite', path: config.sqlitePath });

try {
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info('migrations applied', { applied });
  if (await seedIfEmpty(db)) logger.info('empty database: demo data seeded');
} catch (err) {
  logger.error('database start-up failed', { err });
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

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  logger.info(`listening on http://${host}:${info.port}`, {
    database: db.dialect === 'postgres' ? 'postgresql' : config.sqlitePath,
  });
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  // Don't wait forever on a stuck client.
  const force = setTimeout(() => {
    logger.warn('forced exit after 10 s');
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close(async (err) => {
    if (err) logger.error('server close failed', { err });
    await db.kysely.destroy().catch((e: unknown) => logger.error('database close failed', { err: e }));
    process.exit(err ? 1 : 0);
  });
  // Idle keep-alive sockets would otherwise hold close() open until they time out.
  if ('closeIdleConnections' in server) (server as { closeIdleConnections(): void }).closeIdleConnections();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
