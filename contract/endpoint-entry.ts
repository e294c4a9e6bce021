import * as v from 'valibot';
import { PagedResultSchema } from './lists';
import type { Action } from './permissions';
import { IdSchema } from './rules';

/*
 * How an entry of the endpoint table (endpoints.ts) is written: its shape and the two
 * builders. The table itself is one object, composed there from its domains' parts.
 */

export type Method = 'GET' | 'POST' | 'DELETE';
/** `public` routes need no token; every other route names its action. */
export type Access = Action | 'public';

/** An object schema: what path parameters and list queries are. */
export type ObjectSchema = v.GenericSchema & { readonly entries: v.ObjectEntries };

/** What a call's entry says about its input and output. */
export interface Schemas {
  /** One entry per `:param` of the path. */
  readonly params?: ObjectSchema;
  /** The query string (a repeated key arrives as an array). */
  readonly query?: v.GenericSchema;
  /** The JSON body. */
  readonly body?: v.GenericSchema;
  /** The envelope's `result` on success; for a list call, the plain list (no query keys). */
  readonly result?: v.GenericSchema;
  /** A list call's result when its query names any list key (DECISIONS §1). */
  readonly page?: v.GenericSchema;
  /** A response that is not an envelope (the description itself). */
  readonly raw?: { readonly contentType: string; readonly description: string };
}

/** One call. */
export interface Endpoint extends Schemas {
  readonly method: Method;
  readonly path: string;
  readonly action: Access;
  readonly summary: string;
}

export const e = <const S extends Schemas>(
  method: Method,
  path: string,
  action: Access,
  summary: string,
  s: S,
) => ({
  method,
  path,
  action,
  summary,
  ...s,
});

/** A list call: the whole list without query keys, a page with any (DECISIONS §1). */
export const list = <Q extends ObjectSchema, R extends v.GenericSchema>(
  path: string,
  action: Access,
  summary: string,
  query: Q,
  row: R,
) => e('GET', path, action, summary, { query, result: v.array(row), page: PagedResultSchema(row) });

/** The path parameter `:id`. */
export const byId = v.object({ id: IdSchema });
