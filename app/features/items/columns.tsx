import { linkOptions } from '@tanstack/react-router';
import type { Item } from '#contract/items';
import { ITEM_SORT_COLUMNS } from '#contract/lists';
import { can } from '#contract/permissions';
import { formatRupees } from '#contract/rules';
import {
  allowedTo,
  columnHelperFor,
  defineList,
  deleteColumn,
  linkColumn,
} from '../../components/data-table';
import { itemsKeys, itemsQueries } from './queries';

const helper = columnHelperFor<Item>();

/** Where an item opens (spec §2: the item form with action=edit). */
export const itemLink = (item: Item) =>
  linkOptions({ to: '/items/edit/$id', params: { id: String(item.id) }, search: { action: 'edit' } });

/** The items table (spec §2 Lists): Clone for roles that may create items, Delete for those that may remove. */
export const itemColumns = helper.columns([
  helper.accessor('category', { header: 'Category' }),
  helper.accessor('subCategory', { header: 'Sub-Category' }),
  helper.accessor('name', { header: 'Name', meta: { wrap: true } }),
  helper.accessor('price', {
    header: 'Price',
    cell: (ctx) => formatRupees(ctx.getValue()),
    meta: { align: 'end' },
  }),
  helper.accessor('qty', { header: 'Qty' }),
  linkColumn<Item>({ id: 'edit', header: 'Edit', link: itemLink }),
  linkColumn<Item>({
    id: 'clone',
    header: 'Clone',
    link: (item) =>
      linkOptions({ to: '/items/edit/$id', params: { id: String(item.id) }, search: { action: 'clone' } }),
    visibleTo: allowedTo('items.create'),
  }),
  deleteColumn<Item>({ visibleTo: allowedTo('items.remove') }),
]);

/**
 * The Items list (spec §2). Add Item is for a role that creates items from scratch
 * (DECISIONS §2: BlueTikAdmin; a WebAdmin creates "via Clone only"): the permission table
 * has one create action for both, so "from scratch" is told apart by also choosing the image.
 */
export const itemsList = defineList({
  title: 'Items',
  add: {
    link: linkOptions({ to: '/additem' }),
    label: 'Add Item',
    visibleTo: (viewer) => can(viewer.role, 'items.create') && can(viewer.role, 'items.editImage'),
  },
  noun: 'item',
  columns: itemColumns,
  queryFor: itemsQueries.list,
  sortColumns: ITEM_SORT_COLUMNS,
  rowLink: itemLink,
  remove: { endpoint: 'removeItem', invalidate: itemsKeys.all },
  searchLabel: 'Search items',
  searchPlaceholder: 'Name, brand, category',
});
