import { linkOptions } from '@tanstack/react-router';
import type { UserListRow } from '#contract/users';
import { ROLES, YES_NO } from '#contract/enums';
import { USER_SORT_COLUMNS, type UserListQuery } from '#contract/lists';
import {
  allowedTo,
  columnHelperFor,
  defineList,
  deleteColumn,
  linkColumn,
  type ListFilter,
} from '../../components/data-table';
import { usersKeys, usersQueries } from './queries';

const helper = columnHelperFor<UserListRow>();

/** Where a user opens (the user form). */
export const userLink = (user: UserListRow) =>
  linkOptions({ to: '/users/edit/$id', params: { id: String(user.id) } });

/** The users table (spec §2 Lists, 'Bussiness Name' spelt right per DECISIONS §5). */
export const userColumns = helper.columns([
  helper.accessor('type', { header: 'Type' }),
  helper.accessor('name', { header: 'Name', meta: { wrap: true } }),
  helper.accessor('email', { header: 'Email' }),
  helper.accessor('bussinessName', { header: 'Business Name' }),
  helper.accessor('isHomeDeliveryAvailable', { header: 'Is Home Delivery' }),
  helper.accessor('isActive', { header: 'Is Active' }),
  helper.accessor('isOnlinePaymentEnabled', { header: 'Is Online Pay' }),
  linkColumn<UserListRow>({ id: 'edit', header: 'Edit', link: userLink }),
  deleteColumn<UserListRow>({ visibleTo: allowedTo('users.manage') }),
]);

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The Users list (spec §2) with 'Add User', filterable by type and Is Active. */
export const usersList = defineList({
  title: 'Users',
  add: { link: linkOptions({ to: '/adduser' }), label: 'Add User' },
  noun: 'user',
  columns: userColumns,
  queryFor: usersQueries.list,
  sortColumns: USER_SORT_COLUMNS,
  rowLink: userLink,
  remove: { endpoint: 'removeUser', invalidate: usersKeys.all },
  searchLabel: 'Search users',
  searchPlaceholder: 'Name, email, phone or business',
  filters: [
    { key: 'type', label: 'Type', kind: 'select', options: choices(ROLES) },
    { key: 'isActive', label: 'Is Active', kind: 'select', options: choices(YES_NO), className: 'w-24' },
  ] satisfies ListFilter<UserListQuery>[],
});
