import { UPCOMING_STATUSES } from './enums';
import { IST_OFFSET_MS } from './india-time';

/*
 * Time left on an open order (issue 28 item 2; record 062). The promise is the expected
 * delivery date and time when the store set one — a time of day in India (DECISIONS §9),
 * whatever the browser's zone — otherwise the created time plus the store's delivery time.
 * A store without a delivery time (0 or unset) and no expected date promised nothing: no
 * time left, never overdue. The server stores the promise on the order (`due_at`), so the
 * list filters and sorts by it from an index; screens count down from it.
 */

/** Amber from this many minutes left (the "within 10 minutes"). */
export const SOON_MINUTES = 10;

/** What the promise is made of, as an order row holds it. */
export interface PromiseParts {
  /** 'YYYY-MM-DD' or null. */
  expectedDate: string | null;
  /** 1–12. */
  hours: number;
  minutes: number;
  period: string;
  /** When the order was placed (UTC ISO). */
  createdAt: string;
  /** The store's delivery time in minutes; null or 0: none. */
  deliveryTime: number | null;
}

/** The promised delivery instant (UTC ISO, the stored `due_at`), or null when nothing was promised. */
export function promisedAt(p: PromiseParts): string | null {
  if (p.expectedDate) {
    const [y, m, d] = p.expectedDate.split('-').map(Number) as [number, number, number];
    // 12 AM is midnight, 12 PM noon.
    const hour24 = (p.hours % 12) + (p.period === 'PM' ? 12 : 0);
    const ms = Date.UTC(y, m - 1, d, hour24, p.minutes) - IST_OFFSET_MS;
    return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
  }
  if (!p.deliveryTime) return null;
  return new Date(Date.parse(p.createdAt) + p.deliveryTime * 60_000).toISOString();
}

/** How an order stands against its promise at `now`: none (closed or no promise), ok, soon, late. */
export type TimeLeftTone = 'none' | 'ok' | 'soon' | 'late';

export interface TimeLeft {
  tone: TimeLeftTone;
  /** Whole minutes left (negative: late by), rounded towards the promise; null for none. */
  minutes: number | null;
  /** What a person reads: "12 min left", "1 h 05 min left", "late by 7 min", "—". */
  text: string;
}

/**
 * "7 min", "1 h 05 min", "1 d 3 h", "12 d": a span of whole minutes in the largest sensible
 * units, short enough for a list cell (past two days the hours no longer matter).
 */
export function spanText(totalMinutes: number): string {
  const m = Math.abs(totalMinutes);
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
  const days = Math.floor(m / (24 * 60));
  const hours = Math.floor((m % (24 * 60)) / 60);
  return hours && days < 2 ? `${days} d ${hours} h` : `${days} d`;
}

/** The time left on an order of `status` (open: New Order, Processing, On the Way) promised for `dueAt`, at `now` (ms). */
export function timeLeft(status: number, dueAt: string | null | undefined, now: number): TimeLeft {
  if (!dueAt || !(UPCOMING_STATUSES as readonly number[]).includes(status))
    return { tone: 'none', minutes: null, text: '—' };
  const ms = Date.parse(dueAt) - now;
  if (ms < 0) {
    // Late by a started minute counts it: 30 s past the promise reads "late by 1 min".
    const late = Math.ceil(-ms / 60_000);
    return { tone: 'late', minutes: -late, text: `late by ${spanText(late)}` };
  }
  const left = Math.floor(ms / 60_000);
  return { tone: left < SOON_MINUTES ? 'soon' : 'ok', minutes: left, text: `${spanText(left)} left` };
}
