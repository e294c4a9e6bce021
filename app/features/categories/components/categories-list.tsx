import { CATEGORY_SORT_COLUMNS, type CategoryListQuery } from '#contract/lists';
import { can } from '#contract/permissions';
import { DataTable, PathLink, type Viewer } from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { categoryColumns, categoryHref } from '../columns';
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
            <PathLink href="/addcategory" className="btn-primary">
              Add Category
            </PathLink>
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
        rowHref={categoryHref}
        rowLabel={(category) => `category ${category.name}`}
        remove={{ endpoint: 'removeCategory', invalidate: categoriesKeys.all }}
        searchLabel="Search categories"
        searchPlaceholder="Name, sub-category or description"
      />
    </>
  );
}
