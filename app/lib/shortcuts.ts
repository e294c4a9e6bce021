import { i18n, useT } from './i18n';

const messages = i18n('lib/shortcuts', {
  palette: 'Command palette: screens, actions, orders by number or phone',
  goTo: 'Go to Dashboard, Orders, Categories, Items, Users, Roles (g, then the letter)',
  status: 'On order details: the status',
  tabs: 'On the orders’ status tabs: move, then pick a tab',
  save: 'In a form: save',
  back: 'On order details: back to the list',
});

/** The keys that work on every signed-in screen (the `?` sheet lists them beside the list keys). */
const GLOBAL_SHORTCUTS: ReadonlyArray<{ keys: string[]; what: keyof ReturnType<typeof messages.get> }> = [
  { keys: ['Ctrl+K', '⌘K'], what: 'palette' },
  { keys: ['g', 'd o c i u r'], what: 'goTo' },
  { keys: ['s'], what: 'status' },
  { keys: ['← →', 'Home End', 'Enter'], what: 'tabs' },
  { keys: ['Ctrl+Enter', '⌘Enter'], what: 'save' },
  { keys: ['Esc'], what: 'back' },
];

/** The global keys with what they do in the reader's language. */
export function useGlobalShortcuts(): { keys: string[]; what: string }[] {
  const t = useT(messages);
  return GLOBAL_SHORTCUTS.map((s) => ({ keys: s.keys, what: t[s.what] }));
}

/** `g` then one of these letters goes to the screen (Users and Roles only for who may see them). */
export const GO_KEYS = {
  d: '/',
  o: '/listorders',
  c: '/listcategories',
  i: '/listitems',
  u: '/listusers',
  r: '/listroles',
} as const;
