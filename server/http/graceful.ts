import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

/*
 * Clean shutdown of the HTTP server (issue 8): stop accepting connections, let every
 * request already sent to the server finish and get its answer, and don't let
 * keep-alive clients hold the process open.
 *
 * http.Server.close() drops every keep-alive connection idle at that instant, but under
 * load "idle" often means "its next request is in the socket buffer, not yet read": the
 * crash test lost most of the 50 writers' in-flight requests that way. So listening
 * stops at once, idle connections get a short grace to deliver what they already sent,
 * and every answer from then on carries `Connection: close` (a connection still running
 * a request at the signal would otherwise stay open until the client's idle timeout).
 */

/** Stops a server cleanly: `track` the app's fetch, `attach` the server, then `close()`. */
export function gracefulShutdown(opts: { graceMs?: number } = {}) {
  const graceMs = opts.graceMs ?? 1000;
  let closing = false;
  let server: Server | undefined;
  const open = new Set<ServerResponse>();
  // Handlers still running: a client that hangs up doesn't stop its request's work, and the
  // database must stay open until that work is done.
  let running = 0;
  const idleWaiters: (() => void)[] = [];

  /** Ends the connection once `res` is sent: the header when it isn't out yet, else after it. */
  const closeAfter = (res: ServerResponse, socket = res.socket) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    else if (res.writableFinished) socket?.end();
    else res.once('finish', () => socket?.end());
  };

  return {
    /** Wraps the app's fetch so close() knows which handlers are still at work. */
    track<A extends unknown[]>(fetch: (req: Request, ...rest: A) => Response | Promise<Response>) {
      return async (req: Request, ...rest: A): Promise<Response> => {
        running++;
        try {
          return await fetch(req, ...rest);
        } finally {
          if (--running === 0) idleWaiters.splice(0).forEach((resolve) => resolve());
        }
      };
    },
    /** Starts watching `server`'s requests. */
    attach(s: Server) {
      server = s;
      // Ahead of the app's listener, so a new request is seen before its answer is written.
      s.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
        // A request that arrives on an open keep-alive connection after close() is still answered.
        if (closing) closeAfter(res);
        open.add(res);
        res.once('close', () => open.delete(res));
      });
    },
    /** Requests being handled now. */
    inFlight: () => running,
    /** Resolves once every connection has ended and every handler has finished. */
    close(): Promise<void> {
      if (!server) return Promise.reject(new Error('gracefulShutdown: no server attached'));
      const s = server;
      closing = true;
      for (const res of open) closeAfter(res);
      const connectionsEnded = new Promise<void>((resolve, reject) => {
        // After the grace, connections still idle have nothing coming: end them.
        const sweep = setTimeout(() => s.closeIdleConnections(), graceMs);
        // net.Server's close: stop listening, call back once every connection has ended
        // (http.Server's own close would also drop the idle connections right now).
        NetServer.prototype.close.call(s, (err?: Error) => {
          clearTimeout(sweep);
          if (err) reject(err);
          else resolve();
        });
      });
      const handlersDone = new Promise<void>((resolve) =>
        running === 0 ? resolve() : idleWaiters.push(resolve),
      );
      return Promise.all([connectionsEnded, handlersDone]).then(() => undefined);
    },
  };
}
