import { linkOptions } from '@tanstack/react-router';
import { ROLES, YES_NO } from '#contract/enums';
import { USER_SORT_COLUMNS } from '#contract/lists';
import { USER_LABELS, type UserListRow } from '#contract/users';
import { columnHelperFor, listOf, wordCell } from '../../components/data-table';
import { i18n, params, translateWords as w, wordChoices } from '../../lib/i18n';
import { RECORD_LINKS } from '../../lib/record-links';
import { usersKeys, usersQueries } from './queries';

// The list's own words; the fields' labels (Name, Email, Is Active…), the types and Yes/No
// are the contract's, said through the words table.
const messages = i18n('users/list', {
  title: 'Users',
  add: 'Add User',
  type: 'Type',
  isHomeDelivery: 'Is Home Delivery',
  isOnlinePay: 'Is Online Pay',
  row: params('user {name}'),
  search: 'Search users',
  searchPlaceholder: 'Name, email, phone or business',
});

const helper = columnHelperFor<UserListRow>();

/** Where a user opens (the user form). */
const userLink = (user: UserListRow) => RECORD_LINKS.user(user.id);

/** The Users list (spec §2, 'Bussiness Name' spelt right per DECISIONS §5), by type and Is Active. */
export const useUsersList = listOf(messages, (t) => ({
  add: { link: linkOptions({ to: '/adduser' }) },
  noun: 'user',
  rowLabel: (row: UserListRow) => t.row({ name: row.name }),
  columns: helper.columns([
    helper.accessor('type', { header: t.type, cell: wordCell }),
    helper.accessor('name', { header: w(USER_LABELS.name), meta: { wrap: true } }),
    helper.accessor('email', { header: w(USER_LABELS.email) }),
    helper.accessor('bussinessName', { header: w(USER_LABELS.bussinessName) }),
    helper.accessor('isHomeDeliveryAvailable', { header: t.isHomeDelivery, cell: wordCell }),
    helper.accessor('isActive', { header: w(USER_LABELS.isActive), cell: wordCell }),
    helper.accessor('isOnlinePaymentEnabled', { header: t.isOnlinePay, cell: wordCell }),
  ]),
  queryFor: usersQueries.list,
  sortColumns: USER_SORT_COLUMNS,
  rowLink: userLink,
  remove: { endpoint: 'removeUser', invalidate: usersKeys.all, allowed: 'users.manage' },
  filters: [
    { key: 'type', label: t.type, kind: 'select', options: wordChoices(ROLES) },
    {
      key: 'isActive',
      label: w(USER_LABELS.isActive),
      kind: 'select',
      options: wordChoices(YES_NO),
      className: 'w-24',
    },
  ],
}));
