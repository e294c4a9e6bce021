import { sql } from 'kysely';
import type { ServerContext } from '../../http/context';
import { ApiError } from '../../http/envelope';
import { createRouter } from '../../http/router';

/** GET /api/health: the process answers and the database is reachable. */
export function healthRoutes(ctx: ServerContext) {
  const routes = createRouter(ctx);
  routes.on('health', async (c) => {
    try {
      await sql`select 1`.execute(ctx.db.kysely);
    } catch (err) {
      ctx.logger.error('health: database unreachable', { requestId: c.get('requestId'), err });
      throw new ApiError(503, 'Database unavailable');
    }
    return { status: 'ok', database: 'ok' } as const;
  });
  return routes.app;
}
