import {
  OperationNodeTransformer,
  ValueNode,
  type KyselyPlugin,
  type LimitNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/*
 * SQLite (3.54, as better-sqlite3 13 ships it) reads a bound LIMIT's value while planning
 * and marks the statement as depending on it: binding that parameter again, on every call
 * of a kept statement, makes SQLite parse and plan the whole statement once more: 6.3 µs
 * a call against 1.4 for a one-table page of ids (record 074). A limit written as
 * a literal is planned once per value; the values are page sizes and small constants, so
 * the kept statements (server/db/database.ts) stay few. OFFSET is not read while planning
 * and stays a parameter: deep pages would otherwise make a statement per page.
 */
class LimitTransformer extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    const limit = node.limit;
    if (ValueNode.is(limit) && !limit.immediate && isPlainCount(limit.value)) {
      return { ...node, limit: ValueNode.createImmediate(limit.value) };
    }
    return super.transformLimit(node);
  }
}

const isPlainCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Writes integer LIMIT values into SQLite statements as literals instead of parameters. */
export class InlineLimitsPlugin implements KyselyPlugin {
  readonly #transformer = new LimitTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
