/*
 * Bench-only page (never part of the product build): AG Grid Community holding the orders
 * list client-side, for `npm run bench:ui`'s side-by-side sort and filter. It loads the
 * columnar export bench/ui/export-rows.ts writes (same columns and values as the product's
 * orders table), builds one row object per order (AG Grid's client-side row model wants
 * objects) and reports how long each step took on window.__grid.
 */
import { createRoot } from 'react-dom/client';
import {
  AllCommunityModule,
  ModuleRegistry,
  themeQuartz,
  type ColDef,
  type GridApi,
  type GridReadyEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { ORDER_STATUSES } from '../../../contract/enums';
import { formatRupees } from '../../../contract/rules';
import type { ColumnarOrders } from '../export-rows';

ModuleRegistry.registerModules([AllCommunityModule]);

interface Row {
  orderNumber: string;
  status: number;
  orderUserName: string;
  totalPrice: number;
  createdDate: string;
  paymentType: string;
  isSettled: string;
  settlementAmt: number | null;
  merchantName: string;
}

interface GridBench {
  api?: GridApi<Row>;
  rows: number;
  fetchMs: number;
  buildMs: number;
  readyAt?: number;
  firstRenderedAt?: number;
  error?: string;
}

declare global {
  interface Window {
    __grid: GridBench;
  }
}

// The product's labels and formats (app/features/orders/columns.tsx).
const STATUS_LABELS: string[] = ORDER_STATUSES.map((s) => s.label);
const rupees = { format: formatRupees };
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const columnDefs: ColDef<Row>[] = [
  { field: 'orderNumber', headerName: 'Order Id', filter: 'agTextColumnFilter' },
  {
    field: 'status',
    headerName: 'Status',
    filter: 'agNumberColumnFilter',
    valueFormatter: (p) => STATUS_LABELS[p.value as number] ?? String(p.value),
  },
  { field: 'orderUserName', headerName: 'Name', filter: 'agTextColumnFilter' },
  {
    field: 'totalPrice',
    headerName: 'Total Price',
    filter: 'agNumberColumnFilter',
    valueFormatter: (p) => rupees.format(p.value as number),
  },
  {
    field: 'createdDate',
    headerName: 'Created Date',
    valueFormatter: (p) => dateTime.format(new Date(p.value as string)),
  },
  {
    field: 'paymentType',
    headerName: 'Payment Type',
    filter: 'agTextColumnFilter',
    valueFormatter: (p) => (p.value === 'PayOnDelivery' ? 'Pay on Delivery' : String(p.value)),
  },
  { field: 'isSettled', headerName: 'Is Settled?', filter: 'agTextColumnFilter' },
  {
    field: 'settlementAmt',
    headerName: 'Settlement Amt',
    filter: 'agNumberColumnFilter',
    valueFormatter: (p) => (p.value === null ? 'NA' : rupees.format(p.value as number)),
  },
  { field: 'merchantName', headerName: 'Store Name', filter: 'agTextColumnFilter' },
];

const defaultColDef: ColDef<Row> = { sortable: true, sortingOrder: ['asc', 'desc'], width: 140 };

const bench: GridBench = { rows: 0, fetchMs: 0, buildMs: 0 };
window.__grid = bench;

async function load(): Promise<Row[]> {
  const params = new URLSearchParams(location.search);
  const t0 = performance.now();
  const response = await fetch(params.get('data') ?? './orders.json');
  if (!response.ok) throw new Error(`data: HTTP ${response.status}`);
  const data = (await response.json()) as ColumnarOrders;
  const t1 = performance.now();
  const rows: Row[] = new Array<Row>(data.n);
  for (let i = 0; i < data.n; i++) {
    rows[i] = {
      orderNumber: data.orderNumber[i]!,
      status: data.status[i]!,
      orderUserName: data.orderUserName[i]!,
      totalPrice: data.totalPrice[i]!,
      createdDate: data.createdDate[i]!,
      paymentType: data.paymentTypes[data.paymentType[i]!]!,
      isSettled: data.isSettled[i] ? 'Yes' : 'No',
      settlementAmt: data.settlementAmt[i] ?? null,
      merchantName: data.stores[data.store[i]!]!,
    };
  }
  bench.fetchMs = t1 - t0;
  bench.buildMs = performance.now() - t1;
  bench.rows = rows.length;
  return rows;
}

function Grid({ rows }: { rows: Row[] }) {
  return (
    <AgGridReact<Row>
      theme={themeQuartz}
      rowData={rows}
      columnDefs={columnDefs}
      defaultColDef={defaultColDef}
      // Rows jump to their new places: a sliding animation would only delay "painted".
      animateRows={false}
      getRowId={(p) => p.data.orderNumber}
      onGridReady={(event: GridReadyEvent<Row>) => {
        bench.api = event.api;
        bench.readyAt = performance.now();
      }}
      onFirstDataRendered={() => {
        bench.firstRenderedAt = performance.now();
        document.getElementById('status')!.textContent = `${rows.length.toLocaleString('en-US')} orders`;
      }}
    />
  );
}

load().then(
  (rows) => {
    createRoot(document.getElementById('grid')!).render(<Grid rows={rows} />);
  },
  (error: unknown) => {
    bench.error = String(error);
    document.getElementById('status')!.textContent = `Failed: ${String(error)}`;
  },
);
