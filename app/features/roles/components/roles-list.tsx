import { Link } from '@tanstack/react-router';
import { ROLE_SORT_COLUMNS, type RoleListQuery } from '#contract/lists';
import { DataTable, type Viewer } from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { roleColumns, roleLink } from '../columns';
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
          <Link to="/addrole" className="btn-primary">
            Add Role
          </Link>
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
        rowLink={roleLink}
        rowLabel={(role) => `role ${role.name}`}
        remove={{ endpoint: 'removeRole', invalidate: rolesKeys.all }}
        searchLabel="Search roles"
        searchPlaceholder="Name or description"
      />
    </>
  );
}
