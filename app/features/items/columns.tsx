import { linkOptions } from '@tanstack/react-router';
import type { Item } from '#contract/items';
import { ITEM_SORT_COLUMNS } from '#contract/lists';
import { can } from '#contract/permissions';
import { allowedTo, columnHelperFor, linkColumn, listOf } from '../../components/data-table';
import { i18n } from '../../lib/i18n';
import { RECORD_LINKS } from '../../lib/record-links';
import { itemsKeys, itemsQueries } from './queries';

const messages = i18n('items/list', {
  title: 'Items',
  add: 'Add Item',
  noun: 'item',
  category: 'Category',
  subCategory: 'Sub-Category',
  name: 'Name',
  price: 'Price',
  qty: 'Qty',
  clone: 'Clone',
  search: 'Search items',
  searchPlaceholder: 'Name, brand, category',
});

const helper = columnHelperFor<Item>();

/** Where an item opens (spec §2: the item form with action=edit, or action=clone). */
const itemLink = (item: Item, action: 'edit' | 'clone' = 'edit') => RECORD_LINKS.item(item.id, action);

/**
 * The Items list (spec §2): Clone for roles that may create items, Delete for those that may
 * remove. Add Item is for a role that creates items from scratch (DECISIONS §2: BlueTikAdmin;
 * a WebAdmin creates "via Clone only"): the permission table has one create action for both,
 * so "from scratch" is told apart by also choosing the image.
 */
export const useItemsList = listOf(messages, (t, f) => ({
  add: {
    link: linkOptions({ to: '/additem' }),
    visibleTo: (viewer) => can(viewer.role, 'items.create') && can(viewer.role, 'items.editImage'),
  },
  columns: helper.columns([
    helper.accessor('category', { header: t.category }),
    helper.accessor('subCategory', { header: t.subCategory }),
    helper.accessor('name', { header: t.name, meta: { wrap: true } }),
    helper.accessor('price', { header: t.price, cell: (c) => f.money(c.getValue()), meta: { align: 'end' } }),
    helper.accessor('qty', { header: t.qty }),
    linkColumn<Item>({
      id: 'clone',
      header: t.clone,
      link: (item) => itemLink(item, 'clone'),
      visibleTo: allowedTo('items.create'),
    }),
  ]),
  queryFor: itemsQueries.list,
  sortColumns: ITEM_SORT_COLUMNS,
  rowLink: itemLink,
  remove: { endpoint: 'removeItem', invalidate: itemsKeys.all, allowed: 'items.remove' },
}));
