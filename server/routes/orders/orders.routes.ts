import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ENDPOINTS } from '#contract/endpoints';
import { isPagedQuery, OrderChangesQuerySchema, OrderListQuerySchema } from '#contract/lists';
import { OrderCreateSchema } from '#contract/order-create';
import { OrderUpdateSchema } from '#contract/order-update';
import { ORDER_NOT_FOUND_MESSAGE, YearlySalesQuerySchema } from '#contract/orders';
import { IdSchema } from '#contract/rules';
import type { AuditActor } from '../../audit/audit';
import { callerOf, createGuard } from '../../auth/permissions';
import type { AppEnv, ServerContext } from '../../http/context';
import { ApiError, sendOk } from '../../http/envelope';
import { jsonBody, params, query } from '../../http/validate';
import { streamAllOrders } from './list-stream';
import * as orders from './orders.service';

const IdParamSchema = v.object({ id: IdSchema });

/**
 * The orders calls of spec §7 and DECISIONS §1, scoped to the caller's store
 * (BlueTikAdmin: every store). Another store's order answers exactly as a missing one.
 */
export function ordersRoutes(ctx: ServerContext) {
  const guard = createGuard(ctx);
  const app = new Hono<AppEnv>();
  const db = ctx.db.kysely;
  const notFound = () => new ApiError(404, ORDER_NOT_FOUND_MESSAGE);
  const actorOf = (c: Context<AppEnv>): AuditActor => {
    const caller = callerOf(c);
    return { userId: caller.userId, name: caller.name, requestId: c.get('requestId') };
  };

  app.on(
    ENDPOINTS.listOrders.method,
    ENDPOINTS.listOrders.path,
    guard('listOrders'),
    query(OrderListQuerySchema),
    async (c) => {
      const caller = callerOf(c);
      const raw = c.req.queries();
      if (!isPagedQuery(OrderListQuerySchema, raw))
        return c.body(
          streamAllOrders(db, caller.storeScope, { logger: ctx.logger, requestId: c.get('requestId') }),
          200,
          { 'Content-Type': 'application/json; charset=UTF-8' },
        );
      const q = c.req.valid('query');
      // Only BlueTikAdmin chooses a store; everyone else always sees their own.
      const store = caller.storeScope ?? q.store ?? null;
      // upcoming=Yes reads "after today" by the same clock as the dashboard's card.
      const today = orders.utcDay(ctx.clock());
      return sendOk(c, await orders.listPage(db, q, store, Object.hasOwn(raw, 'order'), today));
    },
  );

  app.on(
    ENDPOINTS.getOrderById.method,
    ENDPOINTS.getOrderById.path,
    guard('getOrderById'),
    params(IdParamSchema),
    async (c) => {
      const order = await orders.getOrder(db, c.req.valid('param').id, callerOf(c).storeScope);
      if (!order) throw notFound();
      return sendOk(c, order);
    },
  );

  /*
   * Live data is a poll of this small call, not a server-sent event stream: each visible
   * tab asks every ~10 s through the one API client, with the same token, CSRF and
   * permission path as every other call, and the answer is two index reads. A stream
   * would hold a connection per open tab on a 2-core server and need a per-store fan-out
   * of every write; a poll needs neither, and a hidden tab simply stops asking.
   */
  app.on(
    ENDPOINTS.getOrderChanges.method,
    ENDPOINTS.getOrderChanges.path,
    guard('getOrderChanges'),
    query(OrderChangesQuerySchema),
    async (c) =>
      sendOk(
        c,
        await orders.orderChanges(
          db,
          c.req.valid('query'),
          callerOf(c).storeScope,
          orders.utcDay(ctx.clock()),
        ),
      ),
  );

  app.on(
    ENDPOINTS.createOrder.method,
    ENDPOINTS.createOrder.path,
    guard('createOrder'),
    jsonBody(OrderCreateSchema),
    async (c) =>
      sendOk(
        c,
        await orders.createOrder(db, c.req.valid('json'), {
          // BlueTikAdmin (no scope) names the store in the payload; everyone else's is their own.
          store: callerOf(c).storeScope,
          actor: actorOf(c),
          now: ctx.clock(),
        }),
      ),
  );

  app.on(
    ENDPOINTS.upsertOrder.method,
    ENDPOINTS.upsertOrder.path,
    guard('upsertOrder'),
    jsonBody(OrderUpdateSchema),
    async (c) => {
      const caller = callerOf(c);
      const saved = await orders.updateOrder(db, c.req.valid('json'), {
        store: caller.storeScope,
        canSettle: caller.role === 'BlueTikAdmin',
        actor: actorOf(c),
        now: ctx.clock(),
      });
      if (!saved) throw notFound();
      return sendOk(c, saved);
    },
  );

  app.on(
    ENDPOINTS.removeOrder.method,
    ENDPOINTS.removeOrder.path,
    guard('removeOrder'),
    params(IdParamSchema),
    async (c) => {
      const removed = await orders.removeOrder(db, c.req.valid('param').id, actorOf(c), ctx.clock());
      if (!removed) throw notFound();
      return sendOk(c, true);
    },
  );

  app.on(
    ENDPOINTS.getDashboardOrder.method,
    ENDPOINTS.getDashboardOrder.path,
    guard('getDashboardOrder'),
    async (c) => {
      return sendOk(c, await orders.dashboard(db, callerOf(c).storeScope, orders.utcDay(ctx.clock())));
    },
  );

  app.on(
    ENDPOINTS.getYearlySales.method,
    ENDPOINTS.getYearlySales.path,
    guard('getYearlySales'),
    query(YearlySalesQuerySchema),
    async (c) => {
      const year = c.req.valid('query').year ?? new Date(ctx.clock()).getUTCFullYear();
      return sendOk(c, await orders.yearlySales(db, callerOf(c).storeScope, year));
    },
  );

  app.on(
    ENDPOINTS.getOrderHistory.method,
    ENDPOINTS.getOrderHistory.path,
    guard('getOrderHistory'),
    params(IdParamSchema),
    async (c) => {
      const history = await orders.orderHistory(db, c.req.valid('param').id, callerOf(c).storeScope);
      if (!history) throw notFound();
      return sendOk(c, history);
    },
  );

  return app;
}
