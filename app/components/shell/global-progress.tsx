import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { ProgressBar } from '../ui/progress-bar';

/** The top progress bar while any query, mutation or route load is running. */
export function GlobalProgress() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const routing = useRouterState({ select: (s) => s.status === 'pending' });
  return <ProgressBar busy={fetching > 0 || mutating > 0 || routing} />;
}
