import type { Kysely, Migration } from 'kysely';

/*
 * Each user's language (issue 17, record 065): chosen on any device, it follows the
 * account to every other one (sign-in answers it). Null until the user chooses.
 */
export function userLanguage(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('language', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('language').execute();
    },
  };
}
