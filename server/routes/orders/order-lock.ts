import type { Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { inScope, type Scope } from './scope';

/*
 * Every write of an existing order (save, removal) starts by reading the order through
 * here, inside its transaction, and computes everything it stores — totals, lines, the
 * audit row's before/after, and through the triggers order_counts and order_sales — from
 * that copy. Two writes of one order must therefore not read it at the same time:
 *
 * - PostgreSQL (READ COMMITTED, a pool of connections): `SELECT … FOR UPDATE` holds the
 *   row until commit; a second writer waits, then reads the row as the first one left it
 *   (or nothing, if it was removed). Without it, two saves changing different item prices
 *   each stored a total computed from their own stale copy (issue 21: 7 rounds in 10).
 * - SQLite has one writer: Kysely's driver runs one transaction at a time on its single
 *   connection, so a transaction's reads and writes never interleave with another's in
 *   this process; another process's commit between this read and the write makes the
 *   write fail with SQLITE_BUSY (WAL snapshot), never store a stale total. SQLite has no
 *   FOR UPDATE, so nothing is added there.
 *
 * A new order (createorder) needs no lock: nobody else can see it before its transaction
 * commits, and its totals come from the lines it inserts in the same transaction.
 */

/** Order `id` (within `store`, null = every store), locked until `trx` ends; undefined when missing. */
export function lockOrder(trx: Transaction<Database>, id: number, store: Scope) {
  let query = trx.selectFrom('orders').selectAll().where('id', '=', id);
  for (const term of inScope(store, { column: 'store_user_id' })) query = query.where(term);
  return dialectOf(trx).lockForUpdate(query).executeTakeFirst();
}
