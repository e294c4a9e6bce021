import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarClock, CircleX, Cog, PackageCheck, PackagePlus, TriangleAlert, Truck } from 'lucide-react';
import { ORDER_STATUSES, type OrderStatus } from '#contract/enums';
import type { Dashboard } from '#contract/orders';
import { i18n, params, plural, useFormats, useT, useWords } from '../../../lib/i18n';
import { dashboardQueries } from '../queries';

const messages = i18n('dashboard/cards', {
  upcoming: 'Upcoming',
  upcomingHint: 'Open, expected after today',
  newHint: 'Placed, not yet started',
  processingHint: 'Being packed',
  onTheWayHint: 'Out for delivery',
  deliveredHint: 'Handed over',
  cancelledHint: 'Called off',
  overdue: 'Overdue',
  overdueHint: 'Open, past the promised time',
  loading: 'Loading order counts',
  failed: 'The order counts could not be loaded.',
  tryAgain: 'Try again',
  byStatus: 'Orders by status',
  orders: plural({ one: '{count} order', other: '{count} orders' }),
  card: params('{label}: {orders}'),
});
type Words = ReturnType<typeof messages.get>;
type Hint = { [K in keyof Words]: K extends `${string}Hint` ? K : never }[keyof Words];

interface Card {
  key: keyof Dashboard;
  /** The card's title: an order status's own label (through the words table), or the card's. */
  label: { status: OrderStatus } | { own: 'upcoming' | 'overdue' };
  hint: Hint;
  /** The orders list filter the card opens (DECISIONS §1). */
  search: { status: OrderStatus } | { upcoming: 'Yes' } | { overdue: 'Yes' };
  icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>;
  tone: string;
}

/** The spec's six cards, in its order, then Overdue (issue 28 item 2). */
export const DASHBOARD_CARDS: readonly Card[] = [
  {
    key: 'upCommingOrder',
    label: { own: 'upcoming' },
    hint: 'upcomingHint',
    search: { upcoming: 'Yes' },
    icon: CalendarClock,
    tone: 'bg-sky-50 text-sky-700',
  },
  {
    key: 'newOrders',
    label: { status: 0 },
    hint: 'newHint',
    search: { status: 0 },
    icon: PackagePlus,
    tone: 'bg-accent-50 text-accent-700',
  },
  {
    key: 'processingOrder',
    label: { status: 1 },
    hint: 'processingHint',
    search: { status: 1 },
    icon: Cog,
    tone: 'bg-amber-50 text-amber-800',
  },
  {
    key: 'ontheWayOrder',
    label: { status: 2 },
    hint: 'onTheWayHint',
    search: { status: 2 },
    icon: Truck,
    tone: 'bg-violet-50 text-violet-700',
  },
  {
    key: 'deliveredOrder',
    label: { status: 3 },
    hint: 'deliveredHint',
    search: { status: 3 },
    icon: PackageCheck,
    tone: 'bg-emerald-50 text-emerald-700',
  },
  {
    key: 'cancelledOrder',
    label: { status: 4 },
    hint: 'cancelledHint',
    search: { status: 4 },
    icon: CircleX,
    tone: 'bg-rose-50 text-rose-700',
  },
  {
    key: 'overdueOrders',
    label: { own: 'overdue' },
    hint: 'overdueHint',
    search: { overdue: 'Yes' },
    icon: TriangleAlert,
    tone: 'bg-red-50 text-red-700',
  },
];

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4 xl:grid-cols-7';
// Each card spans three rows of the list's grid (title, count, hint) through subgrid, so a
// title that wraps in one card moves every count of that row down with it: counts stay level.
const CARDS_GRID = 'grid grid-cols-2 gap-x-3 sm:gap-x-4 md:grid-cols-4 xl:grid-cols-7';
const CARD_ROWS = 'row-span-3 grid grid-rows-subgrid';

/**
 * The status cards, each a link to the orders list filtered to it. The server scopes
 * the counts (every store for BlueTikAdmin, the caller's own store otherwise); the cards
 * refresh in the background while the tab is visible and never blank while they do.
 */
export function StatusCards() {
  const t = useT(messages);
  const w = useWords();
  const f = useFormats();
  const cards = useQuery(dashboardQueries.cards());
  const title = ({ label }: Card) =>
    'own' in label ? t[label.own] : w(ORDER_STATUSES.find((s) => s.id === label.status)!.label);

  if (cards.isPending)
    return (
      <div className={GRID} aria-busy="true" aria-label={t.loading}>
        {DASHBOARD_CARDS.map((card) => (
          <div key={card.key} className="card h-[6.5rem] p-4">
            <span className="block h-4 w-20 animate-pulse rounded bg-zinc-200" />
            <span className="mt-3 block h-7 w-14 animate-pulse rounded bg-zinc-200" />
          </div>
        ))}
      </div>
    );

  if (cards.isError)
    return (
      <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-4">
        <p className="text-zinc-800">
          {t.failed} {w(cards.error.message)}
        </p>
        <button type="button" className="btn-secondary" onClick={() => void cards.refetch()}>
          {t.tryAgain}
        </button>
      </div>
    );

  return (
    <ul className={CARDS_GRID} aria-label={t.byStatus}>
      {DASHBOARD_CARDS.map((card) => {
        const { key, hint, search, icon: Icon, tone } = card;
        const label = title(card);
        const n = cards.data[key];
        return (
          <li key={key} className={`${CARD_ROWS} mb-3 sm:mb-4`}>
            <Link
              to="/listorders"
              search={search}
              aria-label={t.card({ label, orders: t.orders(n) })}
              className={`${CARD_ROWS} card group gap-y-2 p-4 transition-colors xl:p-3.5 hover:border-accent-200 hover:bg-accent-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600`}
            >
              <span className="flex items-start justify-between gap-2">
                <span className="text-sm font-medium text-zinc-700 group-hover:text-accent-800">{label}</span>
                <span className={`shrink-0 rounded-md p-1.5 ${tone}`}>
                  <Icon aria-hidden="true" className="size-4" />
                </span>
              </span>
              <span
                className="text-2xl font-semibold tabular-nums text-zinc-900"
                data-testid={`count-${key}`}
              >
                {f.count(n)}
              </span>
              <span className="text-xs text-zinc-600">{t[hint]}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
