import { linkOptions } from '@tanstack/react-router';
import type { CategoryListRow } from '#contract/categories';
import { allowedTo, columnHelperFor, deleteColumn, linkColumn } from '../../components/data-table';

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
