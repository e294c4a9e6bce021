import type { Context } from 'hono';
import type { AppEnv } from './context';

/*
 * Facts about the request that depend on whether a reverse proxy may be believed.
 */

/** The client's address: X-Forwarded-For's first hop behind a trusted proxy, else the socket's. */
export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** Whether the browser reached us over HTTPS (decides the cookie's Secure/__Host- form). */
export function isHttps(c: Context<AppEnv>, trustProxy: boolean): boolean {
  if (trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    if (proto) return proto === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}
