import { Hono } from 'hono';
import * as v from 'valibot';
import { ENDPOINTS } from '#contract/endpoints';
import { ITEM_MESSAGES, ItemUpsertSchema } from '#contract/items';
import { isPagedQuery, ItemListQuerySchema } from '#contract/lists';
import { IdSchema } from '#contract/rules';
import { callerOf, createGuard } from '../../auth/permissions';
import type { AppEnv, ServerContext } from '../../http/context';
import { ApiError, sendOk } from '../../http/envelope';
import { jsonBody, params, query } from '../../http/validate';
import { auditActor } from '../../lib/actor';
import * as items from './items.service';

const IdParamSchema = v.object({ id: IdSchema });

/** The items calls of spec §7: one platform-wide catalog (DECISIONS §2). */
export function itemsRoutes(ctx: ServerContext) {
  const guard = createGuard(ctx);
  const app = new Hono<AppEnv>();
  const db = ctx.db.kysely;

  app.on(
    ENDPOINTS.listItems.method,
    ENDPOINTS.listItems.path,
    guard('listItems'),
    query(ItemListQuerySchema),
    async (c) => {
      // No list parameter: the spec's plain form, the whole list.
      if (!isPagedQuery(ItemListQuerySchema, c.req.query())) return sendOk(c, await items.listAllItems(db));
      return sendOk(c, await items.listItemsPage(db, c.req.valid('query')));
    },
  );

  app.on(
    ENDPOINTS.getItemById.method,
    ENDPOINTS.getItemById.path,
    guard('getItemById'),
    params(IdParamSchema),
    async (c) => {
      const item = await items.getItem(db, c.req.valid('param').id);
      if (!item) throw new ApiError(404, ITEM_MESSAGES.notFound);
      return sendOk(c, item);
    },
  );

  app.on(
    ENDPOINTS.upsertItem.method,
    ENDPOINTS.upsertItem.path,
    guard('upsertItem'),
    jsonBody(ItemUpsertSchema),
    async (c) => {
      const item = await items.upsertItem(
        db,
        c.req.valid('json'),
        { role: callerOf(c).role, actor: auditActor(c) },
        ctx.clock(),
      );
      return sendOk(c, item);
    },
  );

  app.on(
    ENDPOINTS.removeItem.method,
    ENDPOINTS.removeItem.path,
    guard('removeItem'),
    params(IdParamSchema),
    async (c) => {
      const removed = await items.removeItem(db, c.req.valid('param').id, auditActor(c), ctx.clock());
      if (!removed) throw new ApiError(404, ITEM_MESSAGES.notFound);
      return sendOk(c, true as const);
    },
  );

  return app;
}
