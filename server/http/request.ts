import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';
import type { AppEnv } from './context';

/**
 * A request header, read from Node's own header record when the request came through
 * Node's server. Hono's `c.req.header()` first turns that record into a WHATWG Headers
 * object (each name and value validated and copied): with the answer's headers
 * (security-headers.ts), a tenth of a health check's time (issue 18, record 077).
 * `app.request()` (the tests) has no Node request and reads Hono's.
 */
export function requestHeader(c: Context<AppEnv>, name: string): string | undefined {
  const incoming = c.env?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name.toLowerCase()];
  // Node joins repeated headers itself, except the few it keeps as lists (set-cookie).
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The value of cookie `name` the request carries. */
export function requestCookie(c: Context<AppEnv>, name: string): string | undefined {
  const header = requestHeader(c, 'cookie');
  return header ? parse(header, name)[name] : undefined;
}

/*
 * Facts about the request that depend on how many reverse proxies may be believed
 * (TRUST_PROXY, a count of hops; 0 believes none).
 *
 * Each proxy appends what it saw to X-Forwarded-For: the client's own entries come
 * first, and anyone can write those. So with N trusted proxies the entry that the
 * outermost of them wrote, the N-th from the right, is the address that reached it; any
 * entry to its left came from the client. (Taking the first entry let a client choose
 * its address, and with it the per-address sign-in limit's key.)
 */

/** Longest address a proxy writes (IPv6 with a port); anything longer is not one. */
const MAX_ADDRESS_LENGTH = 64;

/**
 * The entry of a comma-separated X-Forwarded-* header that `hops` trusted proxies vouch
 * for: the `hops`-th from the right, or the leftmost when the list is shorter (a proxy
 * that overwrites the header instead of appending to it).
 */
export function trustedEntry(header: string | undefined, hops: number): string | undefined {
  if (!header || hops < 1) return undefined;
  const entries = header.split(',');
  const entry = entries[Math.max(0, entries.length - hops)]!.trim();
  return entry && entry.length <= MAX_ADDRESS_LENGTH ? entry : undefined;
}

/** The client's address: what the outermost trusted proxy saw, else the socket's peer. */
export function clientAddress(c: Context<AppEnv>, trustProxy: number): string {
  return (
    trustedEntry(requestHeader(c, 'x-forwarded-for'), trustProxy) ??
    c.env?.incoming?.socket?.remoteAddress ??
    'unknown'
  );
}

/**
 * Whether the browser reached us over HTTPS: the scheme the outermost trusted proxy
 * reports, else our own URL's. Decides the cookie's Secure/__Host- form and HSTS.
 */
export function isHttps(c: Context<AppEnv>, trustProxy: number): boolean {
  const proto = trustedEntry(requestHeader(c, 'x-forwarded-proto'), trustProxy);
  if (proto) return proto.toLowerCase() === 'https';
  // The request's own URL is absolute with a lower-case scheme (the adapter builds it so);
  // parsing it with `new URL` was 3 % of a health check's time, twice a request.
  return c.req.url.startsWith('https:');
}
