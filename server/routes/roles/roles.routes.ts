import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ENDPOINTS } from '#contract/endpoints';
import { isPagedQuery, RoleListQuerySchema } from '#contract/lists';
import { ROLE_MESSAGES, RoleUpsertSchema } from '#contract/roles';
import { IdSchema } from '#contract/rules';
import type { AuditActor } from '../../audit/audit';
import { callerOf, createGuard } from '../../auth/permissions';
import type { AppEnv, ServerContext } from '../../http/context';
import { ApiError, sendOk } from '../../http/envelope';
import { jsonBody, params, query } from '../../http/validate';
import * as roles from './roles.service';

const IdParamSchema = v.object({ id: IdSchema });

/** Who is writing, as the audit trail records it. */
function actorOf(c: Context<AppEnv>): AuditActor {
  const caller = callerOf(c);
  return { userId: caller.userId, name: caller.name, requestId: c.get('requestId') };
}

/** The roles calls (DECISIONS §1 `/roles/*`; BlueTikAdmin only) and the catalog import. */
export function rolesRoutes(ctx: ServerContext) {
  const guard = createGuard(ctx);
  const app = new Hono<AppEnv>();
  const db = ctx.db.kysely;

  app.on(
    ENDPOINTS.listRoles.method,
    ENDPOINTS.listRoles.path,
    guard('listRoles'),
    query(RoleListQuerySchema),
    async (c) => {
      // Without paging/sort/search keys the spec's plain form: the whole list (DECISIONS §1).
      if (!isPagedQuery(RoleListQuerySchema, c.req.queries())) return sendOk(c, await roles.listRoles(db));
      return sendOk(c, await roles.listRolesPaged(db, c.req.valid('query')));
    },
  );

  app.on(
    ENDPOINTS.getRoleById.method,
    ENDPOINTS.getRoleById.path,
    guard('getRoleById'),
    params(IdParamSchema),
    async (c) => {
      const role = await roles.getRole(db, c.req.valid('param').id);
      if (!role) throw new ApiError(404, ROLE_MESSAGES.notFound);
      return sendOk(c, role);
    },
  );

  app.on(
    ENDPOINTS.upsertRole.method,
    ENDPOINTS.upsertRole.path,
    guard('upsertRole'),
    jsonBody(RoleUpsertSchema),
    async (c) => sendOk(c, await roles.upsertRole(db, c.req.valid('json'), actorOf(c), ctx.clock())),
  );

  app.on(
    ENDPOINTS.removeRole.method,
    ENDPOINTS.removeRole.path,
    guard('removeRole'),
    params(IdParamSchema),
    async (c) => {
      await roles.removeRole(db, c.req.valid('param').id, actorOf(c), ctx.clock());
      return sendOk(c, true);
    },
  );

  app.on(
    ENDPOINTS.bulkItemsInsert.method,
    ENDPOINTS.bulkItemsInsert.path,
    guard('bulkItemsInsert'),
    async (c) => {
      const result = await roles.bulkInsertCatalog(db, actorOf(c), ctx.clock());
      ctx.logger.info('master catalog imported', { requestId: c.get('requestId'), ...result });
      return sendOk(c, result);
    },
  );

  return app;
}
