import { useMemo } from 'react';
import { ORDER_STATUSES, PAYMENT_TYPE_LABELS } from '#contract/enums';
import type { OrderListRow } from '#contract/orders';
import { grantOf } from '#contract/permissions';
import {
  allowedTo,
  columnHelperFor,
  deleteColumn,
  linkColumn,
  type Viewer,
} from '../../components/data-table';
import { formats, i18n, translateWords, useFormats, useT, type Formats } from '../../lib/i18n';
import { RECORD_LINKS } from '../../lib/record-links';
import { timeLeftCell } from './components/time-left';

const messages = i18n('orders/columns', {
  orderNumber: 'Order Id',
  status: 'Status',
  name: 'Name',
  totalPrice: 'Total Price',
  createdDate: 'Created Date',
  timeLeft: 'Time Left',
  paymentType: 'Payment Type',
  isSettled: 'Is Settled?',
  settlementAmt: 'Settlement Amt',
  merchantName: 'Store Name',
  edit: 'Edit',
  na: 'NA',
  notApplicable: 'Not applicable',
});
type Texts = ReturnType<typeof messages.get>;

const helper = columnHelperFor<OrderListRow>();

const STATUS_LABELS = new Map<number, string>(ORDER_STATUSES.map((s) => [s.id, s.label]));
const STATUS_TONES = [
  'bg-sky-50 text-sky-800',
  'bg-amber-50 text-amber-800',
  'bg-violet-50 text-violet-800',
  'bg-emerald-50 text-emerald-800',
  'bg-zinc-100 text-zinc-700',
];

/** Where an order opens (the order details screen). */
export const orderLink = (order: OrderListRow) => RECORD_LINKS.order(order.id);

/** Store Name only means something to a viewer who sees every store (DECISIONS §2: BlueTikAdmin). */
export const seesEveryStore = (viewer: Viewer) => grantOf(viewer.role, 'orders.read') === 'all';

/**
 * Settlement doesn't apply to cash on delivery (spec §2: NA). A plain element, no component:
 * two of a row's cells on every cash order (issue 26).
 */
const notApplicable = (t: Texts) => <abbr title={t.notApplicable}>{t.na}</abbr>;

/**
 * The orders table (spec §2 Lists) in the reader's language, each column visible to the roles
 * DECISIONS §2 allows. Dates and times day first in India time, amounts and counts the Indian
 * way; the contract's statuses, payment types and Yes/No through the words table.
 */
function orderColumnsOf(t: Texts, f: Formats) {
  return helper.columns([
    helper.accessor('orderNumber', { header: t.orderNumber }),
    helper.accessor('status', {
      header: t.status,
      cell: (ctx) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONES[ctx.getValue()] ?? ''}`}
        >
          {translateWords(STATUS_LABELS.get(ctx.getValue()) ?? String(ctx.getValue()))}
        </span>
      ),
    }),
    helper.accessor('orderUserName', { header: t.name, meta: { wrap: true } }),
    helper.accessor('totalPrice', {
      header: t.totalPrice,
      cell: (ctx) => f.money(ctx.getValue()),
      meta: { align: 'end' },
    }),
    helper.accessor('createdDate', {
      header: t.createdDate,
      // Date over time: two short lines keep eleven columns within a laptop screen; one line
      // in the compact density (column-layout.ts), where rows are a line high.
      cell: (ctx) => (
        <time dateTime={ctx.getValue()} className="block leading-5">
          {f.date(ctx.getValue())}
          <span className="block text-xs text-zinc-600 in-data-[density=compact]:ml-1.5 in-data-[density=compact]:inline">
            {f.time(ctx.getValue())}
          </span>
        </time>
      ),
    }),
    helper.accessor('dueAt', {
      // The sort key of the list query (contract ORDER_SORT_COLUMNS): open orders by their promise.
      id: 'timeLeft',
      header: t.timeLeft,
      cell: (ctx) => timeLeftCell(ctx.row.original.status, ctx.getValue()),
    }),
    helper.accessor('paymentType', {
      header: t.paymentType,
      cell: (ctx) => translateWords(PAYMENT_TYPE_LABELS[ctx.getValue()]),
      meta: { wrap: true },
    }),
    helper.accessor('isSettled', {
      header: t.isSettled,
      cell: (ctx) =>
        ctx.row.original.paymentType === 'PayOnDelivery' ? notApplicable(t) : translateWords(ctx.getValue()),
    }),
    helper.accessor('settlementAmt', {
      header: t.settlementAmt,
      cell: (ctx) => {
        const amount = ctx.getValue();
        return ctx.row.original.paymentType === 'PayOnDelivery' || amount === null
          ? notApplicable(t)
          : f.money(amount);
      },
      meta: { align: 'end' },
    }),
    helper.accessor('merchantName', {
      header: t.merchantName,
      meta: { visibleTo: seesEveryStore, wrap: true },
    }),
    linkColumn<OrderListRow>({ id: 'edit', header: t.edit, link: orderLink }),
    deleteColumn<OrderListRow>({ visibleTo: allowedTo('orders.remove') }),
  ]);
}

/** The orders table's columns, made again when the language changes. */
export function useOrderColumns() {
  const t = useT(messages);
  const f = useFormats();
  return useMemo(() => orderColumnsOf(t, f), [t, f]);
}

/** The columns as they are now (outside React: which columns an export holds). */
export const currentOrderColumns = () => orderColumnsOf(messages.get(), formats());
