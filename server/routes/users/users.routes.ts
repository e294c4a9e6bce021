import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ENDPOINTS } from '#contract/endpoints';
import { isPagedQuery, UserListQuerySchema } from '#contract/lists';
import { IdSchema } from '#contract/rules';
import { USER_MESSAGES, UserUpsertSchema } from '#contract/users';
import type { AuditActor } from '../../audit/audit';
import { callerOf, createGuard } from '../../auth/permissions';
import type { AppEnv, ServerContext } from '../../http/context';
import { ApiError, sendOk } from '../../http/envelope';
import { jsonBody, params, query } from '../../http/validate';
import * as users from './users.service';

const IdParamSchema = v.object({ id: IdSchema });

/** Who is writing, as the audit trail records it. */
function actorOf(c: Context<AppEnv>): AuditActor & { userId: number } {
  const caller = callerOf(c);
  return { userId: caller.userId, name: caller.name, requestId: c.get('requestId') };
}

/** The users calls of spec §7 (`/user/*`; BlueTikAdmin only, DECISIONS §2). */
export function usersRoutes(ctx: ServerContext) {
  const guard = createGuard(ctx);
  const app = new Hono<AppEnv>();
  const db = ctx.db.kysely;

  app.on(
    ENDPOINTS.listUsers.method,
    ENDPOINTS.listUsers.path,
    guard('listUsers'),
    query(UserListQuerySchema),
    async (c) => {
      // Without paging/sort/filter keys the spec's plain form: the whole list (DECISIONS §1).
      if (!isPagedQuery(UserListQuerySchema, c.req.queries())) return sendOk(c, await users.listUsers(db));
      return sendOk(c, await users.listUsersPaged(db, c.req.valid('query')));
    },
  );

  app.on(
    ENDPOINTS.getUserById.method,
    ENDPOINTS.getUserById.path,
    guard('getUserById'),
    params(IdParamSchema),
    async (c) => {
      const user = await users.getUser(db, c.req.valid('param').id);
      if (!user) throw new ApiError(404, USER_MESSAGES.notFound);
      return sendOk(c, user);
    },
  );

  app.on(ENDPOINTS.listUsersRoles.method, ENDPOINTS.listUsersRoles.path, guard('listUsersRoles'), async (c) =>
    sendOk(c, await users.listUsersRoles(db)),
  );

  app.on(
    ENDPOINTS.upsertUser.method,
    ENDPOINTS.upsertUser.path,
    guard('upsertUser'),
    jsonBody(UserUpsertSchema),
    async (c) => sendOk(c, await users.upsertUser(db, c.req.valid('json'), actorOf(c), ctx.clock())),
  );

  app.on(
    ENDPOINTS.removeUser.method,
    ENDPOINTS.removeUser.path,
    guard('removeUser'),
    params(IdParamSchema),
    async (c) => {
      await users.removeUser(db, c.req.valid('param').id, actorOf(c), ctx.clock());
      return sendOk(c, true);
    },
  );

  return app;
}
