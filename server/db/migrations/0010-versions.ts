import type { Kysely, Migration } from 'kysely';

/*
 * Optimistic concurrency (issue 19, decision 041): each editable record gets a version,
 * 1 for every existing row, grown by one with each stored change. A constant default
 * makes this a change of the table's description on both engines (PostgreSQL 11+ and
 * SQLite neither rewrite the rows), so it is quick at 1,000,000 orders.
 */
const TABLES = ['orders', 'categories', 'items', 'users', 'roles'] as const;

export function versions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of TABLES)
        await db.schema
          .alterTable(table)
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of TABLES) await db.schema.alterTable(table).dropColumn('version').execute();
    },
  };
}
