import { sql, type Kysely, type Migration } from 'kysely';
import { promisedAt } from '#contract/time-left';
import type { Dialect } from '../database';

/*
 * Time left on every open order (issue 28 item 2, record 062). `due_at` is the promised
 * delivery instant (contract/time-left.ts promisedAt), written with the order and again
 * whenever its expected date or time changes; null when nothing was promised.
 *
 * The list filters (Overdue) and sorts (time left) by one key, TIME_LEFT_KEY_SQL: the
 * promise of an open order (New Order, Processing, On the Way), a far-future stand-in for
 * an open order without a promise, and a later one for a closed order. Two indexes on it,
 * like every sort column's (0004): over every store and within a store, each covering the
 * list's filter columns. Overdue is the key's range before now; sorted by time left, the
 * most urgent open orders come first and the closed ones last. A query must spell the key
 * exactly as the index does (SQLite and PostgreSQL match an indexed expression by its
 * shape): the list reads this constant.
 */

/** An open order without a promise sorts after every promise (and is never overdue). */
export const NO_PROMISE_KEY = '9999-12-30T00:00:00.000Z';
/** A closed order (Delivered, Cancelled) sorts after every open one. */
export const CLOSED_KEY = '9999-12-31T23:59:59.999Z';

/** The time-left key of an order row, its columns named after `table` (a query's 'orders.'). */
export const timeLeftKeySql = (table = '') =>
  `(case when ${table}status in (0, 1, 2) then coalesce(${table}due_at, '${NO_PROMISE_KEY}') else '${CLOSED_KEY}' end)`;

/** The key as the indexes hold it. */
export const TIME_LEFT_KEY_SQL = timeLeftKeySql();

export const COVER = 'created_at, id, status, payment_type, is_settled';

/** Writes `due_at` of every order from its promise (the migration's backfill), a batch at a time. */
async function backfill(db: Kysely<unknown>, dialect: Dialect) {
  const k = db as unknown as Kysely<{
    orders: {
      id: number;
      store_user_id: number;
      expected_delivery_date: string | null;
      exp_hours: number;
      exp_minutes: number;
      exp_time_period: string;
      created_at: string;
      due_at: string | null;
    };
    users: { id: number; delivery_time: number | null };
  }>;
  for (let after = 0; ;) {
    const rows = await k
      .selectFrom('orders')
      .leftJoin('users', 'users.id', 'orders.store_user_id')
      .select([
        'orders.id',
        'orders.expected_delivery_date',
        'orders.exp_hours',
        'orders.exp_minutes',
        'orders.exp_time_period',
        'orders.created_at',
        'users.delivery_time',
      ])
      .where('orders.id', '>', after)
      .orderBy('orders.id')
      .limit(2000)
      .execute();
    if (!rows.length) return;
    after = rows.at(-1)!.id;
    const dues = rows.map((r) => ({
      id: r.id,
      due: promisedAt({
        expectedDate: r.expected_delivery_date,
        hours: r.exp_hours,
        minutes: r.exp_minutes,
        period: r.exp_time_period,
        createdAt: r.created_at,
        deliveryTime: r.delivery_time,
      }),
    }));
    if (dialect === 'postgres') {
      const values = sql.join(dues.map((x) => sql`(${x.id}::integer, ${x.due}::text)`));
      await sql`update orders set due_at = v.due from (values ${values}) as v(id, due) where orders.id = v.id`.execute(
        db,
      );
    } else
      await k.transaction().execute(async (trx) => {
        for (const x of dues)
          await trx.updateTable('orders').set({ due_at: x.due }).where('id', '=', x.id).execute();
      });
  }
}

export function orderDue(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('due_at', 'text').execute();
      await backfill(db, dialect);
      await sql
        .raw(`create index orders_time_left on orders (${TIME_LEFT_KEY_SQL}, ${COVER}, store_user_id)`)
        .execute(db);
      await sql
        .raw(`create index orders_store_time_left on orders (store_user_id, ${TIME_LEFT_KEY_SQL}, ${COVER})`)
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const name of ['orders_store_time_left', 'orders_time_left'])
        await db.schema.dropIndex(name).ifExists().execute();
      await db.schema.alterTable('orders').dropColumn('due_at').execute();
    },
  };
}
