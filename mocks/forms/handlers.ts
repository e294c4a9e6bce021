import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { CATEGORY_MESSAGES, CategoryUpsertSchema } from '#contract/categories';
import { decodeOrderUserItems, encodeCatalogItems, encodeOrderUserItems } from '#contract/codecs';
import { CSRF_REFUSED_MESSAGE } from '#contract/auth';
import { issueMessages, ok } from '#contract/envelope';
import { ITEM_MESSAGES, ItemUpsertSchema, type Item } from '#contract/items';
import { orderTotals, OrderUpdateSchema } from '#contract/order-update';
import { ORDER_NOT_FOUND_MESSAGE, type Order } from '#contract/orders';
import { ENDPOINTS, type Endpoint, type EndpointName } from '#contract/endpoints';
import { isPagedQuery } from '#contract/lists';
import { can } from '#contract/permissions';
import { BulkInsertResultSchema, ROLE_MESSAGES, RoleUpsertSchema, type RoleRecord } from '#contract/roles';
import { fromPaise } from '#contract/rules';
import { USER_EXISTS_RESULT, USER_MESSAGES, UserUpsertSchema, type User } from '#contract/users';
import { callerOf, hasXsrf, refuse } from '../auth';
import { url } from '../handlers';
import {
  categoryResult,
  makeItems,
  makeOrder,
  makeRoles,
  makeUser,
  toCatalogEntry,
  type StoredCategory,
} from './fixtures';

/*
 * MSW handlers for the edit screens: details, upserts, and a paged list per domain built
 * from the same state, so a test can save a form and see the list the save leads to.
 * Payloads are validated with the contract schemas and the permission table decides, as
 * the real server does. Tests install them with `server.use(...formHandlers)`.
 */

/** Mutable state behind the handlers; resetFormState() restores it. */
export const formState = {
  orders: new Map<number, Order>(),
  items: new Map<number, Item>(),
  categories: new Map<number, StoredCategory>(),
  users: new Map<number, User>(),
  roles: new Map<number, RoleRecord>(),
  /** Every payload posted, by endpoint, for assertions on the wire shape. */
  posted: [] as { path: string; body: unknown }[],
  bulk: { inserted: 3, skipped: 261 },
};

/** Restores the fixtures. */
export function resetFormState() {
  formState.orders = new Map([
    [101, makeOrder()],
    [102, makeOrder({ id: 102, orderNumber: 'ORD-000102', paymentType: 'Online', deliveryPrice: 20 })],
  ]);
  formState.items = new Map(makeItems().map((i) => [i.id, i]));
  formState.categories = new Map([
    [
      11,
      {
        id: 11,
        name: 'Staples',
        subCategory: 'Daily needs',
        description: 'Rice, dal and oil',
        image: 'staples',
        itemIds: [1, 2],
        version: 1,
      },
    ],
  ]);
  formState.users = new Map([[7, makeUser()]]);
  formState.roles = new Map(makeRoles().map((r) => [r.id, r]));
  formState.posted = [];
  formState.bulk = { inserted: 3, skipped: 261 };
}
resetFormState();

const roleOf = (request: Request) => callerOf(request)?.role ?? null;
const unauthorized = () => refuse(401);
const forbidden = () => refuse(403);
const badRequest = (messages: string[]) => refuse(400, ...messages);
const notFound = (message: string) => refuse(404, message);

/** Role check, XSRF check and payload validation shared by every upsert. */
async function guardedBody<TSchema extends v.GenericSchema>(
  request: Request,
  action: string,
  schema: TSchema,
): Promise<{ response: Response } | { role: string; output: v.InferOutput<TSchema> }> {
  const role = roleOf(request);
  if (!role) return { response: unauthorized() };
  if (!hasXsrf(request)) return { response: refuse(403, CSRF_REFUSED_MESSAGE) };
  if (!can(role, action, { isAddCategoryItems: false })) return { response: forbidden() };
  const body: unknown = await request.json();
  formState.posted.push({ path: new URL(request.url).pathname, body });
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) return { response: badRequest(issueMessages(parsed.issues)) };
  return { role, output: parsed.output };
}

/** A list's answer as the server shapes it (contract isPagedQuery): a page, or the plain array. */
function paged<T>(name: EndpointName, rows: T[], request: Request) {
  const q = new URL(request.url).searchParams;
  const query = (ENDPOINTS[name] as Endpoint).query as unknown as { entries: v.ObjectEntries };
  if (!isPagedQuery(query, Object.fromEntries(q))) return ok(rows);
  const page = Number(q.get('page') ?? 1);
  const pageSize = Number(q.get('pageSize') ?? 25);
  return ok({ rows: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize });
}

const byId = (params: Record<string, unknown>) => Number(params.id);

/** The handlers for the edit screens (and the lists they lead to). */
export const formHandlers = [
  // Orders ------------------------------------------------------------------------
  http.get(url('getOrderById'), ({ params, request }) => {
    if (!roleOf(request)) return unauthorized();
    const order = formState.orders.get(byId(params));
    return order ? HttpResponse.json(ok(order)) : notFound(ORDER_NOT_FOUND_MESSAGE);
  }),
  http.post(url('upsertOrder'), async ({ request }) => {
    const r = await guardedBody(request, 'orders.update', OrderUpdateSchema);
    if ('response' in r) return r.response;
    const input = r.output;
    const order = formState.orders.get(input.id);
    if (!order) return notFound(ORDER_NOT_FOUND_MESSAGE);
    const online = order.paymentType === 'Online';
    const tree = decodeOrderUserItems(order.orderUserItems);
    if (!tree.success) return badRequest(tree.issues);
    const unavailable = new Map(input.orderUnAvailableUserItems.map((e) => [e.itemId, e.checked]));
    const prices = new Map(input.orderItemsPrice.map((e) => [e.itemId, e.price]));
    const lines: { itemsCount: number; pricePaise: number; unavailable: boolean }[] = [];
    const categories = tree.output.map((c) => ({
      ...c,
      items: c.items.map((l) => {
        const pricePaise = online
          ? Math.round(l.price * 100)
          : (prices.get(l.itemId) ?? Math.round(l.price * 100));
        const isDeleted = online ? l.isDeleted : (unavailable.get(l.itemId) ?? l.isDeleted);
        lines.push({ itemsCount: l.itemsCount, pricePaise, unavailable: isDeleted });
        return {
          ...l,
          isDeleted,
          price: fromPaise(pricePaise),
          totalPrice: fromPaise(pricePaise * l.itemsCount),
        };
      }),
    }));
    const deliveryPaise = online ? Math.round(order.deliveryPrice * 100) : input.deliveryprice;
    const { itemsTotal, grandTotal } = orderTotals(lines, deliveryPaise);
    const saved: Order = {
      ...order,
      status: input.status as Order['status'],
      expectedDeliveryDate: input.expecteddeliverydate,
      expHours: input.exphours,
      expMinutes: input.expminutes,
      expTimePeriod: input.exptimeperiod,
      deliveryPrice: fromPaise(deliveryPaise),
      isSettled: r.role === 'BlueTikAdmin' ? input.issettled : order.isSettled,
      cancelledReason: input.cancelledreason,
      orderUserItems: encodeOrderUserItems(categories),
      totalPrice: fromPaise(itemsTotal),
      grandTotal: fromPaise(grandTotal),
      settlementAmt: online ? fromPaise(grandTotal) : null,
      version: order.version + 1,
    };
    formState.orders.set(saved.id, saved);
    return HttpResponse.json(ok(saved));
  }),
  // The list polls what changed (issue 6): nothing arrives here but what a test stores.
  http.get(url('getOrderChanges'), ({ request }) => {
    const since = Number(new URL(request.url).searchParams.get('since') ?? 0);
    const ids = [...formState.orders.keys()];
    return HttpResponse.json(
      ok({ latestId: Math.max(0, ...ids), newOrders: ids.filter((id) => id > since).length }),
    );
  }),
  http.get(url('listOrders'), ({ request }) => {
    const rows = [...formState.orders.values()].map(({ orderUserItems: _items, ...row }) => row);
    return HttpResponse.json(paged('listOrders', rows, request));
  }),

  // Categories --------------------------------------------------------------------
  http.get(url('getCategoryById'), ({ params }) => {
    const stored = formState.categories.get(byId(params));
    if (!stored) return notFound(CATEGORY_MESSAGES.notFound);
    return HttpResponse.json(ok(categoryResult(stored, [...formState.items.values()])));
  }),
  http.get(url('getAvailableItems'), () =>
    HttpResponse.json(ok(encodeCatalogItems([...formState.items.values()].map(toCatalogEntry)))),
  ),
  http.post(url('upsertCategory'), async ({ request }) => {
    const r = await guardedBody(request, 'categories.upsert', CategoryUpsertSchema);
    if ('response' in r) return r.response;
    const input = r.output;
    const unknown = input.associatedItems.map((e) => e.id).filter((id) => !formState.items.has(id));
    if (unknown.length) return badRequest([CATEGORY_MESSAGES.unknownItems(unknown)]);
    if (input.id && !formState.categories.has(input.id)) return notFound(CATEGORY_MESSAGES.notFound);
    const id = input.id || Math.max(0, ...formState.categories.keys()) + 1;
    const stored: StoredCategory = {
      id,
      name: input.name,
      subCategory: input.subcategory,
      description: input.description,
      image: input.image,
      itemIds: input.associatedItems.map((e) => e.id),
      version: (formState.categories.get(id)?.version ?? 0) + 1,
    };
    formState.categories.set(id, stored);
    return HttpResponse.json(ok(categoryResult(stored, [...formState.items.values()])));
  }),
  http.get(url('listCategories'), ({ request }) => {
    const rows = [...formState.categories.values()].map(({ itemIds: _ids, ...row }) => row);
    return HttpResponse.json(paged('listCategories', rows, request));
  }),

  // Items -------------------------------------------------------------------------
  http.get(url('getItemById'), ({ params }) => {
    const item = formState.items.get(byId(params));
    return item ? HttpResponse.json(ok(item)) : notFound(ITEM_MESSAGES.notFound);
  }),
  http.post(url('upsertItem'), async ({ request }) => {
    const r = await guardedBody(request, 'items.edit', ItemUpsertSchema);
    if ('response' in r) return r.response;
    const input = r.output;
    const fields = { ...input, price: fromPaise(input.price), mrp: fromPaise(input.mrp) };
    if (!input.id) {
      if (!can(r.role, 'items.create')) return forbidden();
      const id = Math.max(0, ...formState.items.keys()) + 1;
      const item: Item = { ...fields, id, version: 1 };
      formState.items.set(id, item);
      return HttpResponse.json(ok(item));
    }
    const before = formState.items.get(input.id);
    if (!before) return notFound(ITEM_MESSAGES.notFound);
    const item: Item = {
      ...fields,
      id: input.id,
      image: can(r.role, 'items.editImage') ? fields.image : before.image,
      version: before.version + 1,
    };
    formState.items.set(item.id, item);
    return HttpResponse.json(ok(item));
  }),
  http.get(url('listItems'), ({ request }) =>
    HttpResponse.json(paged('listItems', [...formState.items.values()], request)),
  ),

  // Users -------------------------------------------------------------------------
  http.get(url('getUserById'), ({ params }) => {
    const user = formState.users.get(byId(params));
    return user ? HttpResponse.json(ok(user)) : notFound(USER_MESSAGES.notFound);
  }),
  http.get(url('listUsersRoles'), () =>
    HttpResponse.json(ok([...formState.roles.values()].map((r) => ({ id: r.id, name: r.name })))),
  ),
  http.post(url('upsertUser'), async ({ request }) => {
    const r = await guardedBody(request, 'users.manage', UserUpsertSchema);
    if ('response' in r) return r.response;
    const { passWord: _password, ispasswordchangeconfirms: _confirm, ...input } = r.output;
    const taken = [...formState.users.values()].some(
      (u) => u.phoneNumber === input.phoneNumber && u.id !== input.id,
    );
    if (taken) return HttpResponse.json(ok(USER_EXISTS_RESULT));
    const id = input.id || Math.max(0, ...formState.users.keys()) + 1;
    const user: User = { ...input, id, version: (formState.users.get(id)?.version ?? 0) + 1 };
    formState.users.set(id, user);
    return HttpResponse.json(ok(user));
  }),
  http.get(url('listUsers'), ({ request }) => {
    const rows = [...formState.users.values()].map((u) => ({ ...u, type: u.role }));
    return HttpResponse.json(paged('listUsers', rows, request));
  }),

  // Roles -------------------------------------------------------------------------
  http.get(url('getRoleById'), ({ params }) => {
    const role = formState.roles.get(byId(params));
    return role ? HttpResponse.json(ok(role)) : notFound(ROLE_MESSAGES.notFound);
  }),
  http.post(url('upsertRole'), async ({ request }) => {
    const r = await guardedBody(request, 'roles.manage', RoleUpsertSchema);
    if ('response' in r) return r.response;
    const input = r.output;
    const clash = [...formState.roles.values()].find((x) => x.name === input.name && x.id !== input.id);
    if (clash) return badRequest([ROLE_MESSAGES.exists(input.name)]);
    const id = input.id || Math.max(0, ...formState.roles.keys()) + 1;
    const role: RoleRecord = {
      id,
      name: input.name,
      description: input.description,
      version: (formState.roles.get(id)?.version ?? 0) + 1,
    };
    formState.roles.set(id, role);
    return HttpResponse.json(ok(role));
  }),
  http.get(url('listRoles'), ({ request }) =>
    HttpResponse.json(paged('listRoles', [...formState.roles.values()], request)),
  ),
  http.get(url('bulkItemsInsert'), ({ request }) => {
    if (!can(roleOf(request), 'items.bulkInsert')) return forbidden();
    return HttpResponse.json(ok(v.parse(BulkInsertResultSchema, formState.bulk)));
  }),
];
