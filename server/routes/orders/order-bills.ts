import type { Transaction } from 'kysely';
import { IST_OFFSET_MS } from '#contract/india-time';
import type { OrderBill } from '#contract/order-prints';
import { fromPaise } from '#contract/rules';
import { billKind, financialYear, FSSAI_MISSING_MESSAGE, gstSplit, invoiceNumber } from '#contract/tax';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { lockOrder } from './order-lock';
import { orderPrints } from './order-prints';
import type { Kdb, Scope } from './scope';

/*
 * Invoice numbers and customer bills (issue 28 item 3, DECISIONS §9, record 060). A number
 * is issued once per order — when its bill is first printed or it first reaches Delivered,
 * whichever is first — inside the transaction that holds the order's row lock, by
 * incrementing its store's counter for the financial year (migration 0014): numbers are
 * consecutive per store and year, none reused, none skipped (a rolled-back issue rolls its
 * increment back too), one per order.
 */

/** The order's invoice number: the one it has, or the next of its store's year, issued now. */
export async function issueInvoice(
  trx: Transaction<Database>,
  order: { id: number; store_user_id: number; invoice_number: string | null },
  now: number,
): Promise<string> {
  if (order.invoice_number) return order.invoice_number;
  const fy = financialYear(now);
  // Insert the year's first, or take the next: the counter's row is locked until commit.
  const { last } = await trx
    .insertInto('invoice_counters')
    .values({ store_user_id: order.store_user_id, fy, last: 1 })
    .onConflict((oc) =>
      oc
        .columns(['store_user_id', 'fy'])
        .doUpdateSet((eb) => ({ last: eb('invoice_counters.last', '+', 1) })),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  const number = invoiceNumber(order.store_user_id, fy, last);
  await trx
    .updateTable('orders')
    .set({ invoice_number: number, invoice_at: new Date(now).toISOString() })
    .where('id', '=', order.id)
    .execute();
  return number;
}

/** The India date 'YYYY-MM-DD' of a stored instant. */
const indiaDate = (iso: string) => new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * The customer bills of orders `ids` in scope, in the order asked: each order's number
 * issued (its own transaction, its row locked) when it has none. Refused whole, before
 * anything is issued, when a store of the batch has no FSSAI licence number.
 */
export async function orderBills(
  db: Kdb,
  ids: readonly number[],
  store: Scope,
  now: number,
): Promise<OrderBill[]> {
  const prints = await orderPrints(db, ids, store);
  if (prints.length === 0) return [];
  const stores = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.store_user_id')
    .select(['orders.id as orderId', 'users.gstin', 'users.fssai_number', 'users.tax_scheme'])
    .where(
      'orders.id',
      'in',
      prints.map((p) => p.order.id),
    )
    .execute();
  const tax = new Map(stores.map(({ orderId, ...t }) => [orderId, t]));
  if (stores.some((t) => !t.fssai_number)) throw new ApiError(400, FSSAI_MISSING_MESSAGE);

  const bills: OrderBill[] = [];
  for (const print of prints) {
    const issued = await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, print.order.id, store);
      if (!order) return null;
      const number = await issueInvoice(trx, order, now);
      const at = order.invoice_at ?? new Date(now).toISOString();
      return { number, date: indiaDate(at), totalPaise: order.items_total + order.delivery_price };
    });
    // Removed between the read and the lock: left out, as a missing id is.
    if (!issued) continue;
    const t = tax.get(print.order.id)!;
    const kind = billKind({ gstin: t.gstin, taxScheme: t.tax_scheme });
    const split = kind === 'Tax Invoice' ? gstSplit(issued.totalPaise) : null;
    bills.push({
      ...print,
      bill: {
        kind,
        invoiceNumber: issued.number,
        invoiceDate: issued.date,
        gstin: t.gstin,
        fssaiNumber: t.fssai_number!,
        total: fromPaise(issued.totalPaise),
        taxable: split && fromPaise(split.taxable),
        cgst: split && fromPaise(split.cgst),
        sgst: split && fromPaise(split.sgst),
      },
    });
  }
  return bills;
}
