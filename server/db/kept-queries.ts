import type { CompiledQuery } from 'kysely';

/*
 * Statements compiled once per database handle and shape, then bound to each call's values.
 * Building a select of thirty columns with Kysely and compiling it was about a sixth of a
 * list page's CPU under load and a fifth of an order read's (issue 18, records 077 and 079).
 */

const kept = new WeakMap<object, Map<string, CompiledQuery | null>>();

/**
 * How many shapes a database handle keeps: the list's rows (its sorts, both ways, at the
 * four page sizes the screen offers), the order screen's reads and the roles list; any more
 * are built each time.
 */
const KEPT_MAX = 160;

/**
 * The statement `build` makes, compiled once for `db` and `key` (the shape: what decides the
 * SQL text), then bound to `values`. It is kept only when its parameters are `values` alone,
 * in order (nothing else in the shape binds a value of its own, a literal or a date), so a
 * shape that binds more is built every time, never bound wrongly. `key` must name every
 * choice that changes the SQL text for the same values.
 */
export function keptQuery<R>(
  db: object,
  key: string,
  values: readonly unknown[],
  build: () => { compile(): CompiledQuery<R> },
): CompiledQuery<R> {
  let shapes = kept.get(db);
  if (!shapes) kept.set(db, (shapes = new Map()));
  const compiled = shapes.get(key) as CompiledQuery<R> | null | undefined;
  if (compiled === undefined) {
    const fresh = build().compile();
    const valuesAlone =
      fresh.parameters.length === values.length && fresh.parameters.every((p, i) => p === values[i]);
    if (shapes.size < KEPT_MAX) shapes.set(key, valuesAlone ? fresh : null);
    return fresh;
  }
  return compiled ? { ...compiled, parameters: values } : build().compile();
}
