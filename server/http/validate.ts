import type { Context, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { failIssues } from '#contract/envelope';
import type { AppEnv } from './context';

/*
 * Request validation with the contract's valibot schemas, so client and server say the
 * same words: a failure answers 400 with every message, and in `result.fields` the key
 * each is about (contract failIssues), so a form puts it on its field. Malformed JSON is thrown by Hono's
 * JSON reader and becomes a 400 envelope in the error mapper.
 */

/** The keys of the object schema at the top of `schema` (directly or first in a pipe). */
function topLevelKeys(schema: v.GenericSchema): string[] {
  const s = schema as { entries?: Record<string, unknown>; pipe?: readonly unknown[] };
  const root = (s.entries ? s : (s.pipe?.[0] as typeof s | undefined)) ?? {};
  return root.entries ? Object.keys(root.entries) : [];
}

/**
 * valibot reports a missing key with a generic "Invalid key: …" message; an explicit
 * `undefined` makes the field's own schema answer instead ("Mobile number is required"),
 * the same words the form shows.
 */
function withMissingKeys(schema: v.GenericSchema, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const filled: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of topLevelKeys(schema)) if (!Object.hasOwn(filled, key)) filled[key] = undefined;
  return filled;
}

/** Where a validator reads: path parameters, the query string or the JSON body. */
export type Target = 'param' | 'query' | 'json';

/**
 * Validates one part of the request against `schema`; the handler reads the output with
 * `c.req.valid(target)`. A query's repeated key (`status=1&status=2`) arrives as an
 * array, a single one as a string. A body with a missing key answers its field's message.
 */
export function validated(target: Target, schema: v.GenericSchema): MiddlewareHandler<AppEnv> {
  const answer = (value: unknown, c: Context<AppEnv>) => {
    const parsed = v.safeParse(schema, target === 'json' ? withMissingKeys(schema, value) : value);
    return parsed.success ? parsed.output : c.json(failIssues(parsed.issues), 400);
  };
  if (target === 'json') return validator('json', answer) as unknown as MiddlewareHandler<AppEnv>;
  // The query and the path's parameters, read as Hono's validator reads them. It looks up
  // the Content-Type first for every target, and that one lookup made a WHATWG Headers
  // object of Node's request headers on every signed-in read (record 077).
  return async (c, next) => {
    const value =
      target === 'query'
        ? Object.fromEntries(
            Object.entries(c.req.queries()).map(([k, vs]) => [k, vs.length === 1 ? vs[0] : vs]),
          )
        : c.req.param();
    const out = answer(value, c);
    if (out instanceof Response) return out;
    c.req.addValidatedData(target, out as object);
    await next();
  };
}
