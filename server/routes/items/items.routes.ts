import { ITEM_MESSAGES } from '#contract/items';
import { callerOf } from '../../auth/permissions';
import type { ServerContext } from '../../http/context';
import { orNotFound } from '../../http/envelope';
import { createRouter } from '../../http/router';
import { auditActor } from '../../lib/actor';
import * as items from './items.service';

/** The items calls of spec §7: one platform-wide catalog (DECISIONS §2). */
export function itemsRoutes(ctx: ServerContext) {
  const routes = createRouter(ctx);
  const db = ctx.db.kysely;

  routes.list('listItems', {
    all: () => items.listAllItems(db),
    page: (_c, { query }) => items.listItemsPage(db, query),
  });
  routes.on('getItemById', async (_c, { params }) =>
    orNotFound(await items.getItem(db, params.id), ITEM_MESSAGES.notFound),
  );
  routes.on('upsertItem', (c, { body }) =>
    items.upsertItem(db, body, { role: callerOf(c).role, actor: auditActor(c) }, ctx.clock()),
  );
  routes.on('removeItem', async (c, { params }) =>
    orNotFound(await items.removeItem(db, params.id, auditActor(c), ctx.clock()), ITEM_MESSAGES.notFound),
  );

  return routes.app;
}
