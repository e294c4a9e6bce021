import { Hono } from 'hono';
import * as v from 'valibot';
import { CATEGORY_MESSAGES, CategoryUpsertSchema } from '#contract/categories';
import { ENDPOINTS } from '#contract/endpoints';
import { CategoryListQuerySchema, isPagedQuery } from '#contract/lists';
import { IdSchema } from '#contract/rules';
import { createGuard } from '../../auth/permissions';
import type { AppEnv, ServerContext } from '../../http/context';
import { ApiError, sendOk } from '../../http/envelope';
import { jsonBody, params, query } from '../../http/validate';
import { auditActor } from '../../lib/actor';
import * as categories from './categories.service';

const IdParamSchema = v.object({ id: IdSchema });

/** The categories calls of spec §7: one platform-wide catalog (DECISIONS §2). */
export function categoriesRoutes(ctx: ServerContext) {
  const guard = createGuard(ctx);
  const app = new Hono<AppEnv>();
  const db = ctx.db.kysely;

  app.on(
    ENDPOINTS.listCategories.method,
    ENDPOINTS.listCategories.path,
    guard('listCategories'),
    query(CategoryListQuerySchema),
    async (c) => {
      // No list parameter: the spec's plain form, the whole list.
      if (!isPagedQuery(CategoryListQuerySchema, c.req.query()))
        return sendOk(c, await categories.listAllCategories(db));
      return sendOk(c, await categories.listCategoriesPage(db, c.req.valid('query')));
    },
  );

  app.on(
    ENDPOINTS.getCategoryById.method,
    ENDPOINTS.getCategoryById.path,
    guard('getCategoryById'),
    params(IdParamSchema),
    async (c) => {
      const category = await categories.getCategory(db, c.req.valid('param').id);
      if (!category) throw new ApiError(404, CATEGORY_MESSAGES.notFound);
      return sendOk(c, category);
    },
  );

  app.on(
    ENDPOINTS.getAvailableItems.method,
    ENDPOINTS.getAvailableItems.path,
    guard('getAvailableItems'),
    async (c) => sendOk(c, await categories.availableItems(db)),
  );

  app.on(
    ENDPOINTS.upsertCategory.method,
    ENDPOINTS.upsertCategory.path,
    guard('upsertCategory'),
    jsonBody(CategoryUpsertSchema),
    async (c) => {
      const saved = await categories.upsertCategory(db, c.req.valid('json'), auditActor(c), ctx.clock());
      return sendOk(c, saved);
    },
  );

  app.on(
    ENDPOINTS.removeCategory.method,
    ENDPOINTS.removeCategory.path,
    guard('removeCategory'),
    params(IdParamSchema),
    async (c) => {
      const removed = await categories.removeCategory(
        db,
        c.req.valid('param').id,
        auditActor(c),
        ctx.clock(),
      );
      if (!removed) throw new ApiError(404, CATEGORY_MESSAGES.notFound);
      return sendOk(c, true as const);
    },
  );

  return app;
}
