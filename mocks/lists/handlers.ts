import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import type { CategoryListRow } from '#contract/categories';
import { fail, issueMessages, ok } from '#contract/envelope';
import { API_BASE, ENDPOINTS, type EndpointName } from '#contract/endpoints';
import type { Item } from '#contract/items';
import {
  CategoryListQuerySchema,
  isPagedQuery,
  ItemListQuerySchema,
  OrderChangesQuerySchema,
  OrderListQuerySchema,
  RoleListQuerySchema,
  UserListQuerySchema,
  type Paged,
} from '#contract/lists';
import { NEW_ORDERS_CAP, type OrderListRow } from '#contract/orders';
import { can, grantOf } from '#contract/permissions';
import { ROLE_MESSAGES, type RoleRecord } from '#contract/roles';
import type { UserListRow } from '#contract/users';
import { CSRF_REFUSED_MESSAGE } from '#contract/auth';
import { callerOf, hasXsrf, refuse, type Caller } from '../auth';
import { makeCategoryRow, makeItem, makeOrderRow, makeRoles, makeUserRow } from './fixtures';

/*
 * MSW handlers for the five paged lists and their remove calls, answering as DECISIONS
 * §1/§2 say the server does: the contract's query schemas (400 with their messages),
 * the permission table (403), store scope for orders, paged or plain results, 404 for
 * a missing row. Tests add them with server.use(...listHandlers).
 */

type OrderRow = OrderListRow & { storeId: number };

/** Mutable rows behind the handlers; resetListState() between tests. */
export const listState = {
  orders: [] as OrderRow[],
  categories: [] as CategoryListRow[],
  items: [] as Item[],
  users: [] as UserListRow[],
  roles: [] as (RoleRecord & { users: number })[],
  /** Every list request's query string, newest last (tests assert what was asked). */
  requests: [] as URL[],
};

/** Fills the lists: `orders` orders (default 120) and a few dozen of the rest. */
export function resetListState(
  counts: { orders?: number; categories?: number; items?: number; users?: number } = {},
) {
  const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  listState.orders = range(counts.orders ?? 120).map((n) => makeOrderRow(n));
  listState.categories = range(counts.categories ?? 30).map((n) => makeCategoryRow(n));
  listState.items = range(counts.items ?? 60).map((n) => makeItem(n));
  listState.users = range(counts.users ?? 40).map((n) => makeUserRow(n));
  listState.roles = makeRoles();
  listState.requests = [];
}
resetListState();

/** The query string as the server reads it: a key that repeats becomes an array. */
function queryOf(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0]!;
  }
  return out;
}

const path = (name: EndpointName) => API_BASE + ENDPOINTS[name].path;
const unauthorized = () => refuse(401);
const forbidden = () => refuse(403);

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
  if (b === null || b === undefined) return 1;
  return String(a).toLowerCase().localeCompare(String(b).toLowerCase());
}

function page<T extends { id: number }>(
  rows: T[],
  q: { page?: number; pageSize?: number; sort?: string; order?: string },
  fallback?: { key: keyof T; desc: boolean },
): Paged<T> {
  const key = (q.sort as keyof T | undefined) ?? fallback?.key;
  const desc = q.sort ? q.order === 'desc' : (fallback?.desc ?? false);
  const sorted = key
    ? [...rows].sort((a, b) => (desc ? -1 : 1) * (compare(a[key], b[key]) || a.id - b.id))
    : rows;
  const pageNo = q.page ?? 1;
  const size = q.pageSize ?? 25;
  return {
    rows: sorted.slice((pageNo - 1) * size, pageNo * size),
    total: rows.length,
    page: pageNo,
    pageSize: size,
  };
}

const contains = (text: string, q: string) => text.toLowerCase().includes(q.toLowerCase());

/** A paged list handler: permission, query validation, filtering, then a page (or the plain array). */
function listHandler<TSchema extends v.GenericSchema, TRow extends { id: number }>(
  name: EndpointName,
  schema: TSchema & { entries?: v.ObjectEntries },
  rowsFor: (caller: Caller) => TRow[],
  matches: (row: TRow, query: v.InferOutput<TSchema>, caller: Caller) => boolean,
  fallback?: { key: keyof TRow; desc: boolean },
) {
  return http.get(path(name), ({ request }) => {
    const caller = callerOf(request);
    if (!caller) return unauthorized();
    if (!can(caller.role, ENDPOINTS[name].action)) return forbidden();
    const url = new URL(request.url);
    listState.requests.push(url);
    const raw = queryOf(url);
    const rows = rowsFor(caller);
    const entries =
      schema.entries ?? (schema as unknown as { pipe: [{ entries: v.ObjectEntries }] }).pipe[0].entries;
    if (!isPagedQuery({ entries }, raw)) return HttpResponse.json(ok(rows));
    const parsed = v.safeParse(schema, raw);
    if (!parsed.success) return HttpResponse.json(fail(...issueMessages(parsed.issues)), { status: 400 });
    const query = parsed.output as v.InferOutput<TSchema> & {
      page?: number;
      pageSize?: number;
      sort?: string;
      order?: string;
    };
    return HttpResponse.json(
      ok(
        page(
          rows.filter((row) => matches(row, query, caller)),
          query,
          fallback,
        ),
      ),
    );
  });
}

/** A remove handler: token, XSRF header, permission, then 404 or `refusalOf`'s message or success. */
function removeHandler<TRow extends { id: number }>(
  name: EndpointName,
  rows: () => TRow[],
  setRows: (rows: TRow[]) => void,
  notFound: string,
  refusalOf?: (row: TRow, caller: Caller) => string | null,
) {
  return http.delete(path(name), ({ request, params }) => {
    const caller = callerOf(request);
    if (!caller) return unauthorized();
    if (!hasXsrf(request)) return refuse(403, CSRF_REFUSED_MESSAGE);
    if (!can(caller.role, ENDPOINTS[name].action)) return forbidden();
    const id = Number(params.id);
    const row = rows().find((r) => r.id === id);
    if (!row) return HttpResponse.json(fail(notFound), { status: 404 });
    const refusal = refusalOf?.(row, caller);
    if (refusal) return HttpResponse.json(fail(refusal), { status: 400 });
    setRows(rows().filter((r) => r.id !== id));
    return HttpResponse.json(ok(true));
  });
}

/** Another store's orders look missing (DECISIONS §2); the demo WebAdmin's store is id 2. */
function ordersInScope(caller: Caller): OrderRow[] {
  if (grantOf(caller.role, 'orders.read') === 'all') return listState.orders;
  return listState.orders.filter((o) => o.storeId === 2);
}

/** Whether an order matches the orders list's filters and search (not the snapshot). */
function orderMatches(o: OrderRow, q: Omit<v.InferOutput<typeof OrderChangesQuerySchema>, 'since'>): boolean {
  return (
    (!q.status || q.status.includes(o.status)) &&
    (!q.paymentType || o.paymentType === q.paymentType) &&
    (!q.isSettled || o.isSettled === q.isSettled) &&
    (!q.from || o.createdDate.slice(0, 10) >= q.from) &&
    (!q.to || o.createdDate.slice(0, 10) <= q.to) &&
    (!q.store || o.storeId === q.store) &&
    // DECISIONS §1 Upcoming: not Delivered or Cancelled, expected after today (UTC).
    (!q.upcoming ||
      (o.status <= 2 &&
        o.expectedDeliveryDate !== null &&
        o.expectedDeliveryDate > new Date().toISOString().slice(0, 10))) &&
    (!q.q ||
      contains(o.orderNumber, q.q) ||
      contains(o.orderUserName, q.q) ||
      contains(o.orderUserPhoneNumber, q.q))
  );
}

/** getchanges, as the server answers it: the newest id in scope, newer matches capped. */
const orderChangesHandler = http.get(path('getOrderChanges'), ({ request }) => {
  const caller = callerOf(request);
  if (!caller) return unauthorized();
  if (!can(caller.role, ENDPOINTS.getOrderChanges.action)) return forbidden();
  const url = new URL(request.url);
  listState.requests.push(url);
  const parsed = v.safeParse(OrderChangesQuerySchema, queryOf(url));
  if (!parsed.success) return HttpResponse.json(fail(...issueMessages(parsed.issues)), { status: 400 });
  const q = parsed.output;
  const scope = ordersInScope(caller).filter((o) => !q.store || o.storeId === q.store);
  const latestId = scope.reduce((max, o) => Math.max(max, o.id), 0);
  const newOrders = Math.min(
    NEW_ORDERS_CAP,
    scope.filter((o) => o.id > q.since && orderMatches(o, q)).length,
  );
  return HttpResponse.json(ok({ latestId, newOrders }));
});

export const listHandlers = [
  orderChangesHandler,
  listHandler(
    'listOrders',
    OrderListQuerySchema,
    ordersInScope,
    (o, q) => (q.upto === undefined || o.id <= q.upto) && orderMatches(o, q),
    { key: 'createdDate', desc: true },
  ),
  listHandler(
    'listCategories',
    CategoryListQuerySchema,
    () => listState.categories,
    (c, q) =>
      (!q.subCategory || c.subCategory === q.subCategory) &&
      (!q.q || contains(c.name, q.q) || contains(c.subCategory, q.q) || contains(c.description, q.q)),
  ),
  listHandler(
    'listItems',
    ItemListQuerySchema,
    () => listState.items,
    (i, q) =>
      (!q.category || i.category === q.category) &&
      (!q.subCategory || i.subCategory === q.subCategory) &&
      (!q.q || [i.name, i.brand, i.category, i.subCategory].some((t) => contains(t, q.q))),
  ),
  listHandler(
    'listUsers',
    UserListQuerySchema,
    () => listState.users,
    (u, q) =>
      (!q.type || u.type === q.type) &&
      (!q.isActive || u.isActive === q.isActive) &&
      (!q.q || [u.name, u.email, u.phoneNumber, u.bussinessName].some((t) => contains(t, q.q))),
  ),
  listHandler(
    'listRoles',
    RoleListQuerySchema,
    () => listState.roles.map(({ users: _users, ...role }) => role),
    (r, q) => !q.q || contains(r.name, q.q) || contains(r.description, q.q),
  ),

  removeHandler(
    'removeOrder',
    () => listState.orders,
    (rows) => (listState.orders = rows),
    'Order not found',
  ),
  removeHandler(
    'removeCategory',
    () => listState.categories,
    (rows) => (listState.categories = rows),
    'Category not found',
  ),
  removeHandler(
    'removeItem',
    () => listState.items,
    (rows) => (listState.items = rows),
    'Item not found',
  ),
  removeHandler(
    'removeUser',
    () => listState.users,
    (rows) => (listState.users = rows),
    'User not found',
  ),
  removeHandler(
    'removeRole',
    () => listState.roles,
    (rows) => (listState.roles = rows),
    'Role not found',
    (role) => (role.users ? ROLE_MESSAGES.inUse(role.users) : null),
  ),
];
