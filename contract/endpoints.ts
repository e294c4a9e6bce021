import * as v from 'valibot';
import { CHANGE_PASSWORD_RESULTS, ChangePasswordSchema, LoginResultSchema, LoginSchema } from './auth';
import {
  AvailableItemsSchema,
  CategoryListRowSchema,
  CategoryRemoveResultSchema,
  CategorySchema,
  CategoryUpsertResultSchema,
  CategoryUpsertSchema,
} from './categories';
import { RemovedResultSchema } from './envelope';
import { ItemRemoveResultSchema, ItemSchema, ItemUpsertResultSchema, ItemUpsertSchema } from './items';
import {
  CategoryListQuerySchema,
  ItemListQuerySchema,
  OrderChangesQuerySchema,
  OrderListQuerySchema,
  OrderStatusCountsQuerySchema,
  PagedResultSchema,
  RoleListQuerySchema,
  UserListQuerySchema,
} from './lists';
import { OrderBulkResultSchema, OrderBulkSchema } from './order-bulk';
import { OrderCreatedSchema, OrderCreateSchema } from './order-create';
import { OrderExportSchema } from './order-export';
import { OrderPrintsQuerySchema, OrderPrintsSchema } from './order-prints';
import { OrderUpdateSchema } from './order-update';
import {
  OrderHistoryEntrySchema,
  OrderHistoryQuerySchema,
  OrderHistorySchema,
  OrderNoteAddSchema,
} from './order-history';
import {
  DashboardSchema,
  OrderChangesSchema,
  OrderListRowSchema,
  OrderSchema,
  OrderStatusCountsSchema,
  YearlySalesQuerySchema,
  YearlySalesSchema,
} from './orders';
import type { Action } from './permissions';
import { EditProfileSchema, ProfileSchema } from './profile';
import { BulkInsertResultSchema, RoleSchema, RoleUpsertSchema, UsersRolesSchema } from './roles';
import { IdSchema } from './rules';
import { UserListRowSchema, UserSchema, UserUpsertResultSchema, UserUpsertSchema } from './users';

/*
 * Every API call of spec §7 and DECISIONS §1, once: method, path (Hono pattern, relative
 * to /api), the permission-table action, and the valibot schemas of its path parameters,
 * query, body and result. The server mounts each route with these validators
 * (server/http/router.ts), the OpenAPI document is generated from this table alone, and
 * the typed caller (contract/call.ts) infers each call's result from its entry.
 */

type Method = 'GET' | 'POST' | 'DELETE';
/** `public` routes need no token; every other route names its action. */
export type Access = Action | 'public';

/** An object schema: what path parameters and list queries are. */
type ObjectSchema = v.GenericSchema & { readonly entries: v.ObjectEntries };

/** What a call's entry says about its input and output. */
interface Schemas {
  /** One entry per `:param` of the path. */
  readonly params?: ObjectSchema;
  /** The query string (a repeated key arrives as an array). */
  readonly query?: v.GenericSchema;
  /** The JSON body. */
  readonly body?: v.GenericSchema;
  /** The envelope's `result` on success; for a list call, the plain list (no query keys). */
  readonly result?: v.GenericSchema;
  /** A list call's result when its query names any list key (DECISIONS §1). */
  readonly page?: v.GenericSchema;
  /** A response that is not an envelope (the description itself). */
  readonly raw?: { readonly contentType: string; readonly description: string };
}

/** One call. */
export interface Endpoint extends Schemas {
  readonly method: Method;
  readonly path: string;
  readonly action: Access;
  readonly summary: string;
}

const e = <const S extends Schemas>(method: Method, path: string, action: Access, summary: string, s: S) => ({
  method,
  path,
  action,
  summary,
  ...s,
});

/** A list call: the whole list without query keys, a page with any (DECISIONS §1). */
const list = <Q extends ObjectSchema, R extends v.GenericSchema>(
  path: string,
  action: Access,
  summary: string,
  query: Q,
  row: R,
) => e('GET', path, action, summary, { query, result: v.array(row), page: PagedResultSchema(row) });

/** The path parameter `:id`. */
const byId = v.object({ id: IdSchema });

/** Every call the product makes, by name. */
export const ENDPOINTS = {
  health: e(
    'GET',
    '/health',
    'public',
    'The process answers and the database is reachable (503 when it is not).',
    {
      result: v.object({ status: v.literal('ok'), database: v.literal('ok') }),
    },
  ),
  openApi: e(
    'GET',
    '/openapi.json',
    'public',
    'This OpenAPI 3.1 description of the API, generated from the contract schemas.',
    {
      raw: { contentType: 'application/json', description: 'The OpenAPI document (not an envelope).' },
    },
  ),
  apiDocs: e('GET', '/docs', 'public', 'The same description as a readable HTML page.', {
    raw: { contentType: 'text/html', description: 'An HTML page (not an envelope).' },
  }),

  login: e(
    'POST',
    '/accounts/login',
    'public',
    'Signs in with a mobile number (with or without +91 or 0) and a password; sets the session CSRF cookie.',
    { body: LoginSchema, result: LoginResultSchema },
  ),
  logout: e('GET', '/accounts/logout', 'self.session', 'Ends this session: its token stops working.', {
    result: v.literal(true),
  }),
  changePassword: e(
    'POST',
    '/accounts/changepassword',
    'self.password',
    'Changes the signed-in user’s password (the user comes from the token). A success ends every session of the user.',
    { body: ChangePasswordSchema, result: v.picklist(Object.values(CHANGE_PASSWORD_RESULTS)) },
  ),
  getUserByUserId: e(
    'GET',
    '/accounts/getuserbyuserid/:userId',
    'self.profile',
    'The signed-in user’s own profile, by phone number or id; anyone else’s answers 404.',
    { params: v.object({ userId: v.pipe(v.string(), v.maxLength(20)) }), result: ProfileSchema },
  ),
  editUserProfile: e(
    'POST',
    '/accounts/edituserprofile',
    'self.profile',
    'Edits the signed-in user’s own profile, whatever id the body names.',
    { body: EditProfileSchema, result: ProfileSchema },
  ),

  listOrders: list(
    '/orders/listorders',
    'orders.read',
    'Orders in the caller’s scope (all stores for BlueTikAdmin, else its own store).',
    OrderListQuerySchema,
    OrderListRowSchema,
  ),
  getOrderById: e(
    'GET',
    '/orders/getorderbyid/:id',
    'orders.read',
    'One order in scope; another store’s order answers exactly like a missing one.',
    { params: byId, result: OrderSchema },
  ),
  /** The screen polls this while visible (orders.routes.ts says why a poll). */
  getOrderChanges: e(
    'GET',
    '/orders/getchanges',
    'orders.read',
    'What changed since a snapshot of the orders list: the latest order id in scope, and how many orders newer than `since` match the filters and search (at most 1000).',
    { query: OrderChangesQuerySchema, result: OrderChangesSchema },
  ),
  getOrderStatusCounts: e(
    'GET',
    '/orders/getstatuscounts',
    'orders.read',
    'The orders list’s status tabs: how many orders match the list’s other filters and search (and snapshot) in all, per status and Upcoming, in the caller’s scope.',
    { query: OrderStatusCountsQuerySchema, result: OrderStatusCountsSchema },
  ),
  createOrder: e(
    'POST',
    '/orders/createorder',
    'orders.create',
    'Creates an order for a store (BlueTikAdmin names `storeId`; others create for their own store). Item names and prices are copied from the catalog.',
    { body: OrderCreateSchema, result: OrderCreatedSchema },
  ),
  upsertOrder: e(
    'POST',
    '/orders/upsertorder',
    'orders.update',
    'Updates an order’s status, delivery and prices; the server recomputes every total. isSettled only from BlueTikAdmin (ignored otherwise).',
    { body: OrderUpdateSchema, result: OrderSchema },
  ),
  bulkUpdateOrders: e(
    'POST',
    '/orders/bulkupdate',
    'orders.update',
    'Changes the status (Cancelled with its reason) and/or the settlement of up to 200 orders — ids, or the list’s filter with its `upto`, continued from `after` — each under upsertorder’s rules in its own transaction; answers every order’s outcome and the next batch’s `after`.',
    { body: OrderBulkSchema, result: OrderBulkResultSchema },
  ),
  exportOrders: e(
    'POST',
    '/orders/export',
    'orders.read',
    'The orders list as CSV (UTF-8 with a BOM): the view (`filter` with its `upto`, `sort`, `order`) or up to 10,000 `ids`, with the named `columns`; streamed, in scope.',
    {
      body: OrderExportSchema,
      raw: {
        contentType: 'text/csv',
        description: 'CSV: a header row of the column labels, then one row per order.',
      },
    },
  ),
  getDashboardOrder: e('GET', '/orders/getdashboardorder', 'orders.read', 'The dashboard counts, in scope.', {
    result: DashboardSchema,
  }),
  getYearlySales: e(
    'GET',
    '/orders/getyearlysales',
    'orders.read',
    'Twelve monthly totals of Delivered orders in a year, in scope.',
    { query: YearlySalesQuerySchema, result: YearlySalesSchema },
  ),
  removeOrder: e('DELETE', '/orders/removeorder/:id', 'orders.remove', 'Removes an order.', {
    params: byId,
    result: RemovedResultSchema,
  }),
  getOrderHistory: e(
    'GET',
    '/orders/gethistory/:id',
    'orders.read',
    'An order’s audit trail with its notes, oldest first: `limit` entries (at most 100, the default) after the entry `after`.',
    {
      params: byId,
      query: OrderHistoryQuerySchema,
      result: OrderHistorySchema,
    },
  ),
  getOrderPrints: e(
    'GET',
    '/orders/getprints',
    'orders.read',
    'Orders to print (receipt, kitchen ticket) with their store’s name, address and phone: up to 50 ids, in scope, in the order asked; others are left out.',
    { query: OrderPrintsQuerySchema, result: OrderPrintsSchema },
  ),
  addOrderNote: e(
    'POST',
    '/orders/addnote',
    'orders.note',
    'Adds an internal note (1–500 characters, never shown to customers) to an order’s trail; answers the entry.',
    { body: OrderNoteAddSchema, result: OrderHistoryEntrySchema },
  ),
  removeOrderNote: e(
    'DELETE',
    '/orders/removenote/:id',
    'orders.noteRemove',
    'Removes a note (by its entry id): the trail keeps that it was written and removed, not its text.',
    { params: byId, result: RemovedResultSchema },
  ),

  listCategories: list(
    '/categories/listcategories',
    'catalog.read',
    'The platform-wide categories.',
    CategoryListQuerySchema,
    CategoryListRowSchema,
  ),
  getCategoryById: e(
    'GET',
    '/categories/getcategorybyid/:id',
    'catalog.read',
    'One category with its available and associated items (encoded).',
    { params: byId, result: CategorySchema },
  ),
  getAvailableItems: e(
    'GET',
    '/categories/getavailableitems',
    'catalog.read',
    'Every catalog item, encoded as a comma-separated string.',
    { result: AvailableItemsSchema },
  ),
  upsertCategory: e(
    'POST',
    '/categories/upsertcategory',
    'categories.upsert',
    'Creates (empty id) or updates a category and its associated items.',
    { body: CategoryUpsertSchema, result: CategoryUpsertResultSchema },
  ),
  removeCategory: e(
    'DELETE',
    '/categories/removecategory/:id',
    'categories.remove',
    'Removes a category and its item associations.',
    { params: byId, result: CategoryRemoveResultSchema },
  ),

  listItems: list(
    '/items/listitems',
    'catalog.read',
    'The platform-wide items.',
    ItemListQuerySchema,
    ItemSchema,
  ),
  getItemById: e('GET', '/items/getitembyid/:id', 'catalog.read', 'One item.', {
    params: byId,
    result: ItemSchema,
  }),
  upsertItem: e(
    'POST',
    '/items/upsertitem',
    'items.edit',
    'Creates (empty id) or updates an item; a WebAdmin’s edit keeps the stored image.',
    { body: ItemUpsertSchema, result: ItemUpsertResultSchema },
  ),
  removeItem: e(
    'DELETE',
    '/items/removeitem/:id',
    'items.remove',
    'Removes an item and its category associations (orders keep their own copy).',
    { params: byId, result: ItemRemoveResultSchema },
  ),

  listUsers: list(
    '/user/listusers',
    'users.manage',
    'Every user, with its role as `type`.',
    UserListQuerySchema,
    UserListRowSchema,
  ),
  getUserById: e('GET', '/user/getuserbyid/:id', 'users.manage', 'One user (never a password or hash).', {
    params: byId,
    result: UserSchema,
  }),
  listUsersRoles: e('GET', '/user/listusersroles', 'users.manage', 'The roles the user form offers.', {
    result: UsersRolesSchema,
  }),
  upsertUser: e(
    'POST',
    '/user/upsertuser',
    'users.manage',
    'Creates (empty id) or updates a user; an existing phone number answers success with an empty result.',
    { body: UserUpsertSchema, result: UserUpsertResultSchema },
  ),
  removeUser: e(
    'DELETE',
    '/user/removeuser/:id',
    'users.manage',
    'Removes a user (nobody removes themselves or the last BlueTikAdmin).',
    { params: byId, result: RemovedResultSchema },
  ),

  listRoles: list('/roles/listroles', 'roles.manage', 'Every role.', RoleListQuerySchema, RoleSchema),
  getRoleById: e('GET', '/roles/getrolebyid/:id', 'roles.manage', 'One role.', {
    params: byId,
    result: RoleSchema,
  }),
  upsertRole: e('POST', '/roles/upsertrole', 'roles.manage', 'Creates (empty id) or updates a role.', {
    body: RoleUpsertSchema,
    result: RoleSchema,
  }),
  removeRole: e(
    'DELETE',
    '/roles/removerole/:id',
    'roles.manage',
    'Removes a role; a role still in use is refused.',
    { params: byId, result: RemovedResultSchema },
  ),
  bulkItemsInsert: e(
    'GET',
    '/roles/bulkitemsinsert',
    'items.bulkInsert',
    'Imports the bundled master catalog into the items (idempotent: same name and brand is skipped).',
    { result: BulkInsertResultSchema },
  ),
} as const satisfies Record<string, Endpoint>;

/** The name of a call. */
export type EndpointName = keyof typeof ENDPOINTS;

// The browser's side of the table (contract/endpoint-paths.gen.ts, generated from it).
export { API_BASE, apiPath } from './paths';
