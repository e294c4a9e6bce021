import { useMemo } from 'react';
import type { StoreValue } from 'nanostores';
import { linkOptions } from '@tanstack/react-router';
import { USER_LABELS, type UserListRow } from '#contract/users';
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
import { i18n, params, translateWords, useT } from '../../lib/i18n';
import { usersKeys, usersQueries } from './queries';

const helper = columnHelperFor<UserListRow>();

// The list's own words; the fields' labels (Name, Email, Is Active…), the types and Yes/No
// are the contract's, said through the words table.
const messages = i18n('users/list', {
  title: 'Users',
  add: 'Add User',
  type: 'Type',
  isHomeDelivery: 'Is Home Delivery',
  isOnlinePay: 'Is Online Pay',
  edit: 'Edit',
  row: params('user {name}'),
  search: 'Search users',
  searchPlaceholder: 'Name, email, phone or business',
});
type Texts = StoreValue<typeof messages>;

/** Where a user opens (the user form). */
export const userLink = (user: UserListRow) =>
  linkOptions({ to: '/users/edit/$id', params: { id: String(user.id) } });

/** A contract value (a type, Yes or No) in the reader's language; the table keeps the value. */
const said = (cell: { getValue: () => string }) => translateWords(cell.getValue());

/** The users table (spec §2 Lists, 'Bussiness Name' spelt right per DECISIONS §5). */
function userColumns(t: Texts) {
  const w = translateWords;
  return helper.columns([
    helper.accessor('type', { header: t.type, cell: said }),
    helper.accessor('name', { header: w(USER_LABELS.name), meta: { wrap: true } }),
    helper.accessor('email', { header: w(USER_LABELS.email) }),
    helper.accessor('bussinessName', { header: w(USER_LABELS.bussinessName) }),
    helper.accessor('isHomeDeliveryAvailable', { header: t.isHomeDelivery, cell: said }),
    helper.accessor('isActive', { header: w(USER_LABELS.isActive), cell: said }),
    helper.accessor('isOnlinePaymentEnabled', { header: t.isOnlinePay, cell: said }),
    linkColumn<UserListRow>({ id: 'edit', header: t.edit, link: userLink }),
    deleteColumn<UserListRow>({ visibleTo: allowedTo('users.manage') }),
  ]);
}

const choices = (values: readonly string[]) =>
  values.map((value) => ({ value, label: translateWords(value) }));

/**
 * The Users list (spec §2) with 'Add User', filterable by type and Is Active, in the
 * reader's language (made again when the language changes).
 */
export function useUsersList() {
  const t = useT(messages);
  return useMemo(
    () =>
      defineList({
        title: t.title,
        add: { link: linkOptions({ to: '/adduser' }), label: t.add },
        noun: 'user',
        rowLabel: (row) => t.row({ name: row.name }),
        columns: userColumns(t),
        queryFor: usersQueries.list,
        sortColumns: USER_SORT_COLUMNS,
        rowLink: userLink,
        remove: { endpoint: 'removeUser', invalidate: usersKeys.all },
        searchLabel: t.search,
        searchPlaceholder: t.searchPlaceholder,
        filters: [
          { key: 'type', label: t.type, kind: 'select', options: choices(ROLES) },
          {
            key: 'isActive',
            label: translateWords(USER_LABELS.isActive),
            kind: 'select',
            options: choices(YES_NO),
            className: 'w-24',
          },
        ] satisfies ListFilter<UserListQuery>[],
      }),
    [t],
  );
}
