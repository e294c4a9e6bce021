import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/*
 * Clean shutdown of the HTTP server (issue 8): stop accepting connections, let every
 * request already in the server's hands finish and get its answer, and don't let
 * keep-alive clients hold the process open. Node's server.close() only stops listening
 * and drops connections idle at that instant; a connection whose request is still
 * running would stay open after its answer until the client's idle timeout, so each
 * such answer is sent with `Connection: close`.
 */

/** Tracks in-flight responses of `server`; `close()` resolves once every connection has ended. */
export function gracefulCloser(server: Server) {
  let closing = false;
  const open = new Set<ServerResponse>();

  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    // A request that arrives on an open keep-alive connection after close() is still answered.
    if (closing) res.setHeader('Connection', 'close');
    open.add(res);
    res.once('close', () => open.delete(res));
  });

  return {
    /** Requests being answered now. */
    inFlight: () => open.size,
    close(): Promise<void> {
      closing = true;
      for (const res of open) {
        if (!res.headersSent) res.setHeader('Connection', 'close');
        else res.once('finish', () => res.socket?.end());
      }
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Connections idle right now would otherwise hold close() open until they time out.
        server.closeIdleConnections();
      });
    },
  };
}
