import { linkOptions } from '@tanstack/react-router';
import { ROLE_SORT_COLUMNS } from '#contract/lists';
import { useQuery } from '@tanstack/react-query';
import { freeRoleTypes, type RoleRecord } from '#contract/roles';
import {
  allowedTo,
  columnHelperFor,
  deleteColumn,
  linkColumn,
  defineList,
} from '../../components/data-table';
import { rolesKeys, rolesQueries } from './queries';

const helper = columnHelperFor<RoleRecord>();

/** Where a role opens (the role form). */
export const roleLink = (role: RoleRecord) =>
  linkOptions({ to: '/roles/edit/$id', params: { id: String(role.id) } });

/** Role names are unique (four types, once each): once all exist, Add Role has nothing to offer. */
function useNoFreeRoleType() {
  const { data } = useQuery(rolesQueries.every());
  return data && freeRoleTypes(data).length === 0
    ? 'All four role types exist: edit one to change it.'
    : undefined;
}

/** The roles table (spec §2 Lists; the whole screen is BlueTikAdmin's). */
export const roleColumns = helper.columns([
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('description', { header: 'Description', meta: { wrap: true } }),
  linkColumn<RoleRecord>({ id: 'edit', header: 'Edit', link: roleLink }),
  deleteColumn<RoleRecord>({ visibleTo: allowedTo('roles.manage') }),
]);

/** The Roles list (spec §2). */
export const rolesList = defineList({
  title: 'Roles',
  add: { link: linkOptions({ to: '/addrole' }), label: 'Add Role', useUnavailable: useNoFreeRoleType },
  noun: 'role',
  columns: roleColumns,
  queryFor: rolesQueries.list,
  sortColumns: ROLE_SORT_COLUMNS,
  rowLink: roleLink,
  remove: { endpoint: 'removeRole', invalidate: rolesKeys.all },
  searchLabel: 'Search roles',
  searchPlaceholder: 'Name or description',
});
