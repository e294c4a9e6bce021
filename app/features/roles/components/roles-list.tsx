import { ROLE_SORT_COLUMNS, type RoleListQuery } from '#contract/lists';
import { DataTable, PathLink, type Viewer } from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { roleColumns, roleHref } from '../columns';
import { rolesKeys, rolesQueries } from '../queries';

/** The Roles table (spec §2) with 'Add Role'. */
export function RolesList({
  search,
  onSearchChange,
  viewer,
}: {
  search: RoleListQuery;
  onSearchChange: (next: RoleListQuery, options?: { replace?: boolean }) => void;
  viewer: Viewer;
}) {
  return (
    <>
      <PageHeader
        title="Roles"
        actions={
          <PathLink href="/addrole" className="btn-primary">
            Add Role
          </PathLink>
        }
      />
      <DataTable
        label="Roles"
        noun="role"
        columns={roleColumns}
        viewer={viewer}
        search={search}
        onSearchChange={onSearchChange}
        queryFor={rolesQueries.list}
        sortColumns={ROLE_SORT_COLUMNS}
        rowHref={roleHref}
        rowLabel={(role) => `role ${role.name}`}
        remove={{ endpoint: 'removeRole', invalidate: rolesKeys.all }}
        searchLabel="Search roles"
        searchPlaceholder="Name or description"
      />
    </>
  );
}
