import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { GlobalProgress } from '../components/shell/global-progress';
import { ErrorScreen, NotFoundScreen } from '../components/shell/status-screens';
import { Notices } from '../components/ui/notices';
import type { RouterContext } from '../router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundScreen,
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
