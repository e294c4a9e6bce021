/*
 * Bench-only page (never part of the product build): the floor of bench:ui's sort on this
 * machine. The same list call as the orders table's sort by Total Price, answered by the same
 * server, and its 25 rows with the same eleven columns written into a plain table — with no
 * router, no query cache, no shell, no toolbar. `?mode=dom` writes the rows with the DOM API,
 * `?mode=react` renders them with React 19 (one component, one state). Whatever this page
 * takes from the key to the painted rows, no table on this machine and browser takes less;
 * what the product takes beyond it is the product's own.
 *
 * Served by Playwright on the product's origin (bench/ui/floor.ts), so the call carries the
 * signed-in session as the product's does; the harness (harness.js) measures it unchanged.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { ORDER_STATUSES, PAYMENT_TYPE_LABELS } from '../../../contract/enums';
import type { OrderListRow } from '../../../contract/orders';
import { formatRupees } from '../../../contract/rules';

const PAGE_SIZE = 25;
const STATUS = new Map<number, string>(ORDER_STATUSES.map((s) => [s.id, s.label]));
const DATE = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium' });
const TIME = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', timeStyle: 'short' });
// The columns' headers: words don't matter to a floor, save the sort button's (the bench finds
// it and the Total Price cells by that name); the rest are the row's field names.
const HEADERS = [
  ...['orderNumber', 'status', 'orderUserName', 'Total Price', 'createdDate', 'timeLeft'],
  ...['paymentType', 'isSettled', 'settlementAmt', 'merchantName', 'edit'],
];

/** The eleven cells' texts of one order, as the product's columns show them. */
function cells(o: OrderListRow): string[] {
  const cod = o.paymentType === 'PayOnDelivery';
  const created = new Date(o.createdDate);
  return [
    o.orderNumber,
    STATUS.get(o.status) ?? String(o.status),
    o.orderUserName,
    formatRupees(o.totalPrice),
    `${DATE.format(created)} ${TIME.format(created)}`,
    '—',
    PAYMENT_TYPE_LABELS[o.paymentType],
    cod ? 'NA' : String(o.isSettled),
    cod || o.settlementAmt === null ? 'NA' : formatRupees(o.settlementAmt),
    o.merchantName ?? '',
    'Edit',
  ];
}

async function fetchPage(order: 'asc' | 'desc'): Promise<OrderListRow[]> {
  const query = `page=1&pageSize=${PAGE_SIZE}&sort=totalPrice&order=${order}`;
  const response = await fetch(`/api/orders/listorders?${query}`, {
    credentials: 'same-origin',
    headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
  });
  const body = (await response.json()) as { result?: { rows: OrderListRow[] } };
  if (!response.ok || !body.result) throw new Error(`list call: ${response.status}`);
  return body.result.rows;
}

interface Floor {
  ready: boolean;
  order: 'asc' | 'desc';
  error?: string;
}
const floor: Floor = { ready: false, order: 'desc' };
(window as unknown as { __floor: Floor }).__floor = floor;

const root = document.getElementById('root')!;
const mode = new URLSearchParams(location.search).get('mode') === 'react' ? 'react' : 'dom';

// ---- Plain DOM: the header once, the body's rows replaced on each answer.
function mountDom(first: OrderListRow[]) {
  const table = document.createElement('table');
  table.setAttribute('role', 'grid');
  table.setAttribute('aria-busy', 'false');
  const head = table.createTHead().insertRow();
  for (const text of HEADERS) {
    const th = document.createElement('th');
    if (text === 'Total Price') {
      const button = document.createElement('button');
      button.textContent = text;
      button.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') void sortDom(event);
      });
      th.append(button);
    } else th.textContent = text;
    head.append(th);
  }
  const body = table.createTBody();
  const write = (rows: OrderListRow[]) => {
    const fresh = rows.map((o, index) => {
      const tr = document.createElement('tr');
      tr.setAttribute('aria-rowindex', String(index + 2));
      tr.dataset.index = String(index);
      for (const text of cells(o)) tr.insertCell().textContent = text;
      return tr;
    });
    body.replaceChildren(...fresh);
  };
  const sortDom = async (event: KeyboardEvent) => {
    event.preventDefault();
    floor.order = floor.order === 'asc' ? 'desc' : 'asc';
    write(await fetchPage(floor.order));
  };
  write(first);
  root.append(table);
}

// ---- React: one component holding the rows, re-rendered with the answer.
function Table({ first }: { first: OrderListRow[] }) {
  const [rows, setRows] = useState(first);
  const onKeyDown = async (event: React.KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    floor.order = floor.order === 'asc' ? 'desc' : 'asc';
    const next = await fetchPage(floor.order);
    // As urgent as the product's own update of rows in hand (no transition, no deferral).
    flushSync(() => setRows(next));
  };
  return (
    <table role="grid" aria-busy="false">
      <thead>
        <tr>
          {HEADERS.map((h) => (
            <th key={h}>{h === 'Total Price' ? <button onKeyDown={onKeyDown}>{h}</button> : h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((o, index) => (
          <tr key={o.id} aria-rowindex={index + 2} data-index={index}>
            {cells(o).map((text, i) => (
              <td key={i}>{text}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

fetchPage('desc').then(
  (first) => {
    if (mode === 'dom') mountDom(first);
    else flushSync(() => createRoot(root).render(<Table first={first} />));
    floor.ready = true;
  },
  (error: unknown) => {
    floor.error = error instanceof Error ? error.message : String(error);
  },
);
