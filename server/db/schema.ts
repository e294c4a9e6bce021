import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * The typed shape of the database, identical on SQLite and PostgreSQL. Conventions that
 * keep one set of queries valid on both: money is integer paise (DECISIONS §7), flags are
 * integers 0/1, and instants are UTC ISO-8601 strings (`Date#toISOString()`, fixed width,
 * so text order is time order and indexes on them sort correctly).
 */

/** Role names (the four of contract/enums ROLES) and their descriptions. */
export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** 1 when created, +1 per stored change (migration 0010, contract/versions). */
  version: Generated<number>;
}

/** A user is a store: sign-in data plus the business profile. */
export interface UsersTable {
  id: Generated<number>;
  /** Ten digits, unique: what the user signs in with. */
  phone_number: string;
  password_hash: string;
  role_id: number;
  name: string;
  email: string;
  address1: string;
  address2: string;
  address3: string;
  city: string;
  state: string;
  country: string;
  pincode: string;
  bussiness_name: string;
  delevery_message: string;
  bussiness_image: string;
  /** Minutes; null reads as 0. */
  delivery_time: number | null;
  /** Paise; null reads as 0. */
  delivery_price: number | null;
  bussiness_type: string;
  description: string;
  is_home_delivery_available: number;
  is_active: number;
  is_online_payment_enabled: number;
  is_add_category_items: number;
  /** GSTIN, 15 characters (migration 0014, DECISIONS §9); null when the store has none. */
  gstin: string | null;
  /** FSSAI licence number, 14 digits; null until the store enters it (no bill prints without). */
  fssai_number: string | null;
  /** 'Regular' | 'Composition'. */
  tax_scheme: string;
  created_at: string;
  updated_at: string;
  /** 1 when created, +1 per stored change (migration 0010, contract/versions). */
  version: Generated<number>;
  /** The language the user chose (migration 0017, issue 17): en-IN, te-IN or hi-IN. */
  language: Generated<string | null>;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  sub_category: string;
  description: string;
  image: string;
  created_at: string;
  updated_at: string;
  /** 1 when created, +1 per stored change (migration 0010, contract/versions). */
  version: Generated<number>;
}

export interface ItemsTable {
  id: Generated<number>;
  name: string;
  description: string;
  brand: string;
  /** Paise. */
  price: number;
  /** Paise. */
  mrp: number;
  /** Pack size as text, e.g. '500 g'. */
  qty: string;
  category: string;
  sub_category: string;
  image: string;
  created_at: string;
  updated_at: string;
  /** 1 when created, +1 per stored change (migration 0010, contract/versions). */
  version: Generated<number>;
}

/** Which items a category lists, in order. */
export interface CategoryItemsTable {
  category_id: number;
  item_id: number;
  position: number;
}

export interface OrdersTable {
  id: Generated<number>;
  order_number: string;
  store_user_id: number;
  /** 0 New Order … 4 Cancelled (contract/enums ORDER_STATUSES). */
  status: number;
  customer_name: string;
  customer_phone: string;
  customer_address1: string;
  customer_address2: string;
  customer_address3: string;
  customer_city: string;
  customer_state: string;
  customer_country: string;
  customer_pincode: string;
  /** 'Online' | 'PayOnDelivery'. */
  payment_type: string;
  is_settled: number;
  /** Paise: sum of available items' count × price. */
  items_total: number;
  /** Paise. */
  delivery_price: number;
  /** Paise: the grand total for Online orders, 0 for PayOnDelivery. */
  settlement_amount: number;
  created_at: string;
  /** 'YYYY-MM-DD' or null. */
  expected_delivery_date: string | null;
  exp_hours: number;
  exp_minutes: number;
  exp_time_period: string;
  /** 1–10 (contract/enums CANCELLED_REASONS) when cancelled, else null. */
  cancelled_reason: number | null;
  /** The bill's number (DECISIONS §9), issued once: at the first bill printed or Delivered. */
  invoice_number: string | null;
  /** When the number was issued (UTC ISO); the bill's date is its India date. */
  invoice_at: string | null;
  /** When someone first opened it or changed its status (migration 0015); null: it rings. */
  taken_at: string | null;
  /** Who took it (users.id). */
  taken_by: number | null;
  /** The promised delivery (UTC ISO, contract/time-left.ts promisedAt; migration 0016); null: none. */
  due_at: string | null;
  updated_at: string;
  /** 1 when created, +1 per stored change (migration 0010, contract/versions). */
  version: Generated<number>;
}

/** One line of an order; names and prices are copied so history survives catalog edits. */
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  category_name: string;
  item_id: number;
  is_not_available: number;
  name: string;
  items_count: number;
  qty: string;
  /** Paise. */
  price: number;
  /** Paise: items_count × price. */
  total: number;
  image: string;
}

/** One row per issued token: revoking the row ends the token (DECISIONS §3). */
export interface SessionsTable {
  /** The token's `jti`. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** One row per write (DECISIONS: who, when, which entity, what changed). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  user_name: string;
  request_id: string;
  /** 'order' | 'category' | 'item' | 'user' | 'role' | 'profile' | 'password' */
  entity: string;
  entity_id: number;
  /** 'create' | 'update' | 'remove' | … */
  action: string;
  /** JSON: { field: [before, after] } for updates, the values for create/remove. */
  changes: string;
}

/**
 * One sign-in or current-password attempt, reserved before the password is checked
 * (DECISIONS §3; server/auth/rate-limit.ts). It stays as a failure unless the check
 * succeeds; it counts for `account` and `address` within the window while they are set.
 */
export interface LoginAttemptsTable {
  id: Generated<number>;
  /** The ten digits tried; null once a successful sign-in cleared the account's failures. */
  account: string | null;
  /** The client's address; null for a change-password check (counted per account only). */
  address: string | null;
  /** When the attempt was reserved. */
  at: string;
}

/**
 * Orders per month, store, status, payment type and settled flag (migration 0004, kept by
 * triggers on orders): the orders list's totals and the dashboard's status cards sum it
 * instead of counting orders.
 */
export interface OrderCountsTable {
  /** 'YYYY-MM' of created_at, or '' for all time. */
  month: string;
  store_user_id: number;
  status: number;
  payment_type: string;
  is_settled: number;
  n: number;
}

/**
 * How many orders each one-character search finds, per store and status (migration 0023,
 * kept by triggers on orders): `ch` is a small ASCII letter or a digit, an initial of the order.
 */
export interface OrderInitialCountsTable {
  ch: string;
  store_user_id: number;
  status: number;
  n: number;
}

/** The Delivered orders' grand totals per month and store (migration 0005, kept by triggers on orders). */
export interface OrderSalesTable {
  /** 'YYYY-MM' of created_at. */
  month: string;
  store_user_id: number;
  /** Grand totals (items + delivery) in paise. */
  total: number;
}

/**
 * A saved view of a list (migration 0012, record 056): its filter and layout are JSON text
 * the contract validated (contract/list-views.ts).
 */
export interface ListViewsTable {
  id: Generated<number>;
  /** 'orders' (contract VIEW_LISTS). */
  list: string;
  owner_user_id: number;
  /** The owner's store at the last save (a `store` share's store); null for the platform admin. */
  store_user_id: number | null;
  name: string;
  /** The name folded for the per-owner uniqueness (views.service.ts nameKeyOf). */
  name_key: string;
  /** 'private' | 'store' | 'everyone'. */
  share: string;
  /** JSON: the list's filter, minimal (keys at their defaults left out). */
  filter: string;
  /** JSON: the list's layout. */
  layout: string;
  /** 1 when created, +1 per stored change (contract/versions). */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A user's default view of a list. */
export interface ListViewDefaultsTable {
  user_id: number;
  list: string;
  view_id: number;
}

/** The whole database. */
export interface Database {
  roles: RolesTable;
  users: UsersTable;
  categories: CategoriesTable;
  items: ItemsTable;
  category_items: CategoryItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_counts: OrderCountsTable;
  order_initial_counts: OrderInitialCountsTable;
  order_sales: OrderSalesTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  login_attempts: LoginAttemptsTable;
  list_views: ListViewsTable;
  list_view_defaults: ListViewDefaultsTable;
  invoice_counters: InvoiceCountersTable;
}

/** The last invoice number issued per store and financial year ('2627' for 2026–27). */
export interface InvoiceCountersTable {
  store_user_id: number;
  fy: string;
  last: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type NewOrderItem = Insertable<OrderItemsTable>;
