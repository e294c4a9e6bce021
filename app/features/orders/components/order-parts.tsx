import { useId, type ReactNode } from 'react';
import { i18n, useT } from '../../../lib/i18n';

/* The order screen's building blocks, apart from its form (order-details.tsx). */

/** A titled card section, named by its heading. */
export function Card({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`card p-5 ${className ?? ''}`}>
      <h2 id={id} className="mb-4 text-base font-semibold text-zinc-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label–value rows (the payment and customer cards). */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-zinc-600">{term}</dt>
          <dd className="text-right font-medium break-words text-zinc-900">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One figure of the order totals strip. */
export function Stat({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="card px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-zinc-600 uppercase">{label}</dt>
      <dd
        className={`mt-1 tabular-nums ${strong ? 'text-xl font-semibold text-accent-700' : 'text-lg font-semibold'}`}
      >
        {value}
      </dd>
    </div>
  );
}

const messages = i18n('orders/order-parts', {
  notAvailable: 'Not Available',
  name: 'Name',
  itemsCount: 'Items Count',
  qty: 'Qty',
  price: 'Price',
  totalPrice: 'Total Price',
});

/** A category's item table columns: the heading, and whether its figures align right. */
const ITEM_HEADINGS = [
  ['notAvailable', false],
  ['name', false],
  ['itemsCount', true],
  ['qty', false],
  ['price', false],
  ['totalPrice', true],
] as const;

/** The column headers of a category's item table. */
export function ItemTableHead() {
  const t = useT(messages);
  return (
    <thead className="bg-zinc-50 text-xs tracking-wide text-zinc-600 uppercase">
      <tr>
        {ITEM_HEADINGS.map(([heading, end]) => (
          <th key={heading} scope="col" className={`px-3 py-2 font-medium ${end ? 'text-right' : ''}`}>
            {t[heading]}
          </th>
        ))}
      </tr>
    </thead>
  );
}
