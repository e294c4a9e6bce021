import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/*
 * New orders ring until someone takes them (issue 28 item 1): who took an order and when
 * live on the order (the audit trail says it too). An order is taken when someone opens it
 * or changes its status. The shell's live check counts the New Orders in scope nobody has
 * taken: a partial index holds exactly those (a few at any moment), by store, so the count
 * is a short index read at 1,000,000 orders. Orders that are New at this migration were
 * there before the ring: they count as taken (when they were last changed).
 */

/** Orders already New when the ring came (or loaded in bulk, bench/seed.ts) count as taken. */
export const PAST_ORDERS_TAKEN_SQL =
  'update orders set taken_at = updated_at where status = 0 and taken_at is null';

export function orderTaken(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('taken_at', 'text').execute();
      await db.schema.alterTable('orders').addColumn('taken_by', 'integer').execute();
      await sql.raw(PAST_ORDERS_TAKEN_SQL).execute(db);
      await sql`create index orders_untaken on orders (store_user_id, id) where status = 0 and taken_at is null`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_untaken').ifExists().execute();
      for (const c of ['taken_by', 'taken_at']) await db.schema.alterTable('orders').dropColumn(c).execute();
    },
  };
}
