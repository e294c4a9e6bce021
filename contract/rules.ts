import * as v from 'valibot';

/*
 * Field-rule builders shared by every schema, so a rule's words exist once.
 * Messages follow spec §5 word for word; `dot` chooses between the spec's two
 * spellings of the required message ("Name is required" vs "Name is required.").
 */

interface TextOptions {
  /** Append a full stop to the "is required" message (profile and user forms do). */
  dot?: boolean;
  /** Overrides the "is required" message. */
  requiredMessage?: string;
  /** Overrides the "cannot be more than" message (the spec has a few of its own). */
  maxMessage?: string;
}

/** Refused in any text: PostgreSQL cannot store NUL, so neither database is given one. */
export const NUL_MESSAGE = 'Text cannot contain NUL characters.';
/**
 * Refused in any text: half of a surrogate pair is no character at all. Both databases
 * store UTF-8, which can't hold one, so it would come back as U+FFFD (not what was sent).
 */
export const LONE_SURROGATE_MESSAGE = 'Text contains an invalid character.';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const noNul = () => v.check((s: string) => !s.includes('\u0000'), NUL_MESSAGE);
const wellFormed = () => v.check((s: string) => !LONE_SURROGATE.test(s), LONE_SURROGATE_MESSAGE);

/**
 * Ids are 32-bit integer columns on both databases: a larger id names no row. Services
 * answer such an id as missing (404), since PostgreSQL refuses to compare it (no 500).
 */
export const MAX_ID = 2_147_483_647;

const minMsg = (label: string, min: number) => `${label} must be at least ${min} characters long.`;
const maxMsg = (label: string, max: number) => `${label} cannot be more than ${max} characters long.`;

/** A required text field, trimmed, `min` to `max` characters. */
export function requiredText(label: string, min: number, max: number, opts: TextOptions = {}) {
  const required = opts.requiredMessage ?? `${label} is required${opts.dot ? '.' : ''}`;
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    noNul(),
    wellFormed(),
    // A blank box gets only the "is required" message, not a length message as well.
    v.check((s) => s === '' || s.length >= min, minMsg(label, min)),
    v.maxLength(max, opts.maxMessage ?? maxMsg(label, max)),
  );
}

/** An optional text field: absent or blank becomes '', otherwise `min` to `max` characters. */
export function optionalText(label: string, min: number, max: number, opts: TextOptions = {}) {
  return v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s) => (s ?? '').trim()),
    noNul(),
    wellFormed(),
    v.check((s) => s === '' || s.length >= min, minMsg(label, min)),
    v.check((s) => s.length <= max, opts.maxMessage ?? maxMsg(label, max)),
  );
}

/** A required choice among `options`. */
export function requiredChoice<const T extends readonly string[]>(options: T, message: string) {
  return v.picklist(options, message);
}

/**
 * A whole number typed into a text box: digits only, at most `max`.
 * Accepts a number or a digit string (forms hold strings, results hold numbers)
 * and yields a number. `blankAs` lets a blank box mean a value (e.g. 0).
 */
export function digitsNumber(opts: {
  max: number;
  maxMessage: string;
  requiredMessage: string;
  digitsMessage?: string;
  blankAs?: number;
}) {
  const digits = opts.digitsMessage ?? 'Only numbers are allowed.';
  return v.pipe(
    v.union([v.number(), v.string(), v.null(), v.undefined()], opts.requiredMessage),
    v.transform((x) => (x === null || x === undefined ? '' : String(x).trim())),
    v.transform((s) => (s === '' && opts.blankAs !== undefined ? String(opts.blankAs) : s)),
    v.nonEmpty(opts.requiredMessage),
    // '' is left to nonEmpty, so a blank box gets one message.
    v.regex(/^\d*$/, digits),
    v.transform(Number),
    v.maxValue(opts.max, opts.maxMessage),
  );
}

/**
 * A rupee amount typed into a text box: digits with up to two decimals, at most
 * `max`. Yields whole paise (an integer) so money never drifts (DECISIONS §7).
 */
export function rupees(opts: { max: number; maxMessage: string; requiredMessage: string; blankAs?: number }) {
  return v.pipe(
    v.union([v.number(), v.string(), v.null(), v.undefined()], opts.requiredMessage),
    v.transform((x) => (x === null || x === undefined ? '' : String(x).trim())),
    v.transform((s) => (s === '' && opts.blankAs !== undefined ? String(opts.blankAs) : s)),
    v.nonEmpty(opts.requiredMessage),
    v.regex(/^(\d+(\.\d{1,2})?)?$/, 'Only numbers or decimals with two digits are allowed.'),
    v.transform(toPaise),
    v.maxValue(Math.round(opts.max * 100), opts.maxMessage),
  );
}

/** '12.5' → 1250 paise, exactly (no floating-point multiplication). */
export function toPaise(text: string): number {
  const [whole = '0', frac = ''] = text.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}

/** 1250 paise → 12.5 rupees (the wire carries rupees as numbers). */
export function fromPaise(paise: number): number {
  return Math.round(paise) / 100;
}

/** Rupees (wire) → the text a price box shows, always two decimals: 12.5 → '12.50', 135 → '135.00'. */
export function priceText(rupeesValue: number): string {
  return fromPaise(toPaise(String(rupeesValue))).toFixed(2);
}

/** A count with Indian digit grouping, as every screen shows counts: 12,34,567. */
export function formatCount(n: number): string {
  return COUNT.format(n);
}
const COUNT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Formats rupees as `Rs 1,234.50` with Indian digit grouping (DECISIONS §7). */
export function formatRupees(rupeesValue: number): string {
  const paise = Math.round(rupeesValue * 100);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const whole = Math.floor(abs / 100).toString();
  const frac = (abs % 100).toString().padStart(2, '0');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}Rs ${rest ? `${rest},${last3}` : last3}.${frac}`;
}

/**
 * An entity id in an upsert payload: '', 0, null or absent means "create";
 * a positive whole number (or its digits) names the row to update.
 */
export const UpsertIdSchema = v.pipe(
  v.optional(v.nullable(v.union([v.number(), v.string()])), 0),
  // Digits only: Number() alone would also take '0x10' and '1e3'.
  v.transform((x) => {
    if (x === null) return 0;
    if (typeof x === 'number') return x;
    const s = x.trim();
    return s === '' ? 0 : /^\d{1,15}$/.test(s) ? Number(s) : NaN;
  }),
  v.number('Invalid id'),
  v.integer('Invalid id'),
  v.minValue(0, 'Invalid id'),
  v.maxValue(Number.MAX_SAFE_INTEGER, 'Invalid id'),
);

/** A positive whole-number id, as in a path parameter. */
export const IdSchema = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'Invalid id'), v.transform(Number))],
    'Invalid id',
  ),
  v.number('Invalid id'),
  v.integer('Invalid id'),
  v.minValue(1, 'Invalid id'),
  v.maxValue(Number.MAX_SAFE_INTEGER, 'Invalid id'),
);

/** Ten-digit mobile number, as users are stored (DECISIONS §3). */
export const PHONE_DIGITS = /^\d{10}$/;

/** Strips an optional +91 or 0 prefix from a login number (DECISIONS §3). */
export function normalizePhone(input: string): string {
  const s = input.trim();
  const m = /^(?:\+91|0)?(\d{10})$/.exec(s);
  return m ? m[1]! : s;
}

/**
 * A payload object whose missing keys get the field's own message (what the field
 * says when blank, e.g. 'Name is required'); plain v.object would answer
 * 'Invalid key: Expected "name" but received undefined'.
 */
export function payloadObject<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.object(entries, (issue) => {
    const key = issue.path?.[0]?.key;
    const field = typeof key === 'string' && Object.hasOwn(entries, key) ? entries[key] : undefined;
    if (!field) return 'The request body must be a JSON object.';
    return v.safeParse(field, undefined).issues?.[0]?.message ?? `${key} is required`;
  });
}
