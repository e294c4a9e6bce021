/*
 * The orders list rows of a bench database as one compact columnar JSON file, for the
 * AG Grid page (bench/ui/aggrid) to load client-side. Same columns and values as the
 * product's list rows (server/routes/orders/orders.service.ts toListRow), newest first.
 * Written once per database and row count: the file name carries both, and it is
 * rebuilt when the database is newer than it.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { fromPaise } from '#contract/rules';

/** The file's shape: one array per column; repeated strings as indexes into a small table. */
export interface ColumnarOrders {
  n: number;
  orderNumber: string[];
  status: number[];
  orderUserName: string[];
  /** Rupees. */
  totalPrice: number[];
  createdDate: string[];
  /** Index into paymentTypes. */
  paymentType: number[];
  paymentTypes: string[];
  /** 1 settled, 0 not. */
  isSettled: number[];
  /** Rupees; null for PayOnDelivery (NA on screen). */
  settlementAmt: (number | null)[];
  /** Index into stores. */
  store: number[];
  stores: string[];
}

interface DbRow {
  order_number: string;
  status: number;
  customer_name: string;
  items_total: number;
  created_at: string;
  payment_type: string;
  is_settled: number;
  settlement_amount: number;
  bussiness_name: string;
}

/** Writes (or reuses) the export of the newest `limit` orders; answers its path and row count. */
export function exportRows(dbPath: string, outPath: string, limit: number): { path: string; rows: number } {
  if (existsSync(outPath) && statSync(outPath).mtimeMs > statSync(dbPath).mtimeMs) {
    return { path: outPath, rows: limit };
  }
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const select = db.prepare<[number], DbRow>(
      `SELECT o.order_number, o.status, o.customer_name, o.items_total, o.created_at, o.payment_type,
              o.is_settled, o.settlement_amount, u.bussiness_name
         FROM orders o JOIN users u ON u.id = o.store_user_id
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT ?`,
    );
    const out: ColumnarOrders = {
      n: 0,
      orderNumber: [],
      status: [],
      orderUserName: [],
      totalPrice: [],
      createdDate: [],
      paymentType: [],
      paymentTypes: ['Online', 'PayOnDelivery'],
      isSettled: [],
      settlementAmt: [],
      store: [],
      stores: [],
    };
    const storeIndex = new Map<string, number>();
    for (const r of select.iterate(limit)) {
      const online = r.payment_type === 'Online';
      let store = storeIndex.get(r.bussiness_name);
      if (store === undefined) {
        store = out.stores.push(r.bussiness_name) - 1;
        storeIndex.set(r.bussiness_name, store);
      }
      out.orderNumber.push(r.order_number);
      out.status.push(r.status);
      out.orderUserName.push(r.customer_name);
      out.totalPrice.push(fromPaise(r.items_total));
      out.createdDate.push(r.created_at);
      out.paymentType.push(online ? 0 : 1);
      out.isSettled.push(r.is_settled ? 1 : 0);
      out.settlementAmt.push(online ? fromPaise(r.settlement_amount) : null);
      out.store.push(store);
      out.n++;
    }
    mkdirSync(dirname(outPath), { recursive: true });
    writeFileSync(outPath, JSON.stringify(out));
    return { path: outPath, rows: out.n };
  } finally {
    db.close();
  }
}
