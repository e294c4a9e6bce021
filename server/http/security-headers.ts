import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { isHttps } from './request';

/*
 * Security headers on every response, errors and static files included (DECISIONS §3),
 * set after the handler, on the answer as it is written (`answerHeaders`), not through
 * `c.header()`: after the handler, Hono's `c.header()` copies the whole answer into a new
 * Response first (issue 18's profile: half of a health check's time went to copying answers).
 */

/** The Content-Security-Policy: same-origin everything, no inline script, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * Over HTTPS, browsers are told to use nothing else for a year. Not `includeSubDomains`:
 * the product doesn't own its host's sibling names. Over plain HTTP browsers ignore the
 * header, so it is sent only when the request came over HTTPS (directly, or as a trusted
 * proxy reports it).
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** Adds the headers; API responses are never cached (they carry per-user data). */
export function securityHeaders(trustProxy: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const headers = answerHeaders(c);
    for (const [name, value] of Object.entries(HEADERS)) headers.set(name, value);
    if (isHttps(c, trustProxy)) headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) headers.set('Cache-Control', 'no-store');
  };
}

/** Where middleware adds headers to an answer its handler has given. */
export interface AnswerHeaders {
  set(name: string, value: string): void;
  append(name: string, value: string): void;
}

/**
 * The headers of the answer a handler gave, to add to after it ran. Through Node's server
 * they go on Node's own response, which the adapter's `writeHead` merges with the answer's
 * (the answer's win a name both have: none of the headers added here is one a handler
 * sets). Reading the answer's `headers` instead turned the adapter's plain header record
 * into a WHATWG Headers object, each name and value validated, and the adapter then read it
 * back into a record to write: with the request's headers (request.ts), a tenth of a health
 * check's time (record 077). `app.request()` (the tests) has no Node response: there the
 * answer's own list, which the server made and may add to in place.
 */
export function answerHeaders(c: Context<AppEnv>): AnswerHeaders {
  const outgoing = c.env?.outgoing;
  if (!outgoing || outgoing.headersSent) return c.res.headers;
  return {
    set: (name, value) => void outgoing.setHeader(name, value),
    append: (name, value) => void outgoing.appendHeader(name, value),
  };
}
