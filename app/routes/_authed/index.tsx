import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { indiaYear } from '#contract/india-time';
import { queryInt } from '#contract/lists';
import { DashboardPage } from '../../features/dashboard/components/dashboard';
import { dashboardQueries } from '../../features/dashboard/queries';
import { useSession } from '../../lib/auth/session';

/** `?year=` of the sales chart (the contract's range); anything else means this year. */
const YearSchema = queryInt(2000, 2100, 'Year must be between 2000 and 2100.');

export const Route = createFileRoute('/_authed/')({
  validateSearch: (search: Record<string, unknown>): { year?: number } => {
    const year = v.safeParse(YearSchema, search.year);
    return year.success && year.output !== undefined ? { year: year.output } : {};
  },
  // The cards come with the page (no skeleton on entry); a failure is left to their own
  // error state with Try again. The chart loads beside them.
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(dashboardQueries.cards()).catch(() => undefined);
  },
  component: HomePage,
});

function HomePage() {
  const session = useSession();
  const navigate = Route.useNavigate();
  const year = Route.useSearch().year ?? indiaYear(new Date().getTime());
  return (
    <DashboardPage
      name={session?.name ?? ''}
      year={year}
      onYearChange={(next) =>
        void navigate({
          search: next === indiaYear(new Date().getTime()) ? {} : { year: next },
          replace: true,
        })
      }
    />
  );
}
