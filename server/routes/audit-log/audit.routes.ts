import type { ServerContext } from '../../http/context';
import { createRouter } from '../../http/router';
import * as audit from './audit.service';

/** The audit trail's list (`/audit/listaudit`; BlueTikAdmin only, permission `audit.read`). */
export function auditRoutes(ctx: ServerContext) {
  const routes = createRouter(ctx);
  const db = ctx.db.kysely;

  routes.list('listAudit', {
    // Without list keys: the newest page's entries (the trail has no whole list to answer).
    all: async (_c, { query }) => (await audit.listAuditPaged(db, query)).rows,
    page: (_c, { query }) => audit.listAuditPaged(db, query),
  });

  return routes.app;
}
