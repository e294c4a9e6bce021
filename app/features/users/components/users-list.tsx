import { Link } from '@tanstack/react-router';
import { ROLES, YES_NO } from '#contract/enums';
import { USER_SORT_COLUMNS, type UserListQuery } from '#contract/lists';
import { DataTable, type ListFilter, type Viewer } from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { userColumns, userLink } from '../columns';
import { usersKeys, usersQueries } from '../queries';

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const USER_FILTERS: ListFilter<UserListQuery>[] = [
  { key: 'type', label: 'Type', kind: 'select', options: choices(ROLES) },
  { key: 'isActive', label: 'Is Active', kind: 'select', options: choices(YES_NO), className: 'w-24' },
];

/** The Users table (spec §2) with 'Add User', filterable by type and Is Active. */
export function UsersList({
  search,
  onSearchChange,
  viewer,
}: {
  search: UserListQuery;
  onSearchChange: (next: UserListQuery, options?: { replace?: boolean }) => void;
  viewer: Viewer;
}) {
  return (
    <>
      <PageHeader
        title="Users"
        actions={
          <Link to="/adduser" className="btn-primary">
            Add User
          </Link>
        }
      />
      <DataTable
        label="Users"
        noun="user"
        columns={userColumns}
        viewer={viewer}
        search={search}
        onSearchChange={onSearchChange}
        queryFor={usersQueries.list}
        sortColumns={USER_SORT_COLUMNS}
        rowLink={userLink}
        rowLabel={(user) => `user ${user.name}`}
        remove={{ endpoint: 'removeUser', invalidate: usersKeys.all }}
        searchLabel="Search users"
        searchPlaceholder="Name, email, phone or business"
        filters={USER_FILTERS}
      />
    </>
  );
}
