import { can } from '#contract/permissions';
import { i18n } from '../../lib/i18n';
import { GO_KEYS } from '../../lib/shortcuts';

/** The entries' names in English: also words each entry is found by in every language. */
const ENGLISH = {
  dashboard: 'Dashboard',
  orders: 'Orders',
  categories: 'Categories',
  items: 'Items',
  users: 'Users',
  roles: 'Roles',
  newItem: 'New item',
  newUser: 'New user',
  editProfile: 'Edit profile',
  changePassword: 'Change password',
  logOut: 'Log out',
};
export const entryMessages = i18n('palette/entries', ENGLISH);
type EntryName = keyof typeof ENGLISH;

/** A fixed entry of the palette: a screen or an action, and where it goes. */
export interface PaletteEntry {
  group: 'Screens' | 'Actions';
  label: string;
  /** Other words it is found by. */
  keywords: string[];
  href: string;
}

/**
 * The screens and actions a role may reach, as the sidebar and the lists offer them, named
 * in the reader's language (`names`, the current language's unless given); the English
 * name and words find them too.
 */
export function paletteEntries(
  role: string,
  names: Record<EntryName, string> = entryMessages.get(),
): PaletteEntry[] {
  const admin = can(role, 'users.manage');
  const entry =
    (group: PaletteEntry['group']) =>
    (name: EntryName, href: string, keywords: string[] = []): PaletteEntry => ({
      group,
      label: names[name],
      href,
      keywords: names[name] === ENGLISH[name] ? keywords : [ENGLISH[name], ...keywords],
    });
  const screen = entry('Screens');
  const action = entry('Actions');
  return [
    screen('dashboard', GO_KEYS.d, ['home', 'cards', 'sales']),
    screen('orders', GO_KEYS.o, ['order', 'list']),
    screen('categories', GO_KEYS.c, ['category']),
    screen('items', GO_KEYS.i, ['item', 'catalog', 'products']),
    ...(admin ? [screen('users', GO_KEYS.u, ['user', 'stores']), screen('roles', GO_KEYS.r, ['role'])] : []),
    // Add Item is for whoever creates items from scratch (features/items/columns: create and image).
    ...(can(role, 'items.create') && can(role, 'items.editImage')
      ? [action('newItem', '/additem', ['add item', 'create'])]
      : []),
    ...(admin ? [action('newUser', '/adduser', ['add user', 'store owner'])] : []),
    action('editProfile', '/editprofile', ['profile', 'store details']),
    action('changePassword', '/changepassword', ['password']),
    action('logOut', '/logout', ['sign out', 'logout']),
  ];
}

/** Whether an entry matches what was typed (every word found in its label or keywords). */
export function entryMatches(entry: PaletteEntry, typed: string): boolean {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  const text = [entry.label, ...entry.keywords].join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
}
