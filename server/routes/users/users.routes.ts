import { USER_MESSAGES } from '#contract/users';
import type { ServerContext } from '../../http/context';
import { orNotFound } from '../../http/envelope';
import { createRouter } from '../../http/router';
import { auditActor } from '../../lib/actor';
import * as users from './users.service';

/** The users calls of spec §7 (`/user/*`; BlueTikAdmin only, DECISIONS §2). */
export function usersRoutes(ctx: ServerContext) {
  const routes = createRouter(ctx);
  const db = ctx.db.kysely;

  routes.list('listUsers', {
    all: () => users.listUsers(db),
    page: (_c, { query }) => users.listUsersPaged(db, query),
  });
  routes.on('getUserById', async (_c, { params }) =>
    orNotFound(await users.getUser(db, params.id), USER_MESSAGES.notFound),
  );
  routes.on('listUsersRoles', () => users.listUsersRoles(db));
  routes.on('upsertUser', (c, { body }) => users.upsertUser(db, body, auditActor(c), ctx.clock()));
  routes.on('removeUser', async (c, { params }) => {
    await users.removeUser(db, params.id, auditActor(c), ctx.clock());
    return true as const;
  });

  return routes.app;
}
