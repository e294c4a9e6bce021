import type { Action } from './permissions';

/*
 * Every API call of spec §7 and DECISIONS §1, once: method, path (Hono pattern,
 * relative to /api) and the permission-table action the route performs. The server
 * mounts routes from this table; the client builds URLs from it.
 */

/** Base path of the API. */
export const API_BASE = '/api';

type Method = 'GET' | 'POST' | 'DELETE';
/** `public` routes need no token; every other route names its action. */
export type Access = Action | 'public';

interface Endpoint {
  readonly method: Method;
  readonly path: string;
  readonly action: Access;
}

const e = (method: Method, path: string, action: Access): Endpoint => ({ method, path, action });

/** Every call the product makes, by name. */
export const ENDPOINTS = {
  health: e('GET', '/health', 'public'),
  /** The OpenAPI 3.1 description of this table, generated from the contract schemas. */
  openApi: e('GET', '/openapi.json', 'public'),
  /** The same, as a readable HTML page. */
  apiDocs: e('GET', '/docs', 'public'),

  login: e('POST', '/accounts/login', 'public'),
  logout: e('GET', '/accounts/logout', 'self.session'),
  changePassword: e('POST', '/accounts/changepassword', 'self.password'),
  getUserByUserId: e('GET', '/accounts/getuserbyuserid/:userId', 'self.profile'),
  editUserProfile: e('POST', '/accounts/edituserprofile', 'self.profile'),

  listOrders: e('GET', '/orders/listorders', 'orders.read'),
  getOrderById: e('GET', '/orders/getorderbyid/:id', 'orders.read'),
  /**
   * What changed since a snapshot of the orders list (the screen polls it while visible):
   * the latest order id in scope and how many newer orders match the list's filters.
   */
  getOrderChanges: e('GET', '/orders/getchanges', 'orders.read'),
  /** A new order for a store (a phone order, or the admin entering one). */
  createOrder: e('POST', '/orders/createorder', 'orders.create'),
  upsertOrder: e('POST', '/orders/upsertorder', 'orders.update'),
  getDashboardOrder: e('GET', '/orders/getdashboardorder', 'orders.read'),
  getYearlySales: e('GET', '/orders/getyearlysales', 'orders.read'),
  removeOrder: e('DELETE', '/orders/removeorder/:id', 'orders.remove'),
  /** An order's audit trail, oldest first (the timeline screen comes later). */
  getOrderHistory: e('GET', '/orders/gethistory/:id', 'orders.read'),

  listCategories: e('GET', '/categories/listcategories', 'catalog.read'),
  getCategoryById: e('GET', '/categories/getcategorybyid/:id', 'catalog.read'),
  getAvailableItems: e('GET', '/categories/getavailableitems', 'catalog.read'),
  upsertCategory: e('POST', '/categories/upsertcategory', 'categories.upsert'),
  removeCategory: e('DELETE', '/categories/removecategory/:id', 'categories.remove'),

  listItems: e('GET', '/items/listitems', 'catalog.read'),
  getItemById: e('GET', '/items/getitembyid/:id', 'catalog.read'),
  upsertItem: e('POST', '/items/upsertitem', 'items.edit'),
  removeItem: e('DELETE', '/items/removeitem/:id', 'items.remove'),

  listUsers: e('GET', '/user/listusers', 'users.manage'),
  getUserById: e('GET', '/user/getuserbyid/:id', 'users.manage'),
  listUsersRoles: e('GET', '/user/listusersroles', 'users.manage'),
  upsertUser: e('POST', '/user/upsertuser', 'users.manage'),
  removeUser: e('DELETE', '/user/removeuser/:id', 'users.manage'),

  listRoles: e('GET', '/roles/listroles', 'roles.manage'),
  getRoleById: e('GET', '/roles/getrolebyid/:id', 'roles.manage'),
  upsertRole: e('POST', '/roles/upsertrole', 'roles.manage'),
  removeRole: e('DELETE', '/roles/removerole/:id', 'roles.manage'),
  bulkItemsInsert: e('GET', '/roles/bulkitemsinsert', 'items.bulkInsert'),
} as const satisfies Record<string, Endpoint>;

/** The name of a call. */
export type EndpointName = keyof typeof ENDPOINTS;

/**
 * The URL of a call relative to the API base, with `:params` filled in and an
 * optional query string: `apiPath('getOrderById', { id: 7 })` → `orders/getorderbyid/7`.
 * Relative (no leading slash) so the one ky client's `prefixUrl` applies.
 */
export function apiPath(
  name: EndpointName,
  params: Record<string, string | number> = {},
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>,
): string {
  const path = ENDPOINTS[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`apiPath(${name}): missing :${key}`);
    return encodeURIComponent(String(value));
  });
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) qs.append(key, String(item));
    else qs.append(key, String(value as string | number | boolean));
  }
  const search = qs.toString();
  return path.slice(1) + (search ? `?${search}` : '');
}
