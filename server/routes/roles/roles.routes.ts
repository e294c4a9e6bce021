import { ROLE_MESSAGES } from '#contract/roles';
import type { ServerContext } from '../../http/context';
import { orNotFound } from '../../http/envelope';
import { createRouter } from '../../http/router';
import { auditActor } from '../../lib/actor';
import * as roles from './roles.service';

/** The roles calls (DECISIONS §1 `/roles/*`; BlueTikAdmin only) and the catalog import. */
export function rolesRoutes(ctx: ServerContext) {
  const routes = createRouter(ctx);
  const db = ctx.db.kysely;

  routes.list('listRoles', {
    all: () => roles.listRoles(db),
    page: (_c, { query }) => roles.listRolesPaged(db, query),
  });
  routes.on('getRoleById', async (_c, { params }) =>
    orNotFound(await roles.getRole(db, params.id), ROLE_MESSAGES.notFound),
  );
  routes.on('upsertRole', (c, { body }) => roles.upsertRole(db, body, auditActor(c), ctx.clock()));
  routes.on('removeRole', async (c, { params }) => {
    await roles.removeRole(db, params.id, auditActor(c), ctx.clock());
    return true as const;
  });
  routes.on('bulkItemsInsert', async (c) => {
    const result = await roles.bulkInsertCatalog(db, auditActor(c), ctx.clock());
    ctx.logger.info('master catalog imported', { requestId: c.get('requestId'), ...result });
    return result;
  });

  return routes.app;
}
