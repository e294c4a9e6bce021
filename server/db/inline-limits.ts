import { SqliteDialect, SqliteQueryCompiler, ValueNode, type LimitNode, type QueryCompiler } from 'kysely';

/*
 * SQLite (3.54, as better-sqlite3 13 ships it) reads a bound LIMIT's value while planning
 * and marks the statement as depending on it: binding that parameter again, on every call
 * of a kept statement, makes SQLite parse and plan the whole statement once more: 6.3 µs
 * a call against 1.4 for a one-table page of ids (record 074). A limit written as
 * a literal is planned once per value; the values are page sizes and small constants, so
 * the kept statements (server/db/database.ts) stay few. OFFSET is not read while planning
 * and stays a parameter: deep pages would otherwise make a statement per page.
 *
 * It is done where the SQL is written, not as a Kysely plugin: a plugin's transformer
 * copies every node of every query to reach its LIMIT, 6.6 % of a list page's CPU in the
 * server (record 075).
 */
class InlineLimitsCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = node.limit;
    if (ValueNode.is(limit) && !limit.immediate && isPlainCount(limit.value)) {
      this.append(`limit ${limit.value}`);
      return;
    }
    super.visitLimit(node);
  }
}

const isPlainCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Kysely's SQLite dialect, writing integer LIMIT values as literals instead of parameters. */
export class InlineLimitsSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new InlineLimitsCompiler();
  }
}
