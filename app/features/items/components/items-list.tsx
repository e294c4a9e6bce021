import { Link } from '@tanstack/react-router';
import { ITEM_SORT_COLUMNS, type ItemListQuery } from '#contract/lists';
import { can } from '#contract/permissions';
import { DataTable, type Viewer } from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { itemColumns, itemLink } from '../columns';
import { itemsKeys, itemsQueries } from '../queries';

/**
 * Add Item is for a role that creates items from scratch (DECISIONS §2: BlueTikAdmin;
 * a WebAdmin creates "via Clone only"). The permission table has one create action for
 * both, so "from scratch" is told apart by also choosing the image freely.
 */
const mayAddItem = (role: string) => can(role, 'items.create') && can(role, 'items.editImage');

/** The Items table (spec §2). */
export function ItemsList({
  search,
  onSearchChange,
  viewer,
}: {
  search: ItemListQuery;
  onSearchChange: (next: ItemListQuery, options?: { replace?: boolean }) => void;
  viewer: Viewer;
}) {
  return (
    <>
      <PageHeader
        title="Items"
        actions={
          mayAddItem(viewer.role) ? (
            <Link to="/additem" className="btn-primary">
              Add Item
            </Link>
          ) : null
        }
      />
      <DataTable
        label="Items"
        noun="item"
        columns={itemColumns}
        viewer={viewer}
        search={search}
        onSearchChange={onSearchChange}
        queryFor={itemsQueries.list}
        sortColumns={ITEM_SORT_COLUMNS}
        rowLink={itemLink}
        rowLabel={(item) => `item ${item.name}`}
        remove={{ endpoint: 'removeItem', invalidate: itemsKeys.all }}
        searchLabel="Search items"
        searchPlaceholder="Name, brand, category"
      />
    </>
  );
}
