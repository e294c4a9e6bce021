import { linkOptions } from '@tanstack/react-router';
import type { RoleRecord } from '#contract/roles';
import { allowedTo, columnHelperFor, deleteColumn, linkColumn } from '../../components/data-table';

const helper = columnHelperFor<RoleRecord>();

/** Where a role opens (the role form). */
export const roleLink = (role: RoleRecord) =>
  linkOptions({ to: '/roles/edit/$id', params: { id: String(role.id) } });

/** The roles table (spec §2 Lists; the whole screen is BlueTikAdmin's). */
export const roleColumns = helper.columns([
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('description', { header: 'Description', meta: { wrap: true } }),
  linkColumn<RoleRecord>({ id: 'edit', header: 'Edit', link: roleLink }),
  deleteColumn<RoleRecord>({ visibleTo: allowedTo('roles.manage') }),
]);
