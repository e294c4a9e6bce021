import { useMemo } from 'react';
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
import { i18n, useT } from '../../lib/i18n';
import { categoriesKeys, categoriesQueries } from './queries';

const messages = i18n('categories/list', {
  title: 'Categories',
  add: 'Add Category',
  noun: 'category',
  name: 'Name',
  subCategory: 'Sub-Category',
  description: 'Description',
  edit: 'Edit',
  search: 'Search categories',
  searchPlaceholder: 'Name, sub-category or description',
});
type Words = ReturnType<typeof messages.get>;

const helper = columnHelperFor<CategoryListRow>();

/** Where a category opens (the category form). */
export const categoryLink = (category: CategoryListRow) =>
  linkOptions({ to: '/category/edit/$id', params: { id: String(category.id) } });

/** The categories table (spec §2 Lists): Delete for the roles that may remove categories. */
const categoryColumns = (t: Words) =>
  helper.columns([
    helper.accessor('name', { header: t.name }),
    helper.accessor('subCategory', { header: t.subCategory }),
    helper.accessor('description', { header: t.description, meta: { wrap: true } }),
    linkColumn<CategoryListRow>({ id: 'edit', header: t.edit, link: categoryLink }),
    deleteColumn<CategoryListRow>({ visibleTo: allowedTo('categories.remove') }),
  ]);

/** The Categories list (spec §2), with Add Category for whoever may add one (DECISIONS §2). */
const categoriesList = (t: Words) =>
  defineList({
    title: t.title,
    add: {
      link: linkOptions({ to: '/addcategory' }),
      label: t.add,
      visibleTo: (viewer) => can(viewer.role, 'categories.upsert', viewer),
    },
    noun: t.noun,
    columns: categoryColumns(t),
    queryFor: categoriesQueries.list,
    sortColumns: CATEGORY_SORT_COLUMNS,
    rowLink: categoryLink,
    remove: { endpoint: 'removeCategory', invalidate: categoriesKeys.all },
    searchLabel: t.search,
    searchPlaceholder: t.searchPlaceholder,
  });

/** The Categories list in the reader's language (made again when the language changes). */
export function useCategoriesList() {
  const t = useT(messages);
  return useMemo(() => categoriesList(t), [t]);
}
