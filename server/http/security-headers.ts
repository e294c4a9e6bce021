import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { isHttps } from './request';

/*
 * Security headers on every response, errors and static files included (DECISIONS §3).
 * Set after the handler so nothing downstream can drop them, on the answer's own header
 * list (`answerHeaders`), not through `c.header()`: after the handler, Hono's `c.header()`
 * copies the whole answer into a new Response first (issue 18's profile: half of a
 * health check's time went to copying answers).
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

/**
 * The header list of the answer a handler gave, to add to after it ran. The answers are
 * the server's own (never a fetch's immutable ones), so their headers can be added to in
 * place: @hono/node-server writes this very list.
 */
export const answerHeaders = (c: Context<AppEnv>): Headers => c.res.headers;
