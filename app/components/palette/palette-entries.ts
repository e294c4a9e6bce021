import { can } from '#contract/permissions';
import { GO_KEYS } from '../../lib/shortcuts';

/** A fixed entry of the palette: a screen or an action, and where it goes. */
export interface PaletteEntry {
  group: 'Screens' | 'Actions';
  label: string;
  /** Other words it is found by. */
  keywords: string[];
  href: string;
}

/** The screens and actions a role may reach, as the sidebar and the lists offer them. */
export function paletteEntries(role: string): PaletteEntry[] {
  const admin = can(role, 'users.manage');
  const screen = (label: string, href: string, keywords: string[] = []): PaletteEntry => ({
    group: 'Screens',
    label,
    href,
    keywords,
  });
  const action = (label: string, href: string, keywords: string[] = []): PaletteEntry => ({
    group: 'Actions',
    label,
    href,
    keywords,
  });
  return [
    screen('Dashboard', GO_KEYS.d, ['home', 'cards', 'sales']),
    screen('Orders', GO_KEYS.o, ['order', 'list']),
    screen('Categories', GO_KEYS.c, ['category']),
    screen('Items', GO_KEYS.i, ['item', 'catalog', 'products']),
    ...(admin ? [screen('Users', GO_KEYS.u, ['user', 'stores']), screen('Roles', GO_KEYS.r, ['role'])] : []),
    // Add Item is for whoever creates items from scratch (features/items/columns: create and image).
    ...(can(role, 'items.create') && can(role, 'items.editImage')
      ? [action('New item', '/additem', ['add item', 'create'])]
      : []),
    ...(admin ? [action('New user', '/adduser', ['add user', 'store owner'])] : []),
    action('Edit profile', '/editprofile', ['profile', 'store details']),
    action('Change password', '/changepassword', ['password']),
    action('Log out', '/logout', ['sign out', 'logout']),
  ];
}

/** Whether an entry matches what was typed (every word found in its label or keywords). */
export function entryMatches(entry: PaletteEntry, typed: string): boolean {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  const text = [entry.label, ...entry.keywords].join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
}
