import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { analyzeNewSqliteIndexes } from './analyze-new';

/*
 * The audit trail's list (listaudit): one index per sort it offers, each ending in the id
 * that breaks ties, so a page is a range of an index whatever the sort. The user-name
 * index also holds the prefix search ("anil" finds "Anil Reddy"): lower-cased and compared
 * bytewise, SQLite's default and PostgreSQL's "C" collation, so a prefix is one range and
 * both engines sort names alike. The entity and action indexes lead with the filter, so a
 * filtered page newest first is a range too. SQL shared with the list's service.
 */

/** The audit list's user-name key, as its index holds it. */
export const auditNameKey = (dialect: Dialect) =>
  dialect === 'postgres' ? 'lower(user_name) collate "C"' : 'lower(user_name)';

const indexes = (dialect: Dialect): [name: string, columns: string][] => [
  ['audit_log_at', 'at, id'],
  ['audit_log_user_name', `${auditNameKey(dialect)}, id`],
  ['audit_log_entity_id', 'entity, id'],
  ['audit_log_action_id', 'action, id'],
];

export function auditList(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, columns] of indexes(dialect))
        await sql.raw(`create index ${name} on audit_log (${columns})`).execute(db);
      if (dialect === 'sqlite')
        await analyzeNewSqliteIndexes(
          db,
          indexes(dialect).map(([name]) => name),
        );
      else await sql`analyze audit_log`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of indexes(dialect)) await db.schema.dropIndex(name).ifExists().execute();
    },
  };
}
