/*
 * India's clock (DECISIONS §9: the business day is India's), in a module of its own so a
 * screen that needs only the offset doesn't load what sits beside it.
 */

/** India's offset from UTC (no daylight saving). */
export const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** The year it is in India at `ms` (the dashboard's sales year). */
export const indiaYear = (ms: number) => new Date(ms + IST_OFFSET_MS).getUTCFullYear();
