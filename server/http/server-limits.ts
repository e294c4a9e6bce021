import type { Server, ServerOptions } from 'node:http';
import type { HttpLimits } from '../env';

/*
 * Slow and numerous clients (issue 23). Node's defaults let a client hold a connection
 * with a half-sent head for over a minute, keep trickling a body for minutes, and open
 * connections without end (decision record 035); each such
 * connection costs a socket and memory while doing nothing. The limits come from the
 * environment (server/env.ts, README "Run it").
 */

/** How often Node looks for connections past the head and request timeouts (its default is 30 s). */
const TIMEOUT_CHECK_MS = 1000;

/** createServer options: head, request and keep-alive timeouts, checked every second. */
export function serverOptions(limits: HttpLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, limits.headersTimeoutMs),
  };
}

/**
 * Applies what createServer options can't set: the connection cap (a connection past it
 * is closed at once, so the ones being served keep their share of the process).
 */
export function applyServerLimits(server: Server, limits: HttpLimits): void {
  server.maxConnections = limits.maxConnections;
}
