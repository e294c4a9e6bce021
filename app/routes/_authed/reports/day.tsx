import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { can } from '#contract/permissions';
import { DayReportQuerySchema, type DayReportSearch } from '#contract/reports';
import { NoAccessScreen } from '../../../components/shell/status-screens';
import { DayReportPage } from '../../../features/reports/components/day-report';
import { reportsQueries } from '../../../features/reports/queries';
import { useSession } from '../../../lib/auth/session';

/** The URL's days and store; anything the contract refuses is dropped (today, every store). */
function searchOf(search: Record<string, unknown>): DayReportSearch {
  const parsed = v.safeParse(DayReportQuerySchema, search);
  if (!parsed.success) return {};
  const { from, to, store } = parsed.output;
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(store ? { store } : {}) };
}

export const Route = createFileRoute('/_authed/reports/day')({
  validateSearch: searchOf,
  loaderDeps: ({ search }) => search,
  // The figures come with the page when they can; a failure is the screen's own to show.
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(reportsQueries.day(deps)).catch(() => undefined);
  },
  component: ReportRoute,
});

function ReportRoute() {
  const session = useSession();
  const navigate = Route.useNavigate();
  const query = Route.useSearch();
  // The permission table's row (record 063): a plain "No access" for anyone else, as the admin screens.
  if (!can(session?.role, 'reports.day')) return <NoAccessScreen />;
  return (
    <DayReportPage
      query={query}
      canPickStore={can(session?.role, 'users.manage')}
      onChange={(next) => void navigate({ search: searchOf(next), replace: true })}
    />
  );
}
