import { useMemo } from 'react';
import { linkOptions } from '@tanstack/react-router';
import type { Item } from '#contract/items';
import { ITEM_SORT_COLUMNS } from '#contract/lists';
import { can } from '#contract/permissions';
import {
  allowedTo,
  columnHelperFor,
  defineList,
  deleteColumn,
  linkColumn,
} from '../../components/data-table';
import { i18n, useFormats, useT, type Formats } from '../../lib/i18n';
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
  edit: 'Edit',
  clone: 'Clone',
  search: 'Search items',
  searchPlaceholder: 'Name, brand, category',
});
type Words = ReturnType<typeof messages.get>;

const helper = columnHelperFor<Item>();

/** Where an item opens (spec §2: the item form with action=edit). */
export const itemLink = (item: Item) =>
  linkOptions({ to: '/items/edit/$id', params: { id: String(item.id) }, search: { action: 'edit' } });

/** The items table (spec §2 Lists): Clone for roles that may create items, Delete for those that may remove. */
const itemColumns = (t: Words, f: Formats) =>
  helper.columns([
    helper.accessor('category', { header: t.category }),
    helper.accessor('subCategory', { header: t.subCategory }),
    helper.accessor('name', { header: t.name, meta: { wrap: true } }),
    helper.accessor('price', {
      header: t.price,
      cell: (ctx) => f.money(ctx.getValue()),
      meta: { align: 'end' },
    }),
    helper.accessor('qty', { header: t.qty }),
    linkColumn<Item>({ id: 'edit', header: t.edit, link: itemLink }),
    linkColumn<Item>({
      id: 'clone',
      header: t.clone,
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
const itemsList = (t: Words, f: Formats) =>
  defineList({
    title: t.title,
    add: {
      link: linkOptions({ to: '/additem' }),
      label: t.add,
      visibleTo: (viewer) => can(viewer.role, 'items.create') && can(viewer.role, 'items.editImage'),
    },
    noun: t.noun,
    columns: itemColumns(t, f),
    queryFor: itemsQueries.list,
    sortColumns: ITEM_SORT_COLUMNS,
    rowLink: itemLink,
    remove: { endpoint: 'removeItem', invalidate: itemsKeys.all },
    searchLabel: t.search,
    searchPlaceholder: t.searchPlaceholder,
  });

/** The Items list in the reader's language (made again when the language changes). */
export function useItemsList() {
  const t = useT(messages);
  const f = useFormats();
  return useMemo(() => itemsList(t, f), [t, f]);
}
