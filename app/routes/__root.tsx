import { lazy, Suspense } from 'react';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { GlobalProgress } from '../components/shell/global-progress';
import { ErrorScreen, NotFoundScreen } from '../components/shell/status-screens';
import { Notices } from '../components/ui/notices';
import { isSignedIn } from '../lib/auth/session';
import type { RouterContext } from '../router-context';

// The shell loads with the signed-in screens, not with /login: fetched here only when needed.
const SignedInNotFound = lazy(() => import('../components/shell/signed-in-not-found'));

/** An unknown path: inside the shell when signed in (spec §2), a page of its own otherwise. */
function RootNotFound() {
  if (!isSignedIn()) return <NotFoundScreen />;
  return (
    <Suspense fallback={null}>
      <SignedInNotFound />
    </Suspense>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: RootNotFound,
  errorComponent: ErrorScreen,
});

function Root() {
  return (
    <GlobalProgress>
      <Outlet />
      <Notices />
    </GlobalProgress>
  );
}
