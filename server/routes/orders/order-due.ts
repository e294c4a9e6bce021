import { promisedAt } from '#contract/time-left';
import type { Kdb } from './scope';

/** What an order row holds of its promise (orders columns). */
export interface PromiseColumns {
  store_user_id: number;
  created_at: string;
  expected_delivery_date: string | null;
  exp_hours: number;
  exp_minutes: number;
  exp_time_period: string;
}

/**
 * The order's `due_at` (migration 0016): its expected date and time, or without one its
 * created time plus its store's delivery time as the store's profile says now.
 */
export async function dueAtOf(db: Kdb, o: PromiseColumns): Promise<string | null> {
  const deliveryTime = o.expected_delivery_date
    ? null
    : ((
        await db
          .selectFrom('users')
          .select('delivery_time')
          .where('id', '=', o.store_user_id)
          .executeTakeFirst()
      )?.delivery_time ?? null);
  return promisedAt({
    expectedDate: o.expected_delivery_date,
    hours: o.exp_hours,
    minutes: o.exp_minutes,
    period: o.exp_time_period,
    createdAt: o.created_at,
    deliveryTime,
  });
}

/** Whether an update changes what the promise is made of. */
export const promiseChanged = (a: PromiseColumns, b: PromiseColumns) =>
  a.expected_delivery_date !== b.expected_delivery_date ||
  a.exp_hours !== b.exp_hours ||
  a.exp_minutes !== b.exp_minutes ||
  a.exp_time_period !== b.exp_time_period;
