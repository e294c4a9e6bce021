import { decodeOrderUserItems, type OrderItemCategory } from '#contract/codecs';
import { PAYMENT_TYPE_LABELS } from '#contract/enums';
import { CANCELLED_STATUS } from '#contract/enums';
import type { OrderBill, OrderPrint } from '#contract/order-prints';
import { COMPOSITION_HEADING, GST_RATE_PERCENT, SAC_RESTAURANT } from '#contract/tax';
import { i18n, params, useFormats, useT, useWords, type Formats } from '../../../lib/i18n';

/** One order on paper: a customer bill carries its invoice (printbills), a ticket none. */
export type Printed = OrderPrint & { bill?: OrderBill['bill'] };

/*
 * The printed documents of an order (issue 16, item 3): the customer's bill (A5; issue 28:
 * a Tax Invoice, Bill of Supply or Bill with its invoice number, DECISIONS §9) and
 * the kitchen/packing ticket (80 mm roll, large names and counts, no prices). Plain markup
 * styled for paper (styles.css: named pages `receipt` and `ticket`, one order a page); the
 * items are the order's available lines — what the customer pays for and the kitchen packs.
 */

/*
 * On paper in the reader's language, except what the law names in English: the GST document
 * names (Tax Invoice, Bill of Supply), the composition declaration (CGST Rules, rule 5),
 * GSTIN, FSSAI, SAC, GST, CGST, SGST and Rs.
 */
const messages = i18n('orders/print-documents', {
  phone: params('Phone: +91 {phone}'),
  fssai: params('FSSAI Lic. No.: {number}'),
  cancelled: 'CANCELLED',
  receipt: 'Receipt',
  bill: 'Bill',
  heading: params('{kind} · Order {number}'),
  invoice: params('Invoice No.: {number} · Date: {date}'),
  placed: params('Placed: {time}'),
  expected: params('Expected delivery: {delivery}'),
  customer: 'Customer',
  item: 'Item',
  count: 'Count',
  price: 'Price',
  total: 'Total',
  itemsTotal: 'Items total',
  delivery: 'Delivery',
  grandTotal: 'Grand total',
  gstIncluded: params('GST included (SAC {sac}, {rate} %)'),
  taxable: 'Taxable value',
  payment: params('Payment: {type}'),
  thanks: params('Thank you for ordering from {store}.'),
  thanksUs: 'Thank you for ordering from us.',
  pieces: params('Pieces: {count}'),
});

/** The order's categories with only the lines still available. */
function availableLines(order: OrderPrint['order']): OrderItemCategory[] {
  const tree = decodeOrderUserItems(order.orderUserItems);
  if (!tree.success) return [];
  return tree.output
    .map((c) => ({ ...c, items: c.items.filter((line) => !line.isDeleted) }))
    .filter((c) => c.items.length > 0);
}

const addressOf = (...parts: string[]) => parts.map((p) => p.trim()).filter(Boolean);

/** 'YYYY-MM-DD' as the bill writes dates, day first: 26/11/2026. */
const dayFirst = (f: Formats, date: string) => f.numericDate(`${date}T12:00:00+05:30`);

function expectedDelivery(
  f: Formats,
  w: (text: string) => string,
  order: OrderPrint['order'],
): string | null {
  if (!order.expectedDeliveryDate) return null;
  const time =
    order.expHours === null
      ? ''
      : ` ${order.expHours}:${String(order.expMinutes ?? 0).padStart(2, '0')} ${order.expTimePeriod ? w(order.expTimePeriod) : ''}`;
  return `${dayFirst(f, order.expectedDeliveryDate)}${time}`.trim();
}

/** The customer's bill: store, invoice, order, customer, available items with prices, totals, tax, payment. */
export function Receipt({ print: { order, store, bill } }: { print: Printed }) {
  const t = useT(messages);
  const f = useFormats();
  const w = useWords();
  const categories = availableLines(order);
  const grandTotal = order.grandTotal ?? order.totalPrice + order.deliveryPrice;
  const delivery = expectedDelivery(f, w, order);
  // The GST documents keep the names the law gives them; a plain bill or receipt is ours.
  const kind = !bill ? t.receipt : bill.kind === 'Bill' ? t.bill : bill.kind;
  return (
    <article className="receipt-page text-[10pt] leading-snug text-black">
      <header className="border-b border-black pb-2 text-center">
        <p className="text-[16pt] font-bold">{store.bussinessName || 'BlueTik'}</p>
        <p>{addressOf(store.address1, store.address2, store.address3).join(', ')}</p>
        <p>
          {addressOf(store.city, store.state, store.pincode).join(', ')}
          {store.phoneNumber ? ` · ${t.phone({ phone: store.phoneNumber })}` : null}
        </p>
        {bill ? (
          <p>
            {bill.gstin ? `GSTIN: ${bill.gstin} · ` : null}
            {t.fssai({ number: bill.fssaiNumber })}
          </p>
        ) : null}
      </header>
      {order.status === CANCELLED_STATUS ? (
        <p className="mt-2 border-2 border-black text-center text-[16pt] font-bold tracking-widest">
          {t.cancelled}
        </p>
      ) : null}
      <h1 className="mt-3 text-[13pt] font-bold">{t.heading({ kind, number: order.orderNumber })}</h1>
      {bill?.kind === 'Bill of Supply' ? <p className="text-[9pt] italic">{COMPOSITION_HEADING}</p> : null}
      {bill ? <p>{t.invoice({ number: bill.invoiceNumber, date: dayFirst(f, bill.invoiceDate) })}</p> : null}
      <p>
        {t.placed({ time: f.dateTime(order.createdDate) })}
        {delivery ? ` · ${t.expected({ delivery })}` : null}
      </p>
      <section className="mt-2">
        <h2 className="font-bold">{t.customer}</h2>
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
            <th className="py-0.5">{t.item}</th>
            <th className="py-0.5 pl-3 text-right whitespace-nowrap">{t.count}</th>
            <th className="py-0.5 pl-3 text-right whitespace-nowrap">{t.price}</th>
            <th className="py-0.5 pl-3 text-right whitespace-nowrap">{t.total}</th>
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
                <td className="py-0.5 pl-3 text-right whitespace-nowrap">{f.count(line.itemsCount)}</td>
                <td className="py-0.5 pl-3 text-right whitespace-nowrap">{f.money(line.price)}</td>
                <td className="py-0.5 pl-3 text-right whitespace-nowrap">{f.money(line.totalPrice)}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
      <dl className="mt-2 ml-auto grid w-64 grid-cols-[1fr_auto] gap-x-4">
        <dt>{t.itemsTotal}</dt>
        <dd className="text-right">{f.money(order.totalPrice)}</dd>
        <dt>{t.delivery}</dt>
        <dd className="text-right">{f.money(order.deliveryPrice)}</dd>
        <dt className="font-bold">{t.grandTotal}</dt>
        <dd className="text-right font-bold">{f.money(grandTotal)}</dd>
      </dl>
      {bill?.kind === 'Tax Invoice' && bill.taxable !== null ? (
        <dl className="mt-1 ml-auto grid w-64 grid-cols-[1fr_auto] gap-x-4 text-[9pt]">
          <dt className="col-span-2">
            {t.gstIncluded({ sac: SAC_RESTAURANT, rate: f.decimal(GST_RATE_PERCENT) })}
          </dt>
          <dt>{t.taxable}</dt>
          <dd className="text-right">{f.money(bill.taxable)}</dd>
          <dt>CGST {f.decimal(GST_RATE_PERCENT / 2)} %</dt>
          <dd className="text-right">{f.money(bill.cgst ?? 0)}</dd>
          <dt>SGST {f.decimal(GST_RATE_PERCENT / 2)} %</dt>
          <dd className="text-right">{f.money(bill.sgst ?? 0)}</dd>
        </dl>
      ) : null}
      <p className="mt-2">{t.payment({ type: w(PAYMENT_TYPE_LABELS[order.paymentType]) })}</p>
      <p className="mt-2 text-center text-[9pt]">
        {store.bussinessName ? t.thanks({ store: store.bussinessName }) : t.thanksUs}
      </p>
    </article>
  );
}

/** The kitchen/packing ticket: order, customer and time, each item's count and name large; no prices. */
export function KitchenTicket({ print: { order } }: { print: OrderPrint }) {
  const t = useT(messages);
  const f = useFormats();
  const categories = availableLines(order);
  const count = categories.reduce((n, c) => n + c.items.reduce((m, line) => m + line.itemsCount, 0), 0);
  return (
    <article className="ticket-page text-[11pt] leading-tight text-black">
      <h1 className="text-[18pt] font-bold">{order.orderNumber}</h1>
      <p>{f.dateTime(order.createdDate)}</p>
      <p className="font-bold">{order.orderUserName}</p>
      {categories.map((c) => (
        <section key={c.category} className="mt-2 border-t border-dashed border-black pt-1">
          <h2 className="text-[10pt] uppercase">{c.category}</h2>
          <ul>
            {c.items.map((line) => (
              <li key={line.itemId} className="flex gap-2 py-0.5 text-[15pt] font-bold">
                <span className="w-12 shrink-0 text-right">{f.count(line.itemsCount)} ×</span>
                <span>
                  {line.name}
                  {line.qty ? <span className="block text-[10pt] font-normal">{line.qty}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p className="mt-2 border-t border-dashed border-black pt-1 font-bold">
        {t.pieces({ count: f.count(count) })}
      </p>
    </article>
  );
}
