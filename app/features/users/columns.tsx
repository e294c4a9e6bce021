import { linkOptions } from '@tanstack/react-router';
import type { UserListRow } from '#contract/users';
import { allowedTo, columnHelperFor, deleteColumn, linkColumn } from '../../components/data-table';

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
