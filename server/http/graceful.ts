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

/** Tracks in-flight responses of `server`; `close()` resolves once every connection has ended. */
export function gracefulCloser(server: Server, opts: { graceMs?: number } = {}) {
  const graceMs = opts.graceMs ?? 1000;
  let closing = false;
  const open = new Set<ServerResponse>();
  /** Ends the connection once `res` is sent: the header when it isn't out yet, else after it. */
  const closeAfter = (res: ServerResponse, socket = res.socket) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    else if (res.writableFinished) socket?.end();
    else res.once('finish', () => socket?.end());
  };

  // Ahead of the app's listener, so a new request is seen before its answer is written.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    // A request that arrives on an open keep-alive connection after close() is still answered.
    if (closing) closeAfter(res);
    open.add(res);
    res.once('close', () => open.delete(res));
  });

  return {
    /** Requests being answered now. */
    inFlight: () => open.size,
    close(): Promise<void> {
      closing = true;
      for (const res of open) closeAfter(res);
      return new Promise<void>((resolve, reject) => {
        let sweep: NodeJS.Timeout | undefined;
        // net.Server's close: stop listening, call back once every connection has ended
        // (http.Server's own close would also drop the idle connections right now).
        NetServer.prototype.close.call(server, (err?: Error) => {
          clearTimeout(sweep);
          if (err) reject(err);
          else resolve();
        });
        // After the grace, connections still idle have nothing coming: end them.
        sweep = setTimeout(() => server.closeIdleConnections(), graceMs);
      });
    },
  };
}
