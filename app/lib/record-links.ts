import { linkOptions } from '@tanstack/react-router';

/*
 * Where a record of each kind opens: its own screen, by id (the lists' rows, the audit
 * trail's entries). Kinds without a screen of their own (a profile, a password, the
 * catalog) open nothing.
 */

const byId = (id: number) => ({ id: String(id) });

/** The screen of each kind of record that has one. */
export const RECORD_LINKS = {
  order: (id: number) => linkOptions({ to: '/order/edit/$id', params: byId(id) }),
  category: (id: number) => linkOptions({ to: '/category/edit/$id', params: byId(id) }),
  /** The item form, editing the item or cloning it (spec §2: action=edit or action=clone). */
  item: (id: number, action: 'edit' | 'clone' = 'edit') =>
    linkOptions({ to: '/items/edit/$id', params: byId(id), search: { action } }),
  user: (id: number) => linkOptions({ to: '/users/edit/$id', params: byId(id) }),
  role: (id: number) => linkOptions({ to: '/roles/edit/$id', params: byId(id) }),
};

/** Where record `id` of kind `kind` opens, or undefined for a kind with no screen of its own. */
export function recordLink(kind: string, id: number) {
  return Object.hasOwn(RECORD_LINKS, kind) ? RECORD_LINKS[kind as keyof typeof RECORD_LINKS](id) : undefined;
}
