import type { Context } from 'hono';
import { VIEW_MESSAGES } from '#contract/list-views';
import { callerOf } from '../../auth/permissions';
import type { AppEnv, ServerContext } from '../../http/context';
import { orNotFound } from '../../http/envelope';
import { createRouter } from '../../http/router';
import * as views from './views.service';

/**
 * The saved views' calls (issue 15 item 3, record 056): everyone who reads orders keeps
 * their own views; a view another user may not open, change or remove answers exactly as
 * a missing one (views.service.ts).
 */
export function viewsRoutes(ctx: ServerContext) {
  const routes = createRouter(ctx);
  const db = ctx.db.kysely;
  const viewerOf = (c: Context<AppEnv>): views.Viewer => {
    const caller = callerOf(c);
    return { userId: caller.userId, name: caller.name, role: caller.role, store: caller.storeScope };
  };

  routes.on('listViews', (c, { query }) => views.listViews(db, viewerOf(c), query.list));

  routes.on('getView', async (c, { params }) =>
    orNotFound(await views.getView(db, viewerOf(c), params.id), VIEW_MESSAGES.notFound),
  );

  routes.on('upsertView', (c, { body }) => views.upsertView(db, viewerOf(c), body, ctx.clock()));

  routes.on('removeView', async (c, { params }) =>
    orNotFound(await views.removeView(db, viewerOf(c), params.id), VIEW_MESSAGES.notFound),
  );

  routes.on('setDefaultView', (c, { body }) => views.setDefaultView(db, viewerOf(c), body));

  return routes.app;
}
