import { indiaYear } from '#contract/india-time';
import { NOTE_NOT_FOUND_MESSAGE } from '#contract/order-history';
import { exportFileName } from '#contract/order-export';
import { ORDER_NOT_FOUND_MESSAGE } from '#contract/orders';
import { callerOf } from '../../auth/permissions';
import type { ServerContext } from '../../http/context';
import { ApiError } from '../../http/envelope';
import { createRouter } from '../../http/router';
import { auditActor } from '../../lib/actor';
import { dayReport } from './day-report';
import { exportOrders } from './export';
import { streamAllOrders } from './list-stream';
import * as orders from './orders.service';

/**
 * The orders calls of spec §7 and DECISIONS §1, scoped to the caller's store
 * (BlueTikAdmin: every store). Another store's order answers exactly as a missing one.
 */
export function ordersRoutes(ctx: ServerContext) {
  const routes = createRouter(ctx);
  const db = ctx.db.kysely;
  const notFound = () => new ApiError(404, ORDER_NOT_FOUND_MESSAGE);
  const found = <T>(value: T | null | undefined): T => {
    if (value === null || value === undefined) throw notFound();
    return value;
  };
  routes.list('listOrders', {
    // The whole list streams: a store's orders never sit in memory as one array.
    all: (c) =>
      c.body(
        streamAllOrders(db, callerOf(c).storeScope, { logger: ctx.logger, requestId: c.get('requestId') }),
        200,
        {
          'Content-Type': 'application/json; charset=UTF-8',
        },
      ),
    page: (c, { query }) => {
      // Only BlueTikAdmin chooses a store; everyone else always sees their own.
      const store = callerOf(c).storeScope ?? query.store ?? null;
      // upcoming=Yes and overdue=Yes read today and now by the same clock as the dashboard's cards.
      return orders.listPage(db, query, store, Object.hasOwn(c.req.queries(), 'order'), ctx.clock());
    },
  });

  routes.on('getOrderById', async (c, { params }) =>
    found(await orders.getOrder(db, params.id, callerOf(c).storeScope)),
  );

  /*
   * Live data is a poll of this small call, not a server-sent event stream: each visible
   * tab asks every ~10 s through the one API client, with the same token, CSRF and
   * permission path as every other call, and the answer is two index reads. A stream
   * would hold a connection per open tab on a 2-core server and need a per-store fan-out
   * of every write; a poll needs neither, and a hidden tab asks every 30 s (record 054).
   */
  routes.on('getOrderChanges', (c, { query }) =>
    orders.orderChanges(db, query, callerOf(c).storeScope, ctx.clock()),
  );

  // Only BlueTikAdmin chooses a store (as for the list); the tabs refresh with the list's poll.
  routes.on('getOrderStatusCounts', (c, { query }) =>
    orders.statusCounts(db, query, callerOf(c).storeScope ?? query.store ?? null, ctx.clock()),
  );

  routes.on('createOrder', (c, { body }) =>
    orders.createOrder(db, body, {
      // BlueTikAdmin (no scope) names the store in the payload; everyone else's is their own.
      store: callerOf(c).storeScope,
      actor: auditActor(c),
      now: ctx.clock(),
    }),
  );

  routes.on('upsertOrder', async (c, { body }) => {
    const caller = callerOf(c);
    return found(
      await orders.updateOrder(db, body, {
        store: caller.storeScope,
        canSettle: caller.role === 'BlueTikAdmin',
        actor: auditActor(c),
        now: ctx.clock(),
      }),
    );
  });

  routes.on('bulkUpdateOrders', async (c, { body }) => {
    const caller = callerOf(c);
    const canSettle = caller.role === 'BlueTikAdmin';
    // Settling is the platform admin's alone: a bulk call asking only that is refused outright.
    if (body.status === undefined && !canSettle) throw new ApiError(403);
    return orders.bulkUpdate(db, body, {
      store: caller.storeScope,
      canSettle,
      actor: auditActor(c),
      now: ctx.clock(),
    });
  });

  routes.on('exportOrders', (c, { body }) =>
    c.body(
      exportOrders(db, body, callerOf(c).storeScope, ctx.clock(), {
        logger: ctx.logger,
        requestId: c.get('requestId'),
        // SQLite: a connection of the export's own, closed when the export ends (record 058).
        reader: ctx.db.openReader,
      }),
      200,
      {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportFileName(ctx.clock())}"`,
      },
    ),
  );

  routes.on('removeOrder', async (c, { params }) => {
    if (!(await orders.removeOrder(db, params.id, auditActor(c), ctx.clock()))) throw notFound();
    return true as const;
  });

  routes.on('getDashboardOrder', (c) => orders.dashboard(db, callerOf(c).storeScope, ctx.clock()));

  routes.on('getYearlySales', (c, { query }) =>
    orders.yearlySales(db, callerOf(c).storeScope, query.year ?? indiaYear(ctx.clock())),
  );

  routes.on('getOrderHistory', async (c, { params, query }) =>
    found(await orders.orderHistory(db, params.id, callerOf(c).storeScope, query)),
  );

  routes.on('getOrderPrints', (c, { query }) => orders.orderPrints(db, query.ids, callerOf(c).storeScope));

  routes.on('takeOrder', async (c, { body }) =>
    found(
      await orders.takeOrder(db, body.id, {
        store: callerOf(c).storeScope,
        actor: auditActor(c),
        now: ctx.clock(),
      }),
    ),
  );

  routes.on('printOrderBills', (c, { body }) =>
    orders.orderBills(db, body.ids, callerOf(c).storeScope, ctx.clock()),
  );

  routes.on('addOrderNote', async (c, { body }) =>
    found(
      await orders.addNote(db, body, {
        store: callerOf(c).storeScope,
        actor: auditActor(c),
        now: ctx.clock(),
      }),
    ),
  );

  routes.on('removeOrderNote', async (c, { params }) => {
    const opts = { store: callerOf(c).storeScope, actor: auditActor(c), now: ctx.clock() };
    if (!(await orders.removeNote(db, params.id, opts))) throw new ApiError(404, NOTE_NOT_FOUND_MESSAGE);
    return true as const;
  });

  // The day-end report (issue 28, record 063): only BlueTikAdmin chooses a store.
  routes.on('getDayReport', (c, { query }) =>
    dayReport(db, query, callerOf(c).storeScope ?? query.store ?? null, ctx.clock()),
  );

  return routes.app;
}
