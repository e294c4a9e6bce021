import { useMemo } from 'react';
import type { StoreValue } from 'nanostores';
import { linkOptions } from '@tanstack/react-router';
import { ROLE_SORT_COLUMNS } from '#contract/lists';
import { useQuery } from '@tanstack/react-query';
import { freeRoleTypes, ROLE_LABELS, type RoleRecord } from '#contract/roles';
import {
  allowedTo,
  columnHelperFor,
  deleteColumn,
  linkColumn,
  defineList,
} from '../../components/data-table';
import { i18n, params, translateWords, useT } from '../../lib/i18n';
import { rolesKeys, rolesQueries } from './queries';

const helper = columnHelperFor<RoleRecord>();

// The list's own words; Description and the role names are the contract's (the words table).
const messages = i18n('roles/list', {
  title: 'Roles',
  add: 'Add Role',
  allExist: 'All four role types exist: edit one to change it.',
  name: 'Name',
  edit: 'Edit',
  row: params('role {name}'),
  search: 'Search roles',
  searchPlaceholder: 'Name or description',
});
type Texts = StoreValue<typeof messages>;

/** Where a role opens (the role form). */
export const roleLink = (role: RoleRecord) =>
  linkOptions({ to: '/roles/edit/$id', params: { id: String(role.id) } });

/** Role names are unique (four types, once each): once all exist, Add Role has nothing to offer. */
function useNoFreeRoleType() {
  const t = useT(messages);
  const { data } = useQuery(rolesQueries.every());
  return data && freeRoleTypes(data).length === 0 ? t.allExist : undefined;
}

/** The roles table (spec §2 Lists; the whole screen is BlueTikAdmin's). */
function roleColumns(t: Texts) {
  return helper.columns([
    helper.accessor('name', { header: t.name, cell: (cell) => translateWords(cell.getValue()) }),
    helper.accessor('description', {
      header: translateWords(ROLE_LABELS.description),
      meta: { wrap: true },
    }),
    linkColumn<RoleRecord>({ id: 'edit', header: t.edit, link: roleLink }),
    deleteColumn<RoleRecord>({ visibleTo: allowedTo('roles.manage') }),
  ]);
}

/** The Roles list (spec §2), in the reader's language (made again when the language changes). */
export function useRolesList() {
  const t = useT(messages);
  return useMemo(
    () =>
      defineList({
        title: t.title,
        add: { link: linkOptions({ to: '/addrole' }), label: t.add, useUnavailable: useNoFreeRoleType },
        noun: 'role',
        rowLabel: (row) => t.row({ name: translateWords(row.name) }),
        columns: roleColumns(t),
        queryFor: rolesQueries.list,
        sortColumns: ROLE_SORT_COLUMNS,
        rowLink: roleLink,
        remove: { endpoint: 'removeRole', invalidate: rolesKeys.all },
        searchLabel: t.search,
        searchPlaceholder: t.searchPlaceholder,
      }),
    [t],
  );
}
