import * as v from 'valibot';
import { RemovedResultSchema } from '#contract/envelope';
import {
  CHANGE_PASSWORD_RESULTS,
  LoginResultSchema,
  LoginSchema,
  ChangePasswordSchema,
} from '#contract/auth';
import {
  AvailableItemsSchema,
  CategoryListRowSchema,
  CategoryRemoveResultSchema,
  CategorySchema,
  CategoryUpsertResultSchema,
  CategoryUpsertSchema,
} from '#contract/categories';
import type { EndpointName } from '#contract/endpoints';
import {
  ItemRemoveResultSchema,
  ItemSchema,
  ItemUpsertResultSchema,
  ItemUpsertSchema,
} from '#contract/items';
import {
  CategoryListQuerySchema,
  ItemListQuerySchema,
  OrderChangesQuerySchema,
  OrderListQuerySchema,
  PagedResultSchema,
  RoleListQuerySchema,
  UserListQuerySchema,
} from '#contract/lists';
import { OrderCreatedSchema, OrderCreateSchema } from '#contract/order-create';
import { OrderUpdateSchema } from '#contract/order-update';
import {
  DashboardSchema,
  OrderChangesSchema,
  OrderHistorySchema,
  OrderListRowSchema,
  OrderSchema,
  YearlySalesQuerySchema,
  YearlySalesSchema,
} from '#contract/orders';
import { EditProfileSchema, ProfileSchema } from '#contract/profile';
import { BulkInsertResultSchema, RoleSchema, RoleUpsertSchema, UsersRolesSchema } from '#contract/roles';
import { IdSchema } from '#contract/rules';
import { UserListRowSchema, UserSchema, UserUpsertResultSchema, UserUpsertSchema } from '#contract/users';

/*
 * What each call of contract/endpoints ENDPOINTS carries, by name: the contract schemas
 * of its body, query and path parameters and of the `result` inside its envelope. The
 * OpenAPI document and the /api/docs page are generated from this table; `satisfies
 * Record<EndpointName, …>` makes a call without an entry a type error, and the test
 * makes one missing from the document a failure.
 */

/** The documentation of one call. */
export interface EndpointDoc {
  summary: string;
  /** The JSON body (converted as its input type: what a client sends). */
  body?: v.GenericSchema;
  /** The query string: an object schema (or a pipe starting with one). */
  query?: v.GenericSchema;
  /** One schema per `:param` of the path. */
  params?: Record<string, v.GenericSchema>;
  /** The envelope's `result` on success; absent when the contract does not fix it yet. */
  result?: v.GenericSchema;
  /** A response that is not an envelope (the description itself). */
  raw?: { contentType: string; description: string };
}

/** A list call: the plain array without query keys, a page with any (DECISIONS §1). */
function listResult<TRow extends v.GenericSchema>(row: TRow) {
  return v.union([v.array(row), PagedResultSchema(row)]);
}

/** The path parameter `:id`. */
const byId = { id: IdSchema };

/** Result components named in the document (referenced wherever they appear). */
export const NAMED_RESULTS = {
  LoginResult: LoginResultSchema,
  Profile: ProfileSchema,
  Order: OrderSchema,
  OrderListRow: OrderListRowSchema,
  Dashboard: DashboardSchema,
  YearlySales: YearlySalesSchema,
  Category: CategorySchema,
  CategoryListRow: CategoryListRowSchema,
  Item: ItemSchema,
  User: UserSchema,
  UserListRow: UserListRowSchema,
  Role: RoleSchema,
  UsersRoles: UsersRolesSchema,
  BulkInsertResult: BulkInsertResultSchema,
} satisfies Record<string, v.GenericSchema>;

/** Every call's schemas. */
export const ENDPOINT_DOCS = {
  health: {
    summary: 'The process answers and the database is reachable (503 when it is not).',
    result: v.object({ status: v.literal('ok'), database: v.literal('ok') }),
  },
  openApi: {
    summary: 'This OpenAPI 3.1 description of the API, generated from the contract schemas.',
    raw: { contentType: 'application/json', description: 'The OpenAPI document (not an envelope).' },
  },
  apiDocs: {
    summary: 'The same description as a readable HTML page.',
    raw: { contentType: 'text/html', description: 'An HTML page (not an envelope).' },
  },

  login: {
    summary:
      'Signs in with a mobile number (with or without +91 or 0) and a password; sets the session CSRF cookie.',
    body: LoginSchema,
    result: LoginResultSchema,
  },
  logout: { summary: 'Ends this session: its token stops working.', result: v.literal(true) },
  changePassword: {
    summary:
      'Changes the signed-in user’s password (the user comes from the token). A success ends every session of the user.',
    body: ChangePasswordSchema,
    result: v.picklist(Object.values(CHANGE_PASSWORD_RESULTS)),
  },
  getUserByUserId: {
    summary: 'The signed-in user’s own profile, by phone number or id; anyone else’s answers 404.',
    params: { userId: v.pipe(v.string(), v.maxLength(20)) },
    result: ProfileSchema,
  },
  editUserProfile: {
    summary: 'Edits the signed-in user’s own profile, whatever id the body names.',
    body: EditProfileSchema,
    result: ProfileSchema,
  },

  listOrders: {
    summary: 'Orders in the caller’s scope (all stores for BlueTikAdmin, else its own store).',
    query: OrderListQuerySchema,
    result: listResult(OrderListRowSchema),
  },
  getOrderById: {
    summary: 'One order in scope; another store’s order answers exactly like a missing one.',
    params: byId,
    result: OrderSchema,
  },
  getOrderChanges: {
    summary:
      'What changed since a snapshot of the orders list: the latest order id in scope, and how many orders newer than `since` match the filters and search (at most 1000).',
    query: OrderChangesQuerySchema,
    result: OrderChangesSchema,
  },
  createOrder: {
    summary:
      'Creates an order for a store (BlueTikAdmin names `storeId`; others create for their own store). Item names and prices are copied from the catalog.',
    body: OrderCreateSchema,
    result: OrderCreatedSchema,
  },
  upsertOrder: {
    summary:
      'Updates an order’s status, delivery and prices; the server recomputes every total. isSettled only from BlueTikAdmin (ignored otherwise).',
    body: OrderUpdateSchema,
    result: OrderSchema,
  },
  getDashboardOrder: { summary: 'The dashboard counts, in scope.', result: DashboardSchema },
  getYearlySales: {
    summary: 'Twelve monthly totals of Delivered orders in a year, in scope.',
    query: YearlySalesQuerySchema,
    result: YearlySalesSchema,
  },
  removeOrder: { summary: 'Removes an order.', params: byId, result: RemovedResultSchema },
  getOrderHistory: {
    summary: 'An order’s audit trail, oldest first.',
    params: byId,
    result: OrderHistorySchema,
  },

  listCategories: {
    summary: 'The platform-wide categories.',
    query: CategoryListQuerySchema,
    result: listResult(CategoryListRowSchema),
  },
  getCategoryById: {
    summary: 'One category with its available and associated items (encoded).',
    params: byId,
    result: CategorySchema,
  },
  getAvailableItems: {
    summary: 'Every catalog item, encoded as a comma-separated string.',
    result: AvailableItemsSchema,
  },
  upsertCategory: {
    summary: 'Creates (empty id) or updates a category and its associated items.',
    body: CategoryUpsertSchema,
    result: CategoryUpsertResultSchema,
  },
  removeCategory: {
    summary: 'Removes a category and its item associations.',
    params: byId,
    result: CategoryRemoveResultSchema,
  },

  listItems: {
    summary: 'The platform-wide items.',
    query: ItemListQuerySchema,
    result: listResult(ItemSchema),
  },
  getItemById: { summary: 'One item.', params: byId, result: ItemSchema },
  upsertItem: {
    summary: 'Creates (empty id) or updates an item; a WebAdmin’s edit keeps the stored image.',
    body: ItemUpsertSchema,
    result: ItemUpsertResultSchema,
  },
  removeItem: {
    summary: 'Removes an item and its category associations (orders keep their own copy).',
    params: byId,
    result: ItemRemoveResultSchema,
  },

  listUsers: {
    summary: 'Every user, with its role as `type`.',
    query: UserListQuerySchema,
    result: listResult(UserListRowSchema),
  },
  getUserById: { summary: 'One user (never a password or hash).', params: byId, result: UserSchema },
  listUsersRoles: { summary: 'The roles the user form offers.', result: UsersRolesSchema },
  upsertUser: {
    summary:
      'Creates (empty id) or updates a user; an existing phone number answers success with an empty result.',
    body: UserUpsertSchema,
    result: UserUpsertResultSchema,
  },
  removeUser: {
    summary: 'Removes a user (nobody removes themselves or the last BlueTikAdmin).',
    params: byId,
    result: RemovedResultSchema,
  },

  listRoles: {
    summary: 'Every role.',
    query: RoleListQuerySchema,
    result: listResult(RoleSchema),
  },
  getRoleById: { summary: 'One role.', params: byId, result: RoleSchema },
  upsertRole: {
    summary: 'Creates (empty id) or updates a role.',
    body: RoleUpsertSchema,
    result: RoleSchema,
  },
  removeRole: {
    summary: 'Removes a role; a role still in use is refused.',
    params: byId,
    result: RemovedResultSchema,
  },
  bulkItemsInsert: {
    summary:
      'Imports the bundled master catalog into the items (idempotent: same name and brand is skipped).',
    result: BulkInsertResultSchema,
  },
} as const satisfies Record<EndpointName, EndpointDoc>;
