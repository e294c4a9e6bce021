/** The keys that work on every signed-in screen (the `?` sheet lists them beside the list keys). */
export const GLOBAL_SHORTCUTS: ReadonlyArray<{ keys: string[]; what: string }> = [
  { keys: ['Ctrl+K', '⌘K'], what: 'Command palette: screens, actions, orders by number or phone' },
  { keys: ['g', 'then d o c i u r'], what: 'Go to Dashboard, Orders, Categories, Items, Users, Roles' },
  { keys: ['s'], what: 'On order details: the status' },
  { keys: ['← →', 'Home End', 'Enter'], what: 'On the orders’ status tabs: move, then pick a tab' },
  { keys: ['Ctrl+Enter', '⌘Enter'], what: 'In a form: save' },
  { keys: ['Esc'], what: 'On order details: back to the list' },
];

/** `g` then one of these letters goes to the screen (Users and Roles only for who may see them). */
export const GO_KEYS = {
  d: '/',
  o: '/listorders',
  c: '/listcategories',
  i: '/listitems',
  u: '/listusers',
  r: '/listroles',
} as const;
