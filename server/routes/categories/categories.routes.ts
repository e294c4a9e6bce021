import { CATEGORY_MESSAGES } from '#contract/categories';
import type { ServerContext } from '../../http/context';
import { orNotFound } from '../../http/envelope';
import { createRouter } from '../../http/router';
import { auditActor } from '../../lib/actor';
import * as categories from './categories.service';

/** The categories calls of spec §7: one platform-wide catalog (DECISIONS §2). */
export function categoriesRoutes(ctx: ServerContext) {
  const routes = createRouter(ctx);
  const db = ctx.db.kysely;

  routes.list('listCategories', {
    all: () => categories.listAllCategories(db),
    page: (_c, { query }) => categories.listCategoriesPage(db, query),
  });
  routes.on('getCategoryById', async (_c, { params }) =>
    orNotFound(await categories.getCategory(db, params.id), CATEGORY_MESSAGES.notFound),
  );
  routes.on('getAvailableItems', () => categories.availableItems(db));
  routes.on('upsertCategory', (c, { body }) =>
    categories.upsertCategory(db, body, auditActor(c), ctx.clock()),
  );
  routes.on('removeCategory', async (c, { params }) =>
    orNotFound(
      await categories.removeCategory(db, params.id, auditActor(c), ctx.clock()),
      CATEGORY_MESSAGES.notFound,
    ),
  );

  return routes.app;
}
