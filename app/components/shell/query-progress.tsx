import { useEffect } from 'react';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useReportDataBusy } from './global-progress';

/** Feeds the root's progress bar with the signed-in app's running queries and mutations. */
export function QueryProgress() {
  const busy = useIsFetching() + useIsMutating() > 0;
  const report = useReportDataBusy();
  useEffect(() => {
    report(busy);
    return () => report(false);
  }, [busy, report]);
  return null;
}
