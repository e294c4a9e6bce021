import { PageHeader } from '../../../components/ui/page-header';
import { i18n, params, useT } from '../../../lib/i18n';
import { StatusCards } from './status-cards';
import { YearlySales } from './yearly-sales';

const messages = i18n('dashboard/page', {
  welcome: 'Welcome',
  welcomeName: params('Welcome, {name}'),
  about: 'Your orders at a glance. Open a card to see its orders.',
});

/**
 * The home screen (spec: cards Upcoming … Cancelled, plus the yearly sales chart). The
 * counts and sales are the caller's scope: every store for BlueTikAdmin, their own
 * store for everyone else (the server decides).
 */
export function DashboardPage({
  name,
  year,
  onYearChange,
}: {
  name: string;
  year: number;
  onYearChange: (year: number) => void;
}) {
  const t = useT(messages);
  return (
    <div>
      <PageHeader title={name ? t.welcomeName({ name }) : t.welcome} description={t.about} />
      <StatusCards />
      <YearlySales year={year} onYearChange={onYearChange} />
    </div>
  );
}
