import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppShell } from '../components/shell/app-shell';
import { QueryProgress } from '../components/shell/query-progress';
import { NewOrderWatch } from '../features/orders/components/new-order-watch';
import { WaitingOrdersBar } from '../features/orders/components/waiting-orders-bar';
import { getToken, isSignedIn, sessionEndReason } from '../lib/auth/session';

export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ location, context }) => {
    if (!isSignedIn()) {
      // A stored token that ran out is a session that expired: say so on the sign-in screen.
      // (Nothing is cleared here: beforeLoad may run twice for one visit and must answer the same;
      // signing in again overwrites the stale values.)
      const reason = getToken() ? sessionEndReason() : undefined;
      throw redirect({ to: '/login', search: { redirect: location.href, reason }, replace: true });
    }
    // Every signed-in loader gets `context.queryClient`; react-query loads here, not with /login.
    return { queryClient: await context.loadQueryClient() };
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  const queryClient = Route.useRouteContext({ select: (c) => c.queryClient });
  return (
    <QueryClientProvider client={queryClient}>
      <QueryProgress />
      <NewOrderWatch />
      <AppShell>
        <Outlet />
      </AppShell>
      <WaitingOrdersBar />
    </QueryClientProvider>
  );
}
