import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AppShell } from '../components/shell/app-shell';
import { isSignedIn } from '../lib/auth/session';

export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ location }) => {
    if (!isSignedIn()) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
