import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { requestHeader } from './request';
import { answerHeaders } from './security-headers';

/*
 * An answer sent before the request's body was read (413 for a body over the limit, 415,
 * 401, 403, 404, a 400 from the path) leaves that body unread on a keep-alive connection.
 * The Node adapter then drains it for a moment and destroys the socket, and a client that
 * reused the connection for its next request lost that request. Saying `Connection: close`
 * on such an answer makes Node end the connection after it, and tells the client not to
 * send anything more on it: the next request goes out on a fresh connection.
 */

/** Whether the request declared a body (a length above zero, or a chunked one). */
function declaresBody(c: Context<AppEnv>): boolean {
  const length = requestHeader(c, 'content-length');
  return (length !== undefined && length !== '0') || requestHeader(c, 'transfer-encoding') !== undefined;
}

/** Marks every answer to a request whose body was never read `Connection: close`. */
export function closeAfterUnreadBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (declaresBody(c) && !c.req.raw.bodyUsed) answerHeaders(c).set('Connection', 'close');
  };
}
