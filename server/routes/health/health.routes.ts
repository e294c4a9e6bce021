import { CompiledQuery } from 'kysely';
import type { ServerContext } from '../../http/context';
import { ApiError } from '../../http/envelope';
import { createRouter } from '../../http/router';

/** The probe's statement, compiled once (a balancer asks every few seconds, per instance). */
const PING = CompiledQuery.raw('select 1');

/** GET /api/health: the process answers and the database is reachable. */
export function healthRoutes(ctx: ServerContext) {
  const routes = createRouter(ctx);
  routes.on('health', async (c) => {
    try {
      await ctx.db.kysely.executeQuery(PING);
    } catch (err) {
      ctx.logger.error('health: database unreachable', { requestId: c.get('requestId'), err });
      throw new ApiError(503, 'Database unavailable');
    }
    return { status: 'ok', database: 'ok' } as const;
  });
  return routes.app;
}
