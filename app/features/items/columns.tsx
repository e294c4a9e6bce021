import { linkOptions } from '@tanstack/react-router';
import type { Item } from '#contract/items';
import { formatRupees } from '#contract/rules';
import { allowedTo, columnHelperFor, deleteColumn, linkColumn } from '../../components/data-table';

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
