/**
 * The react-query keys of one domain, built one way (Medusa's queryKeysFactory as the
 * model). Every key starts with `all`, so invalidating `all` reaches every query of the
 * domain; `lists()` every page of its table, `detail(id)` one record:
 *
 *   ['orders']                    all
 *   ['orders', 'list']            lists()
 *   ['orders', 'list', query]     list(query)
 *   ['orders', 'detail']          details()
 *   ['orders', 'detail', id]      detail(id)
 *   ['orders', 'stores']          other('stores'): a query that is neither
 */
export function queryKeys<const D extends string>(domain: D) {
  const all = [domain] as const;
  const lists = () => [...all, 'list'] as const;
  const details = () => [...all, 'detail'] as const;
  return {
    all,
    lists,
    list: <Q>(query: Q) => [...lists(), query] as const,
    details,
    detail: <Id extends string | number>(id: Id) => [...details(), id] as const,
    /** The key of another query of the domain (a poll, a lookup), still under `all`. */
    other: <const P extends readonly unknown[]>(...parts: P) => [...all, ...parts] as const,
  };
}
