import { createContext, useContext, useState, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { ProgressBar } from '../ui/progress-bar';

const ReportDataBusy = createContext<(busy: boolean) => void>(() => {});

/**
 * The top progress bar while a route loads or (signed in) any query or mutation runs.
 * The root renders it; react-query lives under the signed-in layout only (the sign-in page
 * doesn't load it), so that layout reports its queries here through <QueryProgress />.
 */
export function GlobalProgress({ children }: { children: ReactNode }) {
  const [dataBusy, setDataBusy] = useState(false);
  const routing = useRouterState({ select: (s) => s.status === 'pending' });
  return (
    <ReportDataBusy.Provider value={setDataBusy}>
      <ProgressBar busy={dataBusy || routing} />
      {children}
    </ReportDataBusy.Provider>
  );
}

/** How a descendant tells the bar that data (not a route) is loading. */
export function useReportDataBusy(): (busy: boolean) => void {
  return useContext(ReportDataBusy);
}
