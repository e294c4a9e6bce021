/*
 * Instants as the screens show them: exact (day first, 12-hour, the Indian convention)
 * and relative ("5 minutes ago"). One place, so the locale issue changes them once.
 */

const exact = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "24 Nov 2026, 3:05 pm". */
export function exactTime(iso: string): string {
  return exact.format(new Date(iso));
}

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago", measured from `now`. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  let amount = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return exactTime(iso);
}
