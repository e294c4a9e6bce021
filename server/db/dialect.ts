import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { isPostgres, type Dialect } from './database';
import type { Database } from './schema';

/*
 * The few places where one Kysely query can't be written the same for SQLite and
 * PostgreSQL, behind one object: services ask `dialectOf(db)` for the operation instead of
 * branching on the engine themselves. What remains keyed by `name` is strategy, not
 * syntax: SQLite's planner takes the hints written here (`+column`), PostgreSQL plans by
 * its own statistics, so a few list plans are chosen differently (orders/list/).
 */

/** A select that can hold row locks (Kysely's `forUpdate` / `forKeyShare`). */
interface Lockable<Q> {
  forUpdate(): Q;
  forKeyShare(): Q;
}

/** The SQL differences between the two engines. */
export interface SqlDialect {
  /** Which engine (migrations' SQL and the plans that differ by planner are keyed by it). */
  readonly name: Dialect;
  /**
   * `expr` hidden from SQLite's planner (`+expr`: no index on it may lead the plan, so the
   * plan chosen in code is the one run, with or without ANALYZE statistics); PostgreSQL
   * plans by its statistics and takes `expr` as is. `grouped` writes `+(expr)`, for an
   * expression more than a column.
   */
  hide<T>(expr: Expression<T>, grouped?: boolean): Expression<T>;
  /**
   * `expr` compared bytewise: SQLite's default; on PostgreSQL the "C" collation, which the
   * text-prefix indexes of migration 0004 use, so a prefix range is an index range.
   */
  bytewise<T>(expr: Expression<T>): Expression<T>;
  /**
   * `value` bound for an indexed column's `=`. SQLite 3.54 plans a statement again on every
   * call when its plan read the bound value: in a statement that joins tables, or on any
   * table with ANALYZE's histograms (records 074, 075). Written `+?` it is planned once and
   * still seeks the index. PostgreSQL plans a kept statement once either way (and has no
   * unary plus for text).
   */
  key<T>(value: T): Expression<T>;
  /**
   * `id` is one of the ids `ids` selects. PostgreSQL gets an array, not IN: it then looks
   * the ids up by primary key, however many its estimate of the subquery guesses (with IN
   * a high guess made it hash-join every row).
   */
  idAmong(id: Expression<number>, ids: Expression<unknown>): Expression<SqlBool>;
  /**
   * `query` holding its rows until the transaction ends: PostgreSQL's FOR UPDATE. SQLite
   * has one writer (its transactions never interleave in this process), so nothing is added.
   */
  lockForUpdate<Q extends Lockable<Q>>(query: Q): Q;
  /** `query` keeping its rows from being removed until the transaction ends (PostgreSQL's FOR KEY SHARE). */
  lockForKeyShare<Q extends Lockable<Q>>(query: Q): Q;
  /**
   * Holds the lock named by (`kind`, `key`) until `trx` ends, for a rule over rows that
   * may not exist yet (a count before an insert): PostgreSQL's transaction-scoped
   * advisory lock. SQLite's one writer already runs such transactions one at a time.
   */
  lockKey(trx: Kysely<Database>, kind: number, key: string): Promise<void>;
}

const SQLITE: SqlDialect = {
  name: 'sqlite',
  hide: <T>(expr: Expression<T>, grouped = false) => (grouped ? sql<T>`+(${expr})` : sql<T>`+${expr}`),
  bytewise: (expr) => expr,
  key: <T>(value: T) => sql<T>`+${value}`,
  idAmong: (id, ids) => sql<SqlBool>`${id} in ${ids}`,
  lockForUpdate: (query) => query,
  lockForKeyShare: (query) => query,
  lockKey: () => Promise.resolve(),
};

const POSTGRES: SqlDialect = {
  name: 'postgres',
  hide: (expr) => expr,
  bytewise: <T>(expr: Expression<T>) => sql<T>`${expr} collate "C"`,
  key: <T>(value: T) => sql<T>`${value}`,
  idAmong: (id, ids) => sql<SqlBool>`${id} = any(array(${ids}))`,
  lockForUpdate: (query) => query.forUpdate(),
  lockForKeyShare: (query) => query.forKeyShare(),
  lockKey: async (trx, kind, key) => {
    await sql`select pg_advisory_xact_lock(${kind}, hashtext(${key}))`.execute(trx);
  },
};

/** The dialect of a Kysely instance or of a transaction of one. */
export const dialectOf = (db: Kysely<Database>): SqlDialect => (isPostgres(db) ? POSTGRES : SQLITE);
