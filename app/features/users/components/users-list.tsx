import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { ROLES, YES_NO } from '#contract/enums';
import { USER_SORT_COLUMNS, type UserListQuery } from '#contract/lists';
import { DataTable, type Viewer } from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { userColumns, userLink } from '../columns';
import { usersKeys, usersQueries } from '../queries';

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
  const typeId = useId();
  const activeId = useId();
  const filter = (patch: Partial<UserListQuery>) => onSearchChange({ ...search, ...patch, page: 1 });
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
        filtersActive={!!(search.type || search.isActive)}
        onClearFilters={() => filter({ q: '', type: undefined, isActive: undefined })}
        filters={
          <>
            <div>
              <label htmlFor={typeId} className="mb-1 block text-sm font-medium text-zinc-800">
                Type
              </label>
              <select
                id={typeId}
                className="input w-40"
                value={search.type ?? ''}
                onChange={(event) =>
                  filter({ type: (event.target.value || undefined) as UserListQuery['type'] })
                }
              >
                <option value="">All</option>
                {ROLES.map((role) => (
                  <option key={role}>{role}</option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={activeId} className="mb-1 block text-sm font-medium text-zinc-800">
                Is Active
              </label>
              <select
                id={activeId}
                className="input w-24"
                value={search.isActive ?? ''}
                onChange={(event) =>
                  filter({ isActive: (event.target.value || undefined) as UserListQuery['isActive'] })
                }
              >
                <option value="">All</option>
                {YES_NO.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </select>
            </div>
          </>
        }
      />
    </>
  );
}
