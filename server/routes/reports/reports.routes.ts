import { callerOf } from '../../auth/permissions';
import type { ServerContext } from '../../http/context';
import { createRouter } from '../../http/router';
import { dayReport } from './day-report';

/** The reports' calls (issue 28 item 4): the day-end report, in the caller's scope. */
export function reportsRoutes(ctx: ServerContext) {
  const routes = createRouter(ctx);
  const db = ctx.db.kysely;
  // Only BlueTikAdmin chooses a store (as for the orders list); a store admin sees their own.
  routes.on('getDayReport', (c, { query }) =>
    dayReport(db, query, callerOf(c).storeScope ?? query.store ?? null, ctx.clock()),
  );
  return routes.app;
}
