import { useQuery } from '@tanstack/react-query';
import { linkOptions } from '@tanstack/react-router';
import { ROLE_SORT_COLUMNS } from '#contract/lists';
import { freeRoleTypes, ROLE_LABELS, type RoleRecord } from '#contract/roles';
import { columnHelperFor, listOf, wordCell } from '../../components/data-table';
import { i18n, params, translateWords, useT } from '../../lib/i18n';
import { RECORD_LINKS } from '../../lib/record-links';
import { rolesKeys, rolesQueries } from './queries';

// The list's own words; Description and the role names are the contract's (the words table).
const messages = i18n('roles/list', {
  title: 'Roles',
  add: 'Add Role',
  allExist: 'All four role types exist: edit one to change it.',
  name: 'Name',
  row: params('role {name}'),
  search: 'Search roles',
  searchPlaceholder: 'Name or description',
});

const helper = columnHelperFor<RoleRecord>();

/** Where a role opens (the role form). */
const roleLink = (role: RoleRecord) => RECORD_LINKS.role(role.id);

/** Role names are unique (four types, once each): once all exist, Add Role has nothing to offer. */
function useNoFreeRoleType() {
  const t = useT(messages);
  const { data } = useQuery(rolesQueries.every());
  return data && freeRoleTypes(data).length === 0 ? t.allExist : undefined;
}

/** The Roles list (spec §2; the whole screen is BlueTikAdmin's). */
export const useRolesList = listOf(messages, (t) => ({
  add: { link: linkOptions({ to: '/addrole' }), useUnavailable: useNoFreeRoleType },
  noun: 'role',
  rowLabel: (row: RoleRecord) => t.row({ name: translateWords(row.name) }),
  columns: helper.columns([
    helper.accessor('name', { header: t.name, cell: wordCell }),
    helper.accessor('description', { header: translateWords(ROLE_LABELS.description), meta: { wrap: true } }),
  ]),
  queryFor: rolesQueries.list,
  sortColumns: ROLE_SORT_COLUMNS,
  rowLink: roleLink,
  remove: { endpoint: 'removeRole', invalidate: rolesKeys.all, allowed: 'roles.manage' },
}));
