import { sql, type ExpressionBuilder } from 'kysely';
import type { PaymentType } from '#contract/enums';
import type { CancelledReasonCode, OrderListRow } from '#contract/orders';
import { fromPaise } from '#contract/rules';
import type { Database } from '../../db/schema';
import { yesNo } from '../../lib/flags';
import type { Kdb } from './scope';

/* An order as the list and the order screen read it, and that row as the contract's. */

/** The list-row columns; `itemsCount` is a correlated sum over the order's lines. */
function rowSelection(eb: ExpressionBuilder<Database, 'orders' | 'users'>) {
  return [
    'orders.id',
    'orders.order_number',
    'orders.status',
    'orders.customer_name',
    'orders.customer_phone',
    'orders.customer_address1',
    'orders.customer_address2',
    'orders.customer_address3',
    'orders.customer_city',
    'orders.customer_state',
    'orders.customer_country',
    'orders.customer_pincode',
    'orders.payment_type',
    'orders.is_settled',
    'orders.items_total',
    'orders.delivery_price',
    'orders.settlement_amount',
    'orders.created_at',
    'orders.expected_delivery_date',
    'orders.exp_hours',
    'orders.exp_minutes',
    'orders.exp_time_period',
    'orders.cancelled_reason',
    'orders.due_at',
    'users.bussiness_name',
    eb
      .selectFrom('order_items')
      .select((e) => e.fn.coalesce(e.fn.sum<number>('order_items.items_count'), sql<number>`0`).as('n'))
      .whereRef('order_items.order_id', '=', 'orders.id')
      .as('items_count'),
  ] as const;
}

/** Orders with their store's name and pieces count (list-stream.ts reads the plain list through it). */
export function baseRows(db: Kdb) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.store_user_id')
    .select((eb) => rowSelection(eb));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseRows>['executeTakeFirstOrThrow']>>;

/** A row as the contract's list row. */
export function toListRow(r: Row): OrderListRow {
  const online = r.payment_type === 'Online';
  return {
    id: r.id,
    orderNumber: r.order_number,
    status: r.status as OrderListRow['status'],
    orderUserName: r.customer_name,
    orderUserPhoneNumber: r.customer_phone,
    orderUserAddress1: r.customer_address1,
    orderUserAddress2: r.customer_address2,
    orderUserAddress3: r.customer_address3,
    orderUserCity: r.customer_city,
    orderUserState: r.customer_state,
    orderUserCountry: r.customer_country,
    orderUserPincode: r.customer_pincode,
    itemsCount: Number(r.items_count ?? 0),
    totalPrice: fromPaise(r.items_total),
    deliveryPrice: fromPaise(r.delivery_price),
    grandTotal: fromPaise(r.items_total + r.delivery_price),
    paymentType: r.payment_type as PaymentType,
    isSettled: yesNo(r.is_settled),
    settlementAmt: online ? fromPaise(r.settlement_amount) : null,
    createdDate: r.created_at,
    merchantName: r.bussiness_name,
    expectedDeliveryDate: r.expected_delivery_date,
    expHours: r.exp_hours,
    expMinutes: r.exp_minutes,
    expTimePeriod: r.exp_time_period === 'PM' ? 'PM' : 'AM',
    cancelledReason: (r.cancelled_reason ?? 0) as CancelledReasonCode,
    dueAt: r.due_at,
  };
}
