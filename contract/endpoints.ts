import * as v from 'valibot';
import {
  CHANGE_PASSWORD_RESULTS,
  ChangePasswordSchema,
  LoginResultSchema,
  LoginSchema,
  SetLanguageSchema,
} from './auth';
import { AuditListQuerySchema, AuditRowSchema } from './audit';
import {
  AvailableItemsSchema,
  CategoryListRowSchema,
  CategoryRemoveResultSchema,
  CategorySchema,
  CategoryUpsertResultSchema,
  CategoryUpsertSchema,
} from './categories';
import { byId, e, list, type Endpoint } from './endpoint-entry';
import { ORDER_ENDPOINTS } from './endpoints-orders';
import { VIEW_ENDPOINTS } from './endpoints-views';
import { RemovedResultSchema } from './envelope';
import { ItemRemoveResultSchema, ItemSchema, ItemUpsertResultSchema, ItemUpsertSchema } from './items';
import {
  CategoryListQuerySchema,
  ItemListQuerySchema,
  RoleListQuerySchema,
  UserListQuerySchema,
} from './lists';
import { EditProfileSchema, ProfileSchema } from './profile';
import { BulkInsertResultSchema, RoleSchema, RoleUpsertSchema, UsersRolesSchema } from './roles';
import { UserListRowSchema, UserSchema, UserUpsertResultSchema, UserUpsertSchema } from './users';

/*
 * Every API call of spec §7 and DECISIONS §1, once: method, path (Hono pattern, relative
 * to /api), the permission-table action, and the valibot schemas of its path parameters,
 * query, body and result. The server mounts each route with these validators
 * (server/http/router.ts), the OpenAPI document is generated from this table alone, and
 * the typed caller (contract/call.ts) infers each call's result from its entry. The table
 * is one object; its entries are written with endpoint-entry.ts, the orders' in
 * endpoints-orders.ts.
 */

export type { Access, Endpoint } from './endpoint-entry';

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
  setLanguage: e(
    'POST',
    '/accounts/setlanguage',
    'self.profile',
    'Keeps the signed-in user’s language on their account (sign-in answers it on every device); the profile’s version does not move.',
    { body: SetLanguageSchema, result: SetLanguageSchema },
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

  ...ORDER_ENDPOINTS,
  ...VIEW_ENDPOINTS,

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
  listAudit: list(
    '/audit/listaudit',
    'audit.read',
    'The audit trail, one entry per write, newest first unless sorted; without list keys, the newest page (the trail has no whole list to answer).',
    AuditListQuerySchema,
    AuditRowSchema,
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
