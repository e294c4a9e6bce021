import type { ListLayout, ListView } from '#contract/list-views';

/*
 * Saved views as the mock store holds them (issue 15 item 3): a view without what depends
 * on who asks (`mine`, `isDefault`) or on the users table (`ownerName`), plus the owner's
 * store at the save, as the server's list_views row (migration 0012).
 */

/** A view as stored: what handlers/views.ts answers from. */
export type StoredView = Omit<ListView, 'mine' | 'isDefault' | 'ownerName'> & {
  /** The owner's store (a `store` share's store): null for the platform admin. */
  store: number | null;
};

/** A layout the contract accepts: the orders list's first columns, the order number pinned. */
export function makeLayout(overrides: Partial<ListLayout> = {}): ListLayout {
  return {
    order: ['orderNumber', 'status', 'orderUserName', 'totalPrice'],
    hidden: [],
    pinned: ['orderNumber'],
    widths: {},
    density: 'comfortable',
    ...overrides,
  };
}

/**
 * View `n`: private to the WebAdmin (user 2, its own store) unless overridden; a view of
 * another owner names its `ownerId` (and `store`: the owner's id, null for user 1, the admin).
 */
export function makeView(n: number, overrides: Partial<StoredView> = {}): StoredView {
  const ownerId = overrides.ownerId ?? 2;
  return {
    id: n,
    list: 'orders',
    name: `View ${n}`,
    share: 'private',
    filter: { status: [n % 5] },
    layout: makeLayout(),
    ownerId,
    version: 1,
    updatedDate: '2026-11-20T10:00:00.000Z',
    store: ownerId === 1 ? null : ownerId,
    ...overrides,
  };
}
