import { useSyncExternalStore } from 'react';
import { BellRing } from 'lucide-react';
import { setSnooze, useAlertPref, useSnoozedUntil } from '../../../lib/alert-prefs';
import { exactTime } from '../../../lib/format-time';
import { subscribeUnseen, untakenOrders } from '../new-order-alerts';

/** "1 new order waits to be taken", "3 new orders wait to be taken". */
export const waitingText = (count: number) =>
  count === 1 ? '1 new order waits to be taken' : `${count} new orders wait to be taken`;

/**
 * While New Orders wait to be taken (issue 28 item 1), a bar at the screen's foot says how
 * many and offers Snooze (5 minutes, kept across reloads; a new arrival still rings once).
 * Its text is a polite live region: a screen reader hears one announcement when the count
 * changes, never one per ring. Hidden when nothing waits.
 */
export function WaitingOrdersBar() {
  const waiting = useSyncExternalStore(subscribeUnseen, untakenOrders);
  const snoozed = useSnoozedUntil();
  const sound = useAlertPref('sound');
  return (
    <div
      role="region"
      aria-label="Orders waiting"
      hidden={waiting === 0}
      className="fixed inset-x-2 bottom-2 z-30 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4"
    >
      <BellRing aria-hidden="true" className="size-4 shrink-0" />
      <p role="status" className="font-medium">
        {waiting > 0 ? waitingText(waiting) : ''}
      </p>
      <p className="text-amber-900">
        {!sound
          ? 'Sound is off'
          : snoozed
            ? `Ringing snoozed until ${exactTime(new Date(snoozed).toISOString())}`
            : null}
      </p>
      {sound ? (
        <button type="button" className="btn-secondary h-8" onClick={() => setSnooze(!snoozed)}>
          {snoozed ? 'Ring again' : 'Snooze 5 min'}
        </button>
      ) : null}
    </div>
  );
}
