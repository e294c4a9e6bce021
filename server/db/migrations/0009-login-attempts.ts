import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/*
 * The sign-in limiter's state (DECISIONS §3, issue 21), in the database so every server
 * instance shares it and a restart keeps it (it was process memory before). One row per
 * attempt, reserved before the password is checked (server/auth/rate-limit.ts): a row
 * counts for its account while `account` is set and for its address while `address` is
 * set, within the window. Rows older than the window are purged as new ones come in.
 *
 * Indexes: the two counts (account or address, then time) and the purge (time).
 */
export function loginAttempts(dialect: Dialect): Migration {
  // bigint on PostgreSQL: ids are never reused, and the purge keeps the table small, not the ids.
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_attempts')
        .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', id)
        .addColumn('account', 'text')
        .addColumn('address', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_attempts_account')
        .on('login_attempts')
        .columns(['account', 'at'])
        .execute();
      await db.schema
        .createIndex('login_attempts_address')
        .on('login_attempts')
        .columns(['address', 'at'])
        .execute();
      await db.schema.createIndex('login_attempts_at').on('login_attempts').column('at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('login_attempts').execute();
    },
  };
}
