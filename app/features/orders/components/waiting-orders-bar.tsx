import { useRef, useSyncExternalStore } from 'react';
import { BellRing } from 'lucide-react';
import { setSnooze, useAlertPref, useSnoozedUntil } from '../../../lib/alert-prefs';
import { useCoveredFoot } from '../../../lib/covered-foot';
import { i18n, params, plural, useFormats, useT } from '../../../lib/i18n';
import { subscribeUnseen, untakenOrders } from '../new-order-alerts';

const messages = i18n('orders/waiting-orders-bar', {
  /** "1 new order waits to be taken", "3 new orders wait to be taken". */
  waiting: plural({
    one: '{count} new order waits to be taken',
    other: '{count} new orders wait to be taken',
  }),
  region: 'Orders waiting',
  soundOff: 'Sound is off',
  snoozed: params('Ringing snoozed until {time}'),
  ringAgain: 'Ring again',
  snooze: 'Snooze 5 min',
});

/** Room left above the bar, beyond its own edge. */
const GAP_PX = 8;

/**
 * While New Orders wait to be taken (issue 28 item 1), a bar at the screen's foot says how
 * many and offers Snooze (5 minutes, kept across reloads; a new arrival still rings once).
 * Its text is a polite live region: a screen reader hears one announcement when the count
 * changes, never one per ring. Hidden when nothing waits.
 *
 * In a busy store something always waits, so the bar must never lie over the work: the page
 * keeps clear of it (lib/covered-foot.ts), the order's Status and Save above it (issue 24 item 2).
 */
export function WaitingOrdersBar() {
  const t = useT(messages);
  const f = useFormats();
  const waiting = useSyncExternalStore(subscribeUnseen, untakenOrders);
  const snoozed = useSnoozedUntil();
  const sound = useAlertPref('sound');
  const bar = useRef<HTMLDivElement>(null);
  // From the bar's top to the screen's bottom (its own offset and a wrapped line count), and a gap.
  useCoveredFoot(
    bar,
    '--waiting-bar',
    (el) => window.innerHeight - el.getBoundingClientRect().top + GAP_PX,
    waiting > 0,
  );
  return (
    <div
      ref={bar}
      role="region"
      aria-label={t.region}
      hidden={waiting === 0}
      className="fixed inset-x-2 bottom-2 z-30 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4"
    >
      <BellRing aria-hidden="true" className="size-4 shrink-0" />
      <p role="status" className="font-medium">
        {waiting > 0 ? t.waiting(waiting) : ''}
      </p>
      <p className="text-amber-900">
        {!sound ? t.soundOff : snoozed ? t.snoozed({ time: f.dateTime(snoozed) }) : null}
      </p>
      {sound ? (
        <button type="button" className="btn-secondary h-8" onClick={() => setSnooze(!snoozed)}>
          {snoozed ? t.ringAgain : t.snooze}
        </button>
      ) : null}
    </div>
  );
}
