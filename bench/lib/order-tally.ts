import { IST_OFFSET_MS } from '#contract/india-time';
import { ORDER_PARAMS } from './row-layout';

const indiaMonth = (iso: string) => new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 7);

/**
 * order_counts and order_sales as the triggers would have kept them, tallied from the
 * compact order rows as they are loaded (the bench seed drops the triggers for speed):
 * order_counts all time ('') and per UTC month, in a flat array indexed by (month, store,
 * status, payment type, settled); order_sales (delivered items and delivery per India
 * month and store) in a second array by (month, store).
 */
export function orderTally(stores: readonly { id: number }[]) {
  const months = new Map<string, number>([['', 0]]);
  const storeIndex = new Map(stores.map((st, i) => [st.id, i]));
  const cells = 5 * 2 * 2 * stores.length;
  let counts = new Float64Array(cells * 32);
  let sales = new Float64Array(stores.length * 32);
  const width = ORDER_PARAMS.length;
  const at = (c: (typeof ORDER_PARAMS)[number]) => ORDER_PARAMS.indexOf(c);
  const [storeAt, statusAt, onlineAt, settledAt, createdAt, itemsAt, deliveryAt] = [
    at('store_user_id'),
    at('status'),
    at('online'),
    at('is_settled'),
    at('created_at'),
    at('items_total'),
    at('delivery_price'),
  ];

  /** A month's index in the arrays, growing them for a month not seen yet. */
  function monthIndex(month: string): number {
    let m = months.get(month);
    if (m === undefined) {
      months.set(month, (m = months.size));
      if ((m + 1) * cells > counts.length) {
        const grown = new Float64Array(counts.length * 2);
        grown.set(counts);
        counts = grown;
        const grownSales = new Float64Array(sales.length * 2);
        grownSales.set(sales);
        sales = grownSales;
      }
    }
    return m;
  }

  return {
    /** Counts one chunk of compact order rows. */
    add(o: readonly unknown[]) {
      for (let i = 0; i < o.length; i += width) {
        const created = o[i + createdAt] as string;
        const m = monthIndex(created.slice(0, 7));
        const store = storeIndex.get(o[i + storeAt] as number)!;
        const status = o[i + statusAt] as number;
        const cell =
          ((store * 5 + status) * 2 + (o[i + onlineAt] === 1 ? 0 : 1)) * 2 + (o[i + settledAt] as number);
        counts[cell]! += 1;
        counts[m * cells + cell]! += 1;
        // Sales by India month (migration 0018): the UTC month unless created in its last 5:30 h.
        if (status === 3)
          sales[monthIndex(indiaMonth(created)) * stores.length + store]! +=
            (o[i + itemsAt] as number) + (o[i + deliveryAt] as number);
      }
    },
    /** The order_counts rows (6 values each) and order_sales rows (3 each), ready to insert. */
    rows() {
      const countRows: unknown[] = [];
      for (const [month, m] of months)
        for (let cell = 0; cell < cells; cell++) {
          const n = counts[m * cells + cell]!;
          if (n === 0) continue;
          const settled = cell % 2;
          const payment = Math.floor(cell / 2) % 2 === 0 ? 'Online' : 'PayOnDelivery';
          const status = Math.floor(cell / 4) % 5;
          const store = stores[Math.floor(cell / 20)]!.id;
          countRows.push(month, store, status, payment, settled, n);
        }
      // In the order rebuildOrderSalesSql's group by gives (month, then store id), so the
      // rows get the same rowids.
      const saleRows: unknown[] = [];
      const byStoreId = stores.map((st, i) => ({ id: st.id, i })).sort((a, b) => a.id - b.id);
      for (const [month, m] of [...months]
        .filter(([month]) => month !== '')
        .sort(([a], [b]) => (a < b ? -1 : 1)))
        for (const { id, i } of byStoreId) {
          const total = sales[m * stores.length + i]!;
          if (total !== 0) saleRows.push(month, id, total);
        }
      return { countRows, saleRows };
    },
  };
}
