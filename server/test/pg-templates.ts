import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedIfEmpty } from '../db/seed';

/*
 * Vitest global setup of the server-pg project. Every test file gets a PostgreSQL database of
 * its own (server/test/harness.ts), copied from a template this setup makes once per run:
 * `CREATE DATABASE … TEMPLATE` took 45–145 ms where migrating and seeding a schema of the
 * file's own took 1.3–1.5 s on a quiet machine, and twice that under CI's load, for each of
 * some 130 files (record 080). Two templates: migrated, and migrated and seeded with the
 * default demo data. A file that asks for other data starts from the first and seeds itself.
 *
 * Names: `t_<run>_…`, where <run> is this process's pid. The databases of a run whose process
 * is gone (interrupted) are dropped at the next start; this run's, when it ends.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplates: { run: string; migrated: string; seeded: string };
  }
}

/** TEST_DATABASE_URL with another database name. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function dropDatabases(client: pg.Client, which: (run: number) => boolean) {
  const { rows } = await client.query<{ name: string }>(
    `select datname as name from pg_database where datname like 't\\_%' and not datistemplate`,
  );
  for (const { name } of rows) {
    const run = Number(/^t_(\d+)_/.exec(name)?.[1]);
    if (Number.isInteger(run) && which(run))
      await client.query(`drop database if exists "${name}" with (force)`);
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const run = process.pid;
  const names = { run: String(run), migrated: `t_${run}_migrated`, seeded: `t_${run}_seeded` };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await dropDatabases(client, (r) => r !== run && !alive(r));
    // The per-file schemas of the runs before record 080, if any are left.
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname like 't\\_%'`,
    );
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);

    await client.query(`create database "${names.migrated}"`);
    const migrated = openDatabase({
      dialect: 'postgres',
      url: databaseUrl(url, names.migrated),
      poolSize: 1,
    });
    await migrateToLatest(migrated).finally(() => migrated.kysely.destroy());
    await client.query(`create database "${names.seeded}" template "${names.migrated}"`);
    const seeded = openDatabase({ dialect: 'postgres', url: databaseUrl(url, names.seeded), poolSize: 1 });
    await seedIfEmpty(seeded).finally(() => seeded.kysely.destroy());
  } finally {
    await client.end();
  }
  project.provide('pgTemplates', names);
  return async () => {
    const end = new pg.Client({ connectionString: url });
    await end.connect();
    await dropDatabases(end, (r) => r === run).finally(() => end.end());
  };
}
