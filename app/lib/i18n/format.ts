import { computed } from 'nanostores';
import { useStore } from '@nanostores/react';
import { locale, TIME_ZONE } from './locale';

/*
 * Numbers, amounts, dates and times as the chosen language writes them (issue 17):
 * Intl with en-IN, te-IN or hi-IN, lakh/crore grouping, day first, 12-hour, always
 * India time. One set of Intl objects per language (a table formats hundreds of cells).
 */

/** 1,00,000 in every language; spec §5 keeps "Rs" before amounts. */
const RUPEES = 'Rs';

function formatsFor(code: string) {
  const tz = { timeZone: TIME_ZONE };
  const date = new Intl.DateTimeFormat(code, { ...tz, dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(code, { ...tz, dateStyle: 'medium', timeStyle: 'short' });
  const time = new Intl.DateTimeFormat(code, { ...tz, timeStyle: 'short' });
  const numeric = new Intl.DateTimeFormat(code, { ...tz, day: '2-digit', month: '2-digit', year: 'numeric' });
  const count = new Intl.NumberFormat(code, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(code, { maximumFractionDigits: 2 });
  const amount = new Intl.NumberFormat(code, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(code, { style: 'percent', maximumFractionDigits: 1 });
  const relative = new Intl.RelativeTimeFormat(code, { numeric: 'auto' });
  const when = (x: string | number | Date) => (x instanceof Date ? x : new Date(x));
  return {
    code,
    /** "24 Nov 2026". */
    date: (x: string | number | Date) => date.format(when(x)),
    /** "24 Nov 2026, 3:05 pm". */
    dateTime: (x: string | number | Date) => dateTime.format(when(x)),
    /** "3:05 pm". */
    time: (x: string | number | Date) => time.format(when(x)),
    /** "24/11/2026". */
    numericDate: (x: string | number | Date) => numeric.format(when(x)),
    /** A calendar day 'YYYY-MM-DD' (no instant, no zone) as "24 Nov 2026". */
    day: (ymd: string) => date.format(new Date(`${ymd}T12:00:00+05:30`)),
    /** "10,00,000". */
    count: (n: number) => count.format(n),
    /** Up to two decimals: "2.5". */
    decimal: (n: number) => decimal.format(n),
    /**
     * "Rs 1,20,000.50", never broken between "Rs" and the digits (a no-break space): a
     * narrow column on a phone wrapped "Rs" onto a line of its own.
     */
    money: (n: number) => `${RUPEES}\u00a0${amount.format(n)}`,
    /** 0.333 → "33.3%". */
    percent: (ratio: number) => percent.format(ratio),
    relative: (n: number, unit: Intl.RelativeTimeFormatUnit) => relative.format(n, unit),
  };
}
export type Formats = ReturnType<typeof formatsFor>;

const cache = new Map<string, Formats>();
/** The formats of a language, made once. */
export function formats(code: string = locale.get()): Formats {
  let f = cache.get(code);
  if (!f) cache.set(code, (f = formatsFor(code)));
  return f;
}

export const $formats = computed(locale, (code) => formats(code));

/** The current language's formats, re-rendering when the language changes. */
export const useFormats = () => useStore($formats);
