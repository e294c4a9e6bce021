import type * as v from 'valibot';
import { ENDPOINTS, type Endpoint, type EndpointName } from './endpoints';
import type { QueryValue } from './paths';

export { callPath, type QueryValue } from './paths';
import { isPagedQuery } from './lists';

/*
 * What a typed caller needs from the endpoint table: the input a call takes, the result
 * type it answers, its URL and the schema its answer is checked with. The server tests'
 * caller (server/test/api.ts) and the app's client build on these, so a call's result
 * type is never chosen by its caller.
 */

type Table = typeof ENDPOINTS;
type ObjectSchema = v.GenericSchema & { readonly entries: v.ObjectEntries };

/** What call `N` takes: its path parameters, query and body, each only where it has one. */
export type CallInput<N extends EndpointName> = (Table[N] extends {
  readonly params: infer P extends ObjectSchema;
}
  ? { params: { [K in keyof P['entries']]: string | number } }
  : { params?: never }) &
  (Table[N] extends { readonly query: v.GenericSchema }
    ? { query?: Record<string, QueryValue> }
    : { query?: never }) &
  (Table[N] extends { readonly body: infer B extends v.GenericSchema }
    ? { body: v.InferInput<B> }
    : { body?: never });

type Validated<N extends EndpointName, K extends 'params' | 'query' | 'body'> = Table[N] extends {
  readonly [P in K]: infer S extends v.GenericSchema;
}
  ? v.InferOutput<S>
  : undefined;

/** A request's input after its entry's validators (what a server or mock handler reads). */
export interface ValidInput<N extends EndpointName> {
  params: Validated<N, 'params'>;
  query: Validated<N, 'query'>;
  body: Validated<N, 'body'>;
}

/** The calls whose entry has a page (the lists of DECISIONS §1). */
export type ListName = {
  [N in EndpointName]: Table[N] extends { readonly page: unknown } ? N : never;
}[EndpointName];

/** Call `N`'s result when it answers without list keys (or is not a list). */
export type PlainResult<N extends EndpointName> = Table[N] extends {
  readonly result: infer R extends v.GenericSchema;
}
  ? v.InferOutput<R>
  : unknown;

/** A list call's page (its query names list keys). */
export type PageResult<N extends EndpointName> = Table[N] extends {
  readonly page: infer P extends v.GenericSchema;
}
  ? v.InferOutput<P>
  : never;

/**
 * The result of call `N` with input `I`: a list call given a query answers a page
 * (DECISIONS §1), every other call its one result.
 */
export type ResultOf<N extends EndpointName, I = object> = Table[N] extends { readonly page: v.GenericSchema }
  ? I extends { query: Record<string, QueryValue> }
    ? PageResult<N>
    : PlainResult<N>
  : PlainResult<N>;

/**
 * The schema a successful answer's `result` must match: the page schema when a list
 * call's query names any list key, else the entry's result (undefined for the calls that
 * answer something other than an envelope). `query` is the query as the server reads it
 * from the URL, where `?q=` names `q` (apiPath leaves out blank and undefined values).
 */
export function resultSchemaOf(
  name: EndpointName,
  query?: Record<string, QueryValue>,
): v.GenericSchema | undefined {
  const entry: Endpoint = ENDPOINTS[name];
  if (entry.page && entry.query && isPagedQuery(entry.query as ObjectSchema, query ?? {})) return entry.page;
  return entry.result;
}

/** The call a method and path (relative to /api, query string allowed) name, if any. */
export function endpointAt(method: string, path: string): EndpointName | undefined {
  const bare = path.split('?')[0] ?? '';
  for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
    const entry: Endpoint = ENDPOINTS[name];
    if (entry.method !== method) continue;
    const pattern = new RegExp(`^${entry.path.replace(/:\w+/g, '[^/]+')}$`);
    if (pattern.test(bare)) return name;
  }
  return undefined;
}
