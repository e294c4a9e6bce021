import { formats, i18n, type Formats } from './i18n';

/*
 * Instants as the screens show them: exact (day first, 12-hour, India time) and relative
 * ("5 minutes ago"), in the reader's language (formats() follows the language on screen).
 */

const messages = i18n('lib/format-time', { justNow: 'just now' });

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
  return formats().dateTime(iso);
}

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago", measured from `now`. A component
 * passes its own formats and "just now" (from its hooks) to re-render on a language change.
 */
export function relativeTime(
  iso: string,
  opts: { now?: number; formats?: Formats; justNow?: string } = {},
): string {
  const f = opts.formats ?? formats();
  let amount = (new Date(iso).getTime() - (opts.now ?? Date.now())) / 1000;
  if (Math.abs(amount) < 45) return opts.justNow ?? messages.get().justNow;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return f.relative(Math.round(amount), unit);
    amount /= size;
  }
  return f.dateTime(iso);
}
