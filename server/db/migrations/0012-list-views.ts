import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/*
 * Saved views of a list (issue 15 item 3, record 056). A view is one row: its owner, the
 * owner's store at the last save (what `share = 'store'` shares with; null for the platform
 * admin, who has none), its name, share, and the list's filter and layout as JSON text,
 * validated by the contract (contract/list-views.ts) on the way in, so both engines store
 * and answer the same text. A user's default view of a list is a row of its own table.
 *
 * Names are unique per owner and list, case-insensitively: `name_key` holds the name as
 * the server folds it (JavaScript's lowercase of its NFC form), the same on both engines
 * (SQLite's lower() folds ASCII only, PostgreSQL's follows the database's locale), and the
 * unique index on it is the last word should two saves race.
 *
 * Indexes serve "the views I may open" (views.service.ts): mine is (owner, list, …), which
 * also serves the cascade when an owner is removed; those shared with my store or with
 * everyone are (list, share, store).
 */
export function listViews(dialect: Dialect): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('list_views')
        .addColumn('id', 'integer', id)
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // Set null with its store gone: a store-shared view then shows to its owner alone.
        .addColumn('store_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('share', 'text', (c) => c.notNull().defaultTo('private'))
        .addColumn('filter', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('layout', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addCheckConstraint('list_views_share', sql`share in ('private', 'store', 'everyone')`)
        .execute();
      await db.schema
        .createIndex('list_views_owner_name')
        .on('list_views')
        .columns(['owner_user_id', 'list', 'name_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('list_views_shared')
        .on('list_views')
        .columns(['list', 'share', 'store_user_id'])
        .execute();

      await db.schema
        .createTable('list_view_defaults')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('list', 'text', (c) => c.notNull())
        // A removed view stops being anyone's default with it.
        .addColumn('view_id', 'integer', (c) => c.notNull().references('list_views.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('list_view_defaults_pk', ['user_id', 'list'])
        .execute();
      await db.schema
        .createIndex('list_view_defaults_view')
        .on('list_view_defaults')
        .column('view_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('list_view_defaults').execute();
      await db.schema.dropTable('list_views').execute();
    },
  };
}
