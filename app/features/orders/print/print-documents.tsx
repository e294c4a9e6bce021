import { decodeOrderUserItems, type OrderItemCategory } from '#contract/codecs';
import { PAYMENT_TYPE_LABELS } from '#contract/enums';
import { CANCELLED_STATUS } from '#contract/enums';
import type { OrderBill, OrderPrint } from '#contract/order-prints';
import { formatRupees } from '#contract/rules';
import { COMPOSITION_HEADING, GST_RATE_PERCENT, SAC_RESTAURANT } from '#contract/tax';
import { exactTime } from '../../../lib/format-time';

/** One order on paper: a customer bill carries its invoice (printbills), a ticket none. */
export type Printed = OrderPrint & { bill?: OrderBill['bill'] };

/*
 * The printed documents of an order (issue 16, item 3): the customer's bill (A5; issue 28:
 * a Tax Invoice, Bill of Supply or Bill with its invoice number, DECISIONS §9) and
 * the kitchen/packing ticket (80 mm roll, large names and counts, no prices). Plain markup
 * styled for paper (styles.css: named pages `receipt` and `ticket`, one order a page); the
 * items are the order's available lines — what the customer pays for and the kitchen packs.
 */

/** The order's categories with only the lines still available. */
function availableLines(order: OrderPrint['order']): OrderItemCategory[] {
  const tree = decodeOrderUserItems(order.orderUserItems);
  if (!tree.success) return [];
  return tree.output
    .map((c) => ({ ...c, items: c.items.filter((line) => !line.isDeleted) }))
    .filter((c) => c.items.length > 0);
}

const addressOf = (...parts: string[]) => parts.map((p) => p.trim()).filter(Boolean);

function expectedDelivery(order: OrderPrint['order']): string | null {
  if (!order.expectedDeliveryDate) return null;
  const [y, m, d] = order.expectedDeliveryDate.split('-');
  const time =
    order.expHours === null
      ? ''
      : ` ${order.expHours}:${String(order.expMinutes ?? 0).padStart(2, '0')} ${order.expTimePeriod ?? ''}`;
  return `${d}/${m}/${y}${time}`.trim();
}

/** 'YYYY-MM-DD' as the bill writes dates: 26/11/2026. */
const dayFirst = (date: string) => date.split('-').reverse().join('/');

/** The customer's bill: store, invoice, order, customer, available items with prices, totals, tax, payment. */
export function Receipt({ print: { order, store, bill } }: { print: Printed }) {
  const categories = availableLines(order);
  const grandTotal = order.grandTotal ?? order.totalPrice + order.deliveryPrice;
  const delivery = expectedDelivery(order);
  return (
    <article className="receipt-page text-[10pt] leading-snug text-black">
      <header className="border-b border-black pb-2 text-center">
        <p className="text-[16pt] font-bold">{store.bussinessName || 'BlueTik'}</p>
        <p>{addressOf(store.address1, store.address2, store.address3).join(', ')}</p>
        <p>
          {addressOf(store.city, store.state, store.pincode).join(', ')}
          {store.phoneNumber ? ` · Phone: +91 ${store.phoneNumber}` : null}
        </p>
        {bill ? (
          <p>
            {bill.gstin ? `GSTIN: ${bill.gstin} · ` : null}FSSAI Lic. No.: {bill.fssaiNumber}
          </p>
        ) : null}
      </header>
      {order.status === CANCELLED_STATUS ? (
        <p className="mt-2 border-2 border-black text-center text-[16pt] font-bold tracking-widest">
          CANCELLED
        </p>
      ) : null}
      <h1 className="mt-3 text-[13pt] font-bold">
        {bill?.kind ?? 'Receipt'} · Order {order.orderNumber}
      </h1>
      {bill?.kind === 'Bill of Supply' ? <p className="text-[9pt] italic">{COMPOSITION_HEADING}</p> : null}
      {bill ? (
        <p>
          Invoice No.: {bill.invoiceNumber} · Date: {dayFirst(bill.invoiceDate)}
        </p>
      ) : null}
      <p>
        Placed: {exactTime(order.createdDate)}
        {delivery ? ` · Expected delivery: ${delivery}` : null}
      </p>
      <section className="mt-2">
        <h2 className="font-bold">Customer</h2>
        <p>{order.orderUserName}</p>
        <p>+91 {order.orderUserPhoneNumber}</p>
        <p>
          {addressOf(
            order.orderUserAddress1,
            order.orderUserAddress2,
            order.orderUserAddress3,
            order.orderUserCity,
            order.orderUserPincode,
          ).join(', ')}
        </p>
      </section>
      <table className="mt-2 w-full border-collapse">
        <thead>
          <tr className="border-b border-black text-left">
            <th className="py-0.5">Item</th>
            <th className="py-0.5 pl-3 text-right whitespace-nowrap">Count</th>
            <th className="py-0.5 pl-3 text-right whitespace-nowrap">Price</th>
            <th className="py-0.5 pl-3 text-right whitespace-nowrap">Total</th>
          </tr>
        </thead>
        <tbody>
          {categories.flatMap((c) =>
            c.items.map((line) => (
              <tr key={`${c.category}-${line.itemId}`} className="border-b border-zinc-300 align-top">
                <td className="py-0.5">
                  {line.name}
                  {line.qty ? <span className="text-[9pt]"> ({line.qty})</span> : null}
                </td>
                <td className="py-0.5 pl-3 text-right whitespace-nowrap">{line.itemsCount}</td>
                <td className="py-0.5 pl-3 text-right whitespace-nowrap">{formatRupees(line.price)}</td>
                <td className="py-0.5 pl-3 text-right whitespace-nowrap">{formatRupees(line.totalPrice)}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
      <dl className="mt-2 ml-auto grid w-64 grid-cols-[1fr_auto] gap-x-4">
        <dt>Items total</dt>
        <dd className="text-right">{formatRupees(order.totalPrice)}</dd>
        <dt>Delivery</dt>
        <dd className="text-right">{formatRupees(order.deliveryPrice)}</dd>
        <dt className="font-bold">Grand total</dt>
        <dd className="text-right font-bold">{formatRupees(grandTotal)}</dd>
      </dl>
      {bill?.kind === 'Tax Invoice' && bill.taxable !== null ? (
        <dl className="mt-1 ml-auto grid w-64 grid-cols-[1fr_auto] gap-x-4 text-[9pt]">
          <dt className="col-span-2">
            GST included (SAC {SAC_RESTAURANT}, {GST_RATE_PERCENT} %)
          </dt>
          <dt>Taxable value</dt>
          <dd className="text-right">{formatRupees(bill.taxable)}</dd>
          <dt>CGST {GST_RATE_PERCENT / 2} %</dt>
          <dd className="text-right">{formatRupees(bill.cgst ?? 0)}</dd>
          <dt>SGST {GST_RATE_PERCENT / 2} %</dt>
          <dd className="text-right">{formatRupees(bill.sgst ?? 0)}</dd>
        </dl>
      ) : null}
      <p className="mt-2">Payment: {PAYMENT_TYPE_LABELS[order.paymentType]}</p>
      <p className="mt-2 text-center text-[9pt]">
        Thank you for ordering from {store.bussinessName || 'us'}.
      </p>
    </article>
  );
}

/** The kitchen/packing ticket: order, customer and time, each item's count and name large; no prices. */
export function KitchenTicket({ print: { order } }: { print: OrderPrint }) {
  const categories = availableLines(order);
  const count = categories.reduce((n, c) => n + c.items.reduce((m, line) => m + line.itemsCount, 0), 0);
  return (
    <article className="ticket-page text-[11pt] leading-tight text-black">
      <h1 className="text-[18pt] font-bold">{order.orderNumber}</h1>
      <p>{exactTime(order.createdDate)}</p>
      <p className="font-bold">{order.orderUserName}</p>
      {categories.map((c) => (
        <section key={c.category} className="mt-2 border-t border-dashed border-black pt-1">
          <h2 className="text-[10pt] uppercase">{c.category}</h2>
          <ul>
            {c.items.map((line) => (
              <li key={line.itemId} className="flex gap-2 py-0.5 text-[15pt] font-bold">
                <span className="w-12 shrink-0 text-right">{line.itemsCount} ×</span>
                <span>
                  {line.name}
                  {line.qty ? <span className="block text-[10pt] font-normal">{line.qty}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p className="mt-2 border-t border-dashed border-black pt-1 font-bold">Pieces: {count}</p>
    </article>
  );
}
