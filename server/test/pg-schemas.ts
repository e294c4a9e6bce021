import pg from 'pg';

/*
 * Vitest global setup of the server-pg project: drops the test schemas (`t_…`, made by
 * server/test/harness.ts) that an interrupted earlier run left, and all of this run's when it
 * ends. The files themselves never drop one: see harness.ts.
 */
async function dropTestSchemas() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname like 't\\_%'`,
    );
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
  } finally {
    await client.end();
  }
}

export default async function setup() {
  await dropTestSchemas();
  return dropTestSchemas;
}
