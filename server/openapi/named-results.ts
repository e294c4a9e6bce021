import type * as v from 'valibot';
import { LoginResultSchema } from '#contract/auth';
import { CategoryListRowSchema, CategorySchema } from '#contract/categories';
import { ItemSchema } from '#contract/items';
import { ListViewSchema } from '#contract/list-views';
import { DashboardSchema, OrderListRowSchema, OrderSchema, YearlySalesSchema } from '#contract/orders';
import { ProfileSchema } from '#contract/profile';
import { BulkInsertResultSchema, RoleSchema, UsersRolesSchema } from '#contract/roles';
import { UserListRowSchema, UserSchema } from '#contract/users';

/*
 * Which result schemas the document names as components (and references wherever they
 * appear): a presentation choice of the document, not a fact of any call.
 */

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
  ListView: ListViewSchema,
} satisfies Record<string, v.GenericSchema>;
