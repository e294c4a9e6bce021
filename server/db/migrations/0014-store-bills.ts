import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/*
 * The store's bills (issue 28 item 3, DECISIONS §9). A store's tax profile — GSTIN
 * (optional), FSSAI licence number (needed before a bill prints), tax scheme — lives on
 * its user row like the rest of its business profile. An order's invoice number and the
 * instant it was issued live on the order; `invoice_counters` holds the last number issued
 * per store and financial year. A number is taken by incrementing that row inside the same
 * transaction that writes it onto the order (the order's row locked): concurrent issues of
 * one store wait on the counter's row, a rolled-back one gives its number back, so numbers
 * are consecutive with no gaps and none is reused; the unique index refuses a second order
 * with the same number whatever happens.
 */

export function storeBills(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('gstin', 'text').execute();
      await db.schema.alterTable('users').addColumn('fssai_number', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('tax_scheme', 'text', (c) => c.notNull().defaultTo('Regular'))
        .execute();
      await db.schema.alterTable('orders').addColumn('invoice_number', 'text').execute();
      await db.schema.alterTable('orders').addColumn('invoice_at', 'text').execute();
      await sql
        .raw(
          `create unique index orders_invoice_number on orders (invoice_number)${
            dialect === 'postgres' ? ' where invoice_number is not null' : ''
          }`,
        )
        .execute(db);
      await db.schema
        .createTable('invoice_counters')
        .addColumn('store_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('fy', 'text', (c) => c.notNull())
        .addColumn('last', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('invoice_counters_pk', ['store_user_id', 'fy'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('invoice_counters').ifExists().execute();
      await db.schema.dropIndex('orders_invoice_number').ifExists().execute();
      for (const c of ['invoice_at', 'invoice_number'])
        await db.schema.alterTable('orders').dropColumn(c).execute();
      for (const c of ['tax_scheme', 'fssai_number', 'gstin'])
        await db.schema.alterTable('users').dropColumn(c).execute();
    },
  };
}
