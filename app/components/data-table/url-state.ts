import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, type SortOrder } from '#contract/lists';

/** The search keys every list keeps in its URL (contract/lists.ts pagingEntries, after coercion). */
export interface ListSearch {
  // The contract's schemas fill both, but valibot's inferred output still calls them optional.
  page?: number | undefined;
  pageSize?: number | undefined;
  sort?: string | undefined;
  order: SortOrder;
  q: string;
}

/** Values that say nothing, so they stay out of the URL (stripSearchParams). */
export const LIST_SEARCH_DEFAULTS = { page: 1, pageSize: DEFAULT_PAGE_SIZE, order: 'asc', q: '' } as const;

/** The page sizes offered (any size the contract accepts still works from a URL). */
export const PAGE_SIZES = [25, 50, 100, 250] as const;

/** A Standard Schema validator that always answers a value (never issues). */
export interface LenientValidator<TInput, TOutput> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { value: TOutput };
    readonly types?: { readonly input: TInput; readonly output: TOutput };
  };
}

/**
 * A route's validateSearch from a contract list-query schema that never throws: keys
 * that don't validate are dropped one round at a time (so `?page=abc&status=2` keeps the
 * status and goes to page 1), because a hand-edited or stale link must still open the list.
 * Typed through Standard Schema, so links take the schema's input and screens read its output.
 */
export function lenientSearch<TSchema extends v.GenericSchema>(
  schema: TSchema,
): LenientValidator<v.InferInput<TSchema>, v.InferOutput<TSchema>> {
  const parse = (input: unknown): v.InferOutput<TSchema> => {
    const current: Record<string, unknown> =
      input && typeof input === 'object' && !Array.isArray(input) ? { ...(input as object) } : {};
    // Each round removes at least one key, so this ends; the bound is belt and braces.
    for (let round = 0; round < 20; round++) {
      const result = v.safeParse(schema, current);
      if (result.success) return result.output;
      const bad = new Set<string>();
      for (const issue of result.issues) {
        const key = issue.path?.[0]?.key;
        if (typeof key === 'string' && Object.hasOwn(current, key)) bad.add(key);
      }
      if (!bad.size) break;
      for (const key of bad) delete current[key];
    }
    return v.parse(schema, {});
  };
  return {
    '~standard': { version: 1, vendor: 'bluetik-app', validate: (value) => ({ value: parse(value) }) },
  };
}

/**
 * The list call's query string from the URL state. `order` travels only with a `sort`:
 * without one the server picks the list's natural order (orders: newest first), and a
 * lone `order` would override that.
 */
export function listApiQuery(
  search: ListSearch & Record<string, unknown>,
): Record<string, string | number | readonly (string | number)[] | undefined> {
  const { sort, order, ...rest } = search;
  const query: Record<string, string | number | readonly (string | number)[] | undefined> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (typeof value === 'string' || typeof value === 'number' || Array.isArray(value))
      query[key] = value as string | number | readonly (string | number)[];
  }
  if (sort) Object.assign(query, { sort, order });
  return query;
}
