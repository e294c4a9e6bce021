import * as v from 'valibot';

/*
 * Optimistic concurrency (issue 19, decision 041). Every editable record carries a
 * version that grows by one with each stored change; a save names the version it was
 * read at, and a save of an older version is refused with 409 and changes nothing.
 */

/** A record's version as reads answer it: 1 when created, +1 per stored change. */
export const VersionSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/**
 * The version a save was read at. Optional on the wire: the spec's own clients send
 * none, and for them a save applies as before (decision 041); the product's screens
 * always send it.
 */
export const ExpectedVersionField = v.optional(
  v.pipe(
    v.number('version must be a whole number.'),
    v.integer('version must be a whole number.'),
    v.minValue(1, 'version must be a whole number.'),
  ),
);

/** What a record is called in the conflict message. */
export type VersionedNoun = 'order' | 'category' | 'item' | 'user' | 'role' | 'profile' | 'view';

/** When and by whom a record was last changed, as the audit trail says. */
export interface LastChange {
  by: string;
  /** ISO instant. */
  at: string;
}

const WHEN = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** The 409 message of a stale save: who changed the record, and when (India time). */
export function staleSaveMessage(noun: VersionedNoun, last: LastChange | null): string {
  const head = last
    ? `${last.by} changed this ${noun} on ${WHEN.format(new Date(last.at))} IST, after you opened it.`
    : `Someone changed this ${noun} after you opened it.`;
  return `${head} Nothing was saved: reload to see their changes, or review them.`;
}

/** The status a stale save answers. */
export const STALE_SAVE_STATUS = 409;
