/*
 * The row layouts the bench generator fills and the loaders insert: the orders and
 * order_items columns in parameter order, and the compact layouts whose remaining columns
 * the database derives (bench/seed.ts, bench/lib/lines-worker.ts).
 */

/** The orders columns the generator fills, in parameter order. */
export const ORDER_COLUMNS = [
  'id',
  'order_number',
  'store_user_id',
  'status',
  'customer_name',
  'customer_phone',
  'customer_address1',
  'customer_address2',
  'customer_address3',
  'customer_city',
  'customer_state',
  'customer_country',
  'customer_pincode',
  'payment_type',
  'is_settled',
  'items_total',
  'delivery_price',
  'settlement_amount',
  'created_at',
  'expected_delivery_date',
  'exp_hours',
  'exp_minutes',
  'exp_time_period',
  'cancelled_reason',
  'updated_at',
  'due_at',
] as const;

/** The order_items columns the generator fills (id is left to the database). */
export const LINE_COLUMNS = [
  'order_id',
  'position',
  'category_name',
  'item_id',
  'is_not_available',
  'name',
  'items_count',
  'qty',
  'price',
  'total',
  'image',
] as const;

/**
 * The compact layout SQLite's loader binds (`want.compact`): binding is most of the cost
 * of a multi-row insert in better-sqlite3 (25 values of which 16 strings: 6.4–7.4 s CPU a
 * million orders against 2.6 s for as many integers), so the values the database can
 * derive are left to the statement: the order number from the id, phone and pincode as
 * numbers (cast to integer, TEXT affinity stores the same digits), the fixed address words, the country,
 * the payment type from a flag, updated_at from created_at.
 */
export const ORDER_PARAMS = [
  'id',
  'store_user_id',
  'status',
  'customer_name',
  'phone_number',
  'flat',
  'building',
  'customer_address2',
  'landmark',
  'customer_city',
  'customer_state',
  'customer_pincode',
  'online',
  'is_settled',
  'items_total',
  'delivery_price',
  'settlement_amount',
  'created_at',
  'expected_delivery_date',
  'exp_hours',
  'exp_minutes',
  'exp_time_period',
  'cancelled_reason',
  'due_at',
] as const;

/**
 * A line in the compact layout: the rest of LINE_COLUMNS comes from the catalog item
 * (category, name, qty, price, image; total = items_count × price).
 */
export const LINE_PARAMS = ['order_id', 'position', 'item_id', 'is_not_available', 'items_count'] as const;

/**
 * ORDER_PARAMS in, ORDER_COLUMNS out (see ORDER_PARAMS for why): the SQLite expression of
 * each orders column over a VALUES row `v` of the compact layout. The derivations cost
 * part of what binding saves: 300,000 orders generated and inserted took 3.8 s CPU
 * instead of 4.7 s (generation 1.0 s instead of 1.55 s), measured back to back.
 */
export function derivedOrderColumns(orderCount: number): Record<(typeof ORDER_COLUMNS)[number], string> {
  const p = Object.fromEntries(ORDER_PARAMS.map((c, i) => [c, `v.column${i + 1}`])) as Record<
    (typeof ORDER_PARAMS)[number],
    string
  >;
  const numberWidth = Math.max(6, String(orderCount).length);
  return {
    id: p.id,
    order_number: `printf('ORD%0${numberWidth}d', ${p.id})`,
    store_user_id: p.store_user_id,
    status: p.status,
    customer_name: p.customer_name,
    // better-sqlite3 binds every number as a double, and a double turns to text as
    // '500001.0': the integer casts keep the digits alone.
    customer_phone: `cast(${p.phone_number} as integer)`,
    customer_address1: `'Flat ' || cast(${p.flat} as integer) || ', ' || ${p.building}`,
    customer_address2: p.customer_address2,
    customer_address3: `'Near ' || ${p.landmark}`,
    customer_city: p.customer_city,
    customer_state: p.customer_state,
    customer_country: `'India'`,
    customer_pincode: `cast(${p.customer_pincode} as integer)`,
    payment_type: `iif(${p.online}, 'Online', 'PayOnDelivery')`,
    is_settled: p.is_settled,
    items_total: p.items_total,
    delivery_price: p.delivery_price,
    settlement_amount: p.settlement_amount,
    created_at: p.created_at,
    expected_delivery_date: p.expected_delivery_date,
    exp_hours: p.exp_hours,
    exp_minutes: p.exp_minutes,
    exp_time_period: p.exp_time_period,
    cancelled_reason: p.cancelled_reason,
    updated_at: p.created_at,
    due_at: p.due_at,
  };
}
