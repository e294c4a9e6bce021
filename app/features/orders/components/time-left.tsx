import { useSyncExternalStore, type ReactNode } from 'react';
import { AlarmClock, Clock, TriangleAlert } from 'lucide-react';
import { timeLeft, type TimeLeft, type TimeLeftTone } from '#contract/time-left';
import { i18n, params, plural, useFormats, useT, type Formats } from '../../../lib/i18n';

const messages = i18n('orders/time-left', {
  left: params('{span} left'),
  late: params('late by {span}'),
  minutes: params('{minutes} min'),
  hoursMinutes: params('{hours} h {minutes} min'),
  daysHours: params('{days} d {hours} h'),
  days: plural({ one: '{count} d', other: '{count} d' }),
  none: 'No time left to keep',
  promisedTitle: params('Promised for {time}'),
  timeLeft: 'Time left:',
  promised: params('promised for {time}'),
});
type Texts = ReturnType<typeof messages.get>;

/*
 * Time left on an open order (issue 28 item 2), counting down live. One clock for every
 * cell on screen: it ticks while at least one is shown, every TICK_MS, so a minute turns
 * over on screen at most that late and only the time-left cells render again.
 */

/** How often the shown minutes are brought up to date. */
export const TICK_MS = 15_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    // The time the cells just rendered with stays (clockNow brought it up to date): a new
    // time here would render every newly shown badge again before the frame (issue 26).
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Below this, a clock read with no cell ticking keeps the time it has: one render reads one time. */
const STALE_MS = 1_000;

/** The clock's time: the last tick's while cells tick; otherwise now, read anew once it is a second old. */
function clockNow() {
  if (!timer && Math.abs(Date.now() - now) >= STALE_MS) now = Date.now();
  return now;
}

/** The current time, brought up to date every TICK_MS while any caller is mounted. */
function useTickingNow() {
  return useSyncExternalStore(subscribe, clockNow);
}

/*
 * Colour is never the only signal: each tone has its words and its icon. The list's badge
 * icon is one element per tone, made once: a badge rendered again for a new row or a tick
 * reuses it, so React doesn't render the icon again (issue 26).
 */
const BADGE_ICON = 'size-3.5 shrink-0';
const TONES: Record<
  Exclude<TimeLeftTone, 'none'>,
  { className: string; Icon: typeof Clock; badgeIcon: ReactNode }
> = {
  ok: {
    className: 'text-zinc-800',
    Icon: Clock,
    badgeIcon: <Clock aria-hidden="true" className={BADGE_ICON} />,
  },
  soon: {
    className: 'bg-amber-50 text-amber-900 ring-1 ring-amber-300',
    Icon: AlarmClock,
    badgeIcon: <AlarmClock aria-hidden="true" className={BADGE_ICON} />,
  },
  late: {
    className: 'bg-red-50 text-red-800 ring-1 ring-red-300 font-semibold',
    Icon: TriangleAlert,
    badgeIcon: <TriangleAlert aria-hidden="true" className={BADGE_ICON} />,
  },
};

/**
 * "7 min", "1 h 05 min", "1 d 3 h", "12 d" in the reader's language: the contract's spanText
 * (time-left.ts), its units translated and its numbers in the reader's digits.
 */
function spanText(t: Texts, f: Formats, totalMinutes: number): string {
  const m = Math.abs(totalMinutes);
  if (m < 60) return t.minutes({ minutes: f.count(m) });
  if (m < 24 * 60)
    return t.hoursMinutes({ hours: f.count(Math.floor(m / 60)), minutes: String(m % 60).padStart(2, '0') });
  const days = Math.floor(m / (24 * 60));
  const hours = Math.floor((m % (24 * 60)) / 60);
  return hours && days < 2 ? t.daysHours({ days: f.count(days), hours: f.count(hours) }) : t.days(days);
}

/** "12 min left", "late by 7 min": the time left in words. */
function leftText(t: Texts, f: Formats, left: TimeLeft): string {
  const minutes = left.minutes ?? 0;
  return left.tone === 'late'
    ? t.late({ span: spanText(t, f, minutes) })
    : t.left({ span: spanText(t, f, minutes) });
}

/**
 * "—", said as "No time left to keep": a closed order, or one with nothing promised. Plain
 * elements, no component: most of a delivered list's cells are these (issue 26).
 */
function noTimeLeft(t: Texts) {
  return (
    <span className="text-zinc-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t.none}</span>
    </span>
  );
}

/**
 * The orders list's Time Left cell, called as the column's cell function. An order with no
 * time left to keep whatever the clock says (closed, or nothing promised: most of a day's
 * list once delivered) is drawn without the ticking badge: no component, no clock (issue 26:
 * 25 badges were among a page flip's dearest renders).
 */
export function timeLeftCell(status: number, dueAt: string | null): ReactNode {
  return timeLeft(status, dueAt, 0).tone === 'none' ? (
    noTimeLeft(messages.get())
  ) : (
    <TimeLeftBadge status={status} dueAt={dueAt} />
  );
}

/** An open order's time left, counting down: "12 min left", amber within 10 minutes, red "late by …". */
export function TimeLeftBadge({ status, dueAt }: { status: number; dueAt: string | null }) {
  const t = useT(messages);
  const f = useFormats();
  const left = timeLeft(status, dueAt, useTickingNow());
  if (left.tone === 'none') return noTimeLeft(t);
  const { className, badgeIcon } = TONES[left.tone];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-sm whitespace-nowrap ${className}`}
      title={dueAt ? t.promisedTitle({ time: f.dateTime(dueAt) }) : undefined}
    >
      {badgeIcon}
      {leftText(t, f, left)}
    </span>
  );
}

/** The order details' line: the time left and the promised time, or nothing for a closed order. */
export function TimeLeftLine({ status, dueAt }: { status: number; dueAt: string | null }) {
  const t = useT(messages);
  const f = useFormats();
  const left = timeLeft(status, dueAt, useTickingNow());
  if (left.tone === 'none' || !dueAt) return null;
  const { className, Icon } = TONES[left.tone];
  return (
    <p className="mb-4 flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-zinc-700">{t.timeLeft}</span>
      <span className={`inline-flex items-center gap-1 rounded-md px-2 py-0.5 ${className}`}>
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {leftText(t, f, left)}
      </span>
      <span className="text-zinc-600">{t.promised({ time: f.dateTime(dueAt) })}</span>
    </p>
  );
}
