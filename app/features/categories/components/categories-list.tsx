import { Link } from '@tanstack/react-router';
import { CATEGORY_SORT_COLUMNS, type CategoryListQuery } from '#contract/lists';
import { can } from '#contract/permissions';
import { DataTable, type Viewer } from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { categoryColumns, categoryLink } from '../columns';
import { categoriesKeys, categoriesQueries } from '../queries';

/** The Categories table (spec §2) with Add Category for whoever may add one (DECISIONS §2). */
export function CategoriesList({
  search,
  onSearchChange,
  viewer,
}: {
  search: CategoryListQuery;
  onSearchChange: (next: CategoryListQuery, options?: { replace?: boolean }) => void;
  viewer: Viewer;
}) {
  return (
    <>
      <PageHeader
        title="Categories"
        actions={
          can(viewer.role, 'categories.upsert', viewer) ? (
            <Link to="/addcategory" className="btn-primary">
              Add Category
            </Link>
          ) : null
        }
      />
      <DataTable
        label="Categories"
        noun="category"
        columns={categoryColumns}
        viewer={viewer}
        search={search}
        onSearchChange={onSearchChange}
        queryFor={categoriesQueries.list}
        sortColumns={CATEGORY_SORT_COLUMNS}
        rowLink={categoryLink}
        rowLabel={(category) => `category ${category.name}`}
        remove={{ endpoint: 'removeCategory', invalidate: categoriesKeys.all }}
        searchLabel="Search categories"
        searchPlaceholder="Name, sub-category or description"
      />
    </>
  );
}
