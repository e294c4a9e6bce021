import { useT } from '../../lib/i18n';
import { uiMessages } from './messages';
import { useEffect, useState } from 'react';

/**
 * A thin indeterminate bar at the top of the page while `busy`. It appears only after
 * `delayMs`, so quick requests don't flash it, and never blocks the page.
 */
export function ProgressBar({ busy, delayMs = 150 }: { busy: boolean; delayMs?: number }) {
  const w = useT(uiMessages);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => setVisible(true), delayMs);
    return () => {
      window.clearTimeout(timer);
      setVisible(false);
    };
  }, [busy, delayMs]);

  if (!busy || !visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={w.loading}
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-accent-100"
    >
      <div className="h-full w-2/5 animate-progress bg-accent-600" />
    </div>
  );
}
