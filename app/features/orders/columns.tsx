import { linkOptions } from '@tanstack/react-router';
import { ORDER_STATUSES, PAYMENT_TYPE_LABELS } from '#contract/enums';
import type { OrderListRow } from '#contract/orders';
import { grantOf } from '#contract/permissions';
import { formatRupees } from '#contract/rules';
import {
  allowedTo,
  columnHelperFor,
  deleteColumn,
  linkColumn,
  type Viewer,
} from '../../components/data-table';
import { TimeLeftBadge } from './components/time-left';

const helper = columnHelperFor<OrderListRow>();

const STATUS_LABELS = new Map<number, string>(ORDER_STATUSES.map((s) => [s.id, s.label]));
const STATUS_TONES = [
  'bg-sky-50 text-sky-800',
  'bg-amber-50 text-amber-800',
  'bg-violet-50 text-violet-800',
  'bg-emerald-50 text-emerald-800',
  'bg-zinc-100 text-zinc-700',
];

// No time zone given: the browser's own (DECISIONS §7: stored in UTC, shown locally).
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const timeOnly = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** Where an order opens (the order details screen). */
export const orderLink = (order: OrderListRow) =>
  linkOptions({ to: '/order/edit/$id', params: { id: String(order.id) } });

/** Store Name only means something to a viewer who sees every store (DECISIONS §2: BlueTikAdmin). */
export const seesEveryStore = (viewer: Viewer) => grantOf(viewer.role, 'orders.read') === 'all';

/** Settlement doesn't apply to cash on delivery (spec §2: NA). */
function NotApplicable() {
  return <abbr title="Not applicable">NA</abbr>;
}

/** The orders table (spec §2 Lists), each column visible to the roles DECISIONS §2 allows. */
export const orderColumns = helper.columns([
  helper.accessor('orderNumber', { header: 'Order Id' }),
  helper.accessor('status', {
    header: 'Status',
    cell: (ctx) => (
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONES[ctx.getValue()] ?? ''}`}>
        {STATUS_LABELS.get(ctx.getValue()) ?? String(ctx.getValue())}
      </span>
    ),
  }),
  helper.accessor('orderUserName', { header: 'Name', meta: { wrap: true } }),
  helper.accessor('totalPrice', {
    header: 'Total Price',
    cell: (ctx) => formatRupees(ctx.getValue()),
    meta: { align: 'end' },
  }),
  helper.accessor('createdDate', {
    header: 'Created Date',
    // Date over time: two short lines keep eleven columns within a laptop screen; one line
    // in the compact density (column-layout.ts), where rows are a line high.
    cell: (ctx) => {
      const at = new Date(ctx.getValue());
      return (
        <time dateTime={ctx.getValue()} className="block leading-5">
          {dateOnly.format(at)}
          <span className="block text-xs text-zinc-600 in-data-[density=compact]:ml-1.5 in-data-[density=compact]:inline">
            {timeOnly.format(at)}
          </span>
        </time>
      );
    },
  }),
  helper.accessor('dueAt', {
    // The sort key of the list query (contract ORDER_SORT_COLUMNS): open orders by their promise.
    id: 'timeLeft',
    header: 'Time Left',
    cell: (ctx) => <TimeLeftBadge status={ctx.row.original.status} dueAt={ctx.getValue()} />,
  }),
  helper.accessor('paymentType', {
    header: 'Payment Type',
    cell: (ctx) => PAYMENT_TYPE_LABELS[ctx.getValue()],
    meta: { wrap: true },
  }),
  helper.accessor('isSettled', {
    header: 'Is Settled?',
    cell: (ctx) => (ctx.row.original.paymentType === 'PayOnDelivery' ? <NotApplicable /> : ctx.getValue()),
  }),
  helper.accessor('settlementAmt', {
    header: 'Settlement Amt',
    cell: (ctx) => {
      const amount = ctx.getValue();
      return ctx.row.original.paymentType === 'PayOnDelivery' || amount === null ? (
        <NotApplicable />
      ) : (
        formatRupees(amount)
      );
    },
    meta: { align: 'end' },
  }),
  helper.accessor('merchantName', { header: 'Store Name', meta: { visibleTo: seesEveryStore, wrap: true } }),
  linkColumn<OrderListRow>({ id: 'edit', header: 'Edit', link: orderLink }),
  deleteColumn<OrderListRow>({ visibleTo: allowedTo('orders.remove') }),
]);
