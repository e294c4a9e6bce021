import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { SqlDialect } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { fitsIdColumn } from '../../lib/ids';

/*
 * Every order read and write takes the caller's store scope (null = every store,
 * BlueTikAdmin) and filters by it in SQL, so another store's order is indistinguishable
 * from a missing one. This is the one way that filter is written.
 */

/** The caller's store: its user id, or null for every store. */
export type Scope = number | null;

export type Kdb = Kysely<Database>;
export type OrdersEb = ExpressionBuilder<Database, 'orders'>;
/** A WHERE over orders, as the list's pieces pass them around. */
export type OrdersWhere = (eb: OrdersEb) => Expression<SqlBool>;

/**
 * The store scope as terms of a WHERE: none for every store; `false` for an id no row can
 * have (PostgreSQL would refuse to compare it); else `column = store`. `column` names the
 * store column of the table read (orders by default; the counters' own column, or an
 * unqualified one). `hiddenBy` hides it from SQLite's planner (dialect.hide), so another
 * index leads the plan.
 */
export function inScope(
  store: Scope,
  opts: { column?: string; hiddenBy?: SqlDialect } = {},
): Expression<SqlBool>[] {
  if (store === null) return [];
  if (!fitsIdColumn(store)) return [sql.lit(false).$castTo<SqlBool>()];
  const column = sql.ref<number>(opts.column ?? 'orders.store_user_id');
  return [sql<SqlBool>`${opts.hiddenBy ? opts.hiddenBy.hide(column) : column} = ${store}`];
}
