import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { sendFail } from './envelope';
import { requestHeader } from './request';

/*
 * Bounds on a JSON request body before anything parses it (issue 23). JSON.parse runs on
 * the server's only thread and can't be interrupted: a body at the size limit made of
 * empty objects kept it busy long before validation even began, and every other request
 * waited (decision record 033 has the figures). No body of this API holds more than a couple of hundred values
 * (createorder's 50 lines are the most), so one scan of the text counts values and
 * nesting and refuses a body past either bound before it is parsed. The scan reads each
 * character once and builds nothing.
 */

/** Largest request body accepted, in bytes (413 beyond). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Most values (array elements and object members, at every depth) one JSON body may hold. */
export const MAX_JSON_VALUES = 10_000;
/** Deepest nesting of arrays and objects one JSON body may have. */
export const MAX_JSON_DEPTH = 32;
/** The answer for a body past either bound. */
export const JSON_BOUNDS_MESSAGE = `The request body holds more than ${MAX_JSON_VALUES.toLocaleString('en-US')} values or is nested more than ${MAX_JSON_DEPTH} levels deep.`;

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

/** Index of the quote closing the string that opens at `start`, or -1 when it never closes. */
function stringEnd(text: string, start: number): number {
  for (let at = start + 1; ; at++) {
    at = text.indexOf('"', at);
    if (at < 0) return -1;
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return at;
  }
}

/**
 * Whether JSON text stays within MAX_JSON_VALUES and MAX_JSON_DEPTH, counting separators
 * and brackets outside strings. It does not check the syntax: JSON.parse still does that.
 */
export function withinJsonBounds(text: string): boolean {
  let values = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (i < 0) return true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > MAX_JSON_DEPTH || ++values > MAX_JSON_VALUES) return false;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    } else if (c === COMMA && ++values > MAX_JSON_VALUES) {
      return false;
    }
  }
  return true;
}

/**
 * Refuses (400) a JSON body past the bounds, before any route parses it. Runs after the
 * size limit (the body is at most MAX_BODY_BYTES) and the content-type check; the text it
 * reads is kept by Hono, so the route's validator parses that same text.
 */
export function jsonBounds(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || !requestHeader(c, 'content-type')) return next();
    if (!withinJsonBounds(await c.req.text())) return sendFail(c, 400, JSON_BOUNDS_MESSAGE);
    return next();
  };
}
