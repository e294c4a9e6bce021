import { linkOptions } from '@tanstack/react-router';
import type { CategoryListRow } from '#contract/categories';
import { CATEGORY_SORT_COLUMNS } from '#contract/lists';
import { columnHelperFor, listOf } from '../../components/data-table';
import { i18n } from '../../lib/i18n';
import { RECORD_LINKS } from '../../lib/record-links';
import { categoriesKeys, categoriesQueries } from './queries';

const messages = i18n('categories/list', {
  title: 'Categories',
  add: 'Add Category',
  noun: 'category',
  name: 'Name',
  subCategory: 'Sub-Category',
  description: 'Description',
  search: 'Search categories',
  searchPlaceholder: 'Name, sub-category or description',
});

const helper = columnHelperFor<CategoryListRow>();

/** Where a category opens (the category form). */
const categoryLink = (category: CategoryListRow) => RECORD_LINKS.category(category.id);

/**
 * The Categories list (spec §2): Delete for the roles that may remove categories; Add
 * Category for whoever may add one, which the route settles (DECISIONS §2: a WebAdmin's
 * own isAddCategoryItems).
 */
export const useCategoriesList = listOf(messages, (t) => ({
  add: { link: linkOptions({ to: '/addcategory' }) },
  columns: helper.columns([
    helper.accessor('name', { header: t.name }),
    helper.accessor('subCategory', { header: t.subCategory }),
    helper.accessor('description', { header: t.description, meta: { wrap: true } }),
  ]),
  queryFor: categoriesQueries.list,
  sortColumns: CATEGORY_SORT_COLUMNS,
  rowLink: categoryLink,
  remove: { endpoint: 'removeCategory', invalidate: categoriesKeys.all, allowed: 'categories.remove' },
}));
