import { useSuspenseQuery } from '@tanstack/react-query';
import type { Item, ItemFormAction } from '#contract/items';
import { itemsQueries } from '../queries';
import { ItemForm } from './item-form';

/** The item form on an existing item (edit, or clone as the start of a new one). */
export function ExistingItemForm({
  id,
  ...props
}: {
  id: number;
  action: Exclude<ItemFormAction, 'add'>;
  role: string;
  onSaved: (saved: Item, action: ItemFormAction) => void;
  onCancel: () => void;
}) {
  const { data: item } = useSuspenseQuery(itemsQueries.detail(id));
  return <ItemForm {...props} item={item} />;
}
