import cluster from 'node:cluster';
import { superviseWorkers } from './cluster';
import { loadConfig } from './env';
import { createLogger } from './logger';
import { openConfiguredDatabase, prepareDatabase, serveApp } from './serve';

/*
 * Start-up: configuration, then either one server process (server/serve.ts), or with
 * WORKERS > 1 a supervisor that migrates the database once and runs that many server
 * processes on the one port (server/cluster.ts).
 */

const config = loadConfig();
const logger = createLogger(config.logLevel);

if (config.workers > 1 && cluster.isPrimary) {
  const db = openConfiguredDatabase(config);
  const ready = await prepareDatabase(db, logger);
  await db.kysely.destroy();
  if (!ready) process.exit(1);
  superviseWorkers(config.workers, logger);
} else {
  await serveApp(config, logger, { prepare: cluster.isPrimary });
}
