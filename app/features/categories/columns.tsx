import { linkOptions } from '@tanstack/react-router';
import type { CategoryListRow } from '#contract/categories';
import { CATEGORY_SORT_COLUMNS } from '#contract/lists';
import { can } from '#contract/permissions';
import {
  allowedTo,
  columnHelperFor,
  defineList,
  deleteColumn,
  linkColumn,
} from '../../components/data-table';
import { categoriesKeys, categoriesQueries } from './queries';

const helper = columnHelperFor<CategoryListRow>();

/** Where a category opens (the category form). */
export const categoryLink = (category: CategoryListRow) =>
  linkOptions({ to: '/category/edit/$id', params: { id: String(category.id) } });

/** The categories table (spec §2 Lists): Delete for the roles that may remove categories. */
export const categoryColumns = helper.columns([
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('subCategory', { header: 'Sub-Category' }),
  helper.accessor('description', { header: 'Description', meta: { wrap: true } }),
  linkColumn<CategoryListRow>({ id: 'edit', header: 'Edit', link: categoryLink }),
  deleteColumn<CategoryListRow>({ visibleTo: allowedTo('categories.remove') }),
]);

/** The Categories list (spec §2), with Add Category for whoever may add one (DECISIONS §2). */
export const categoriesList = defineList({
  title: 'Categories',
  add: {
    link: linkOptions({ to: '/addcategory' }),
    label: 'Add Category',
    visibleTo: (viewer) => can(viewer.role, 'categories.upsert', viewer),
  },
  noun: 'category',
  columns: categoryColumns,
  queryFor: categoriesQueries.list,
  sortColumns: CATEGORY_SORT_COLUMNS,
  rowLink: categoryLink,
  remove: { endpoint: 'removeCategory', invalidate: categoriesKeys.all },
  searchLabel: 'Search categories',
  searchPlaceholder: 'Name, sub-category or description',
});
