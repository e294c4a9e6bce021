import { PageHeader } from '../../../components/ui/page-header';
import { StatusCards } from './status-cards';
import { YearlySales } from './yearly-sales';

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
  return (
    <div>
      <PageHeader
        title={name ? `Welcome, ${name}` : 'Welcome'}
        description="Your orders at a glance. Open a card to see its orders."
      />
      <StatusCards />
      <YearlySales year={year} onYearChange={onYearChange} />
    </div>
  );
}
