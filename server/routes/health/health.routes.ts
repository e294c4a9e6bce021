import { Hono } from 'hono';
import { sql } from 'kysely';
import { ENDPOINTS } from '#contract/endpoints';
import { createGuard } from '../../auth/permissions';
import type { AppEnv, ServerContext } from '../../http/context';
import { ApiError, sendOk } from '../../http/envelope';

/** GET /api/health: the process answers and the database is reachable. */
export function healthRoutes(ctx: ServerContext) {
  const guard = createGuard(ctx);
  const app = new Hono<AppEnv>();
  app.on(ENDPOINTS.health.method, ENDPOINTS.health.path, guard('health'), async (c) => {
    try {
      await sql`select 1`.execute(ctx.db.kysely);
    } catch (err) {
      ctx.logger.error('health: database unreachable', { requestId: c.get('requestId'), err });
      throw new ApiError(503, 'Database unavailable');
    }
    return sendOk(c, { status: 'ok', database: 'ok' });
  });
  return app;
}
