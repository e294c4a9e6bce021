import type { Role } from './enums';

/*
 * The permission table of DECISIONS §2, as data, once. The server enforces it on
 * every route (deny by default: an action missing here is refused); the screens read
 * the same table to hide what a role may not do.
 */

/**
 * What a role gets for an action:
 * - `all`: yes, across every store;
 * - `own`: yes, scoped to the caller's own store (another store's rows look missing);
 * - `if-add-category-items`: yes when the caller's `isAddCategoryItems` is Yes;
 * - `no`: refused (403).
 */
export type Grant = 'all' | 'own' | 'if-add-category-items' | 'no';

type Row = Readonly<Record<Role, Grant>>;

const everyone: Row = { BlueTikAdmin: 'all', WebAdmin: 'own', WebUser: 'own', MobileUser: 'own' };
const adminOnly: Row = { BlueTikAdmin: 'all', WebAdmin: 'no', WebUser: 'no', MobileUser: 'no' };
const self: Row = { BlueTikAdmin: 'own', WebAdmin: 'own', WebUser: 'own', MobileUser: 'own' };

/** Every action a signed-in call can perform, with each role's grant (DECISIONS §2). */
export const PERMISSIONS = {
  /** Dashboard, lists and details of orders, in scope. */
  'orders.read': everyone,
  /**
   * Create an order: a phone order taken at the counter (WebAdmin, WebUser: their own
   * store), or one the platform admin enters for any store. The mobile app only reads.
   */
  'orders.create': { BlueTikAdmin: 'all', WebAdmin: 'own', WebUser: 'own', MobileUser: 'no' },
  /** Update an order's status, delivery and prices. */
  'orders.update': { BlueTikAdmin: 'all', WebAdmin: 'own', WebUser: 'own', MobileUser: 'no' },
  /**
   * Add an internal note to an order (issue 16, record 053): whoever may update the order.
   * The mobile app's users only read.
   */
  'orders.note': { BlueTikAdmin: 'all', WebAdmin: 'own', WebUser: 'own', MobileUser: 'no' },
  /** Remove a note (anyone's): the platform admin, and a store admin in their own store. */
  'orders.noteRemove': { BlueTikAdmin: 'all', WebAdmin: 'own', WebUser: 'no', MobileUser: 'no' },
  /**
   * Print an order's customer bill (DECISIONS §9): printing issues its invoice number when
   * it has none, a write, so those who may update the order (issue 28, record 060).
   */
  'orders.bill': { BlueTikAdmin: 'all', WebAdmin: 'own', WebUser: 'own', MobileUser: 'no' },
  /** Set `isSettled` on an order (others' values are ignored, not refused). */
  'orders.settle': adminOnly,
  'orders.remove': adminOnly,
  /** Categories and items are one platform-wide catalog: everyone reads all of it. */
  'catalog.read': { BlueTikAdmin: 'all', WebAdmin: 'all', WebUser: 'all', MobileUser: 'all' },
  'categories.upsert': {
    BlueTikAdmin: 'all',
    WebAdmin: 'if-add-category-items',
    WebUser: 'no',
    MobileUser: 'no',
  },
  'categories.remove': adminOnly,
  /** Create an item: Add Item for the admin, Clone for a WebAdmin (both create). */
  'items.create': { BlueTikAdmin: 'all', WebAdmin: 'all', WebUser: 'no', MobileUser: 'no' },
  'items.edit': { BlueTikAdmin: 'all', WebAdmin: 'all', WebUser: 'no', MobileUser: 'no' },
  /** Change an existing item's image (a WebAdmin's edit keeps the stored one). */
  'items.editImage': adminOnly,
  'items.remove': adminOnly,
  'users.manage': adminOnly,
  'roles.manage': adminOnly,
  /** Read the audit trail: who changed what, across every store (the platform admin's). */
  'audit.read': adminOnly,
  'items.bulkInsert': adminOnly,
  /**
   * Saved views of a list (issue 15, record 056): everyone who reads orders keeps their
   * own; sharing one with the caller's store is a store admin's, with everyone the
   * platform admin's.
   */
  'views.use': everyone,
  'views.shareStore': { BlueTikAdmin: 'no', WebAdmin: 'own', WebUser: 'no', MobileUser: 'no' },
  'views.shareAll': adminOnly,
  /**
   * The day-end report (issue 28 item 4, record 063): sales are the owner's business — the
   * platform admin for every store, a store admin for their own; staff and the mobile app's
   * users work the orders and see none of it.
   */
  'reports.day': { BlueTikAdmin: 'all', WebAdmin: 'own', WebUser: 'no', MobileUser: 'no' },
  /** Own profile, own password, own session. */
  'self.profile': self,
  'self.password': self,
  'self.session': self,
} as const satisfies Record<string, Row>;

/** An action named in the permission table. */
export type Action = keyof typeof PERMISSIONS;

/** The grant `role` has for `action`; unknown roles and actions get `no`. */
export function grantOf(role: string | null | undefined, action: string): Grant {
  const row = (PERMISSIONS as Record<string, Row | undefined>)[action];
  if (!row || !role || !Object.hasOwn(row, role)) return 'no';
  return row[role as Role];
}

/**
 * Whether `role` may perform `action`. `isAddCategoryItems` settles the one
 * conditional grant; screens that don't know it pass nothing and get the cautious answer.
 */
export function can(
  role: string | null | undefined,
  action: string,
  ctx: { isAddCategoryItems?: boolean } = {},
): boolean {
  const grant = grantOf(role, action);
  if (grant === 'if-add-category-items') return ctx.isAddCategoryItems === true;
  return grant !== 'no';
}
