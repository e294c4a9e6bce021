/*
 * The orders' invariants over a whole database (server/routes/orders/order-integrity.ts):
 * stored totals against the lines, the counters against a GROUP BY.
 *
 *   npm run check:integrity                          # SQLite at DATA_DIR/app.db (./data)
 *   npm run check:integrity -- --db bench/data/load/app.db
 *   DATABASE_URL=postgres://… npm run check:integrity
 *
 * Prints one line per invariant and the mismatches found; exits 1 on any mismatch, 2 when
 * the database can't be read. It only reads. The load and crash tests call
 * `integrityOf` at their end.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/database';
import { loadConfig } from '../server/env';
import {
  checkOrderIntegrity,
  formatIntegrity,
  type IntegrityReport,
} from '../server/routes/orders/orders.service';

/** Which database to check: a SQLite file or a PostgreSQL URL. */
export type IntegrityTarget = { sqlitePath: string } | { databaseUrl: string };

/** Opens the target, runs every check, closes it. */
export async function integrityOf(target: IntegrityTarget): Promise<IntegrityReport> {
  if ('sqlitePath' in target && !existsSync(target.sqlitePath))
    throw new Error(`no database at ${target.sqlitePath}`);
  const db =
    'databaseUrl' in target
      ? openDatabase({ dialect: 'postgres', url: target.databaseUrl, poolSize: 1 })
      : openDatabase({ dialect: 'sqlite', path: target.sqlitePath });
  try {
    return await checkOrderIntegrity(db.kysely);
  } finally {
    await db.kysely.destroy();
  }
}

async function main() {
  const { values } = parseArgs({ options: { db: { type: 'string' } } });
  const config = loadConfig();
  const target: IntegrityTarget = values.db
    ? { sqlitePath: resolve(values.db) }
    : config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { sqlitePath: config.sqlitePath };
  console.log(
    `check:integrity on ${'databaseUrl' in target ? 'PostgreSQL (DATABASE_URL)' : target.sqlitePath}`,
  );
  let report: IntegrityReport;
  try {
    report = await integrityOf(target);
  } catch (err) {
    console.error(`check:integrity: ${(err as Error).message}`);
    process.exit(2);
  }
  for (const line of formatIntegrity(report)) console.log(line);
  process.exit(report.mismatches === 0 ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
