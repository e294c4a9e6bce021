import * as v from 'valibot';
import type { STATES } from './enums';
import { IST_OFFSET_MS } from './india-time';

/*
 * The store's bills (DECISIONS §9): prices include GST; the bill shows how the total
 * splits. Everything about the tax — the rate, the SAC, the GSTIN's shape and check
 * character, the bill's kind, the invoice number's form and the financial year — is
 * written here once; the server issues numbers and the app prints from these.
 */

/** GST on restaurant service, intra-state: half CGST, half SGST (per cent of the taxable value). */
export const GST_RATE_PERCENT = 5;
/** The service's code on a tax invoice (restaurant service). */
export const SAC_RESTAURANT = '996331';

export const TAX_SCHEMES = ['Regular', 'Composition'] as const;
export type TaxScheme = (typeof TAX_SCHEMES)[number];

/** GST state codes of the stores' states. */
export const GST_STATE_CODES: Record<(typeof STATES)[number], string> = {
  Telangana: '36',
  'Andhra Pradesh': '37',
};

/**
 * How a total (paise, GST included) splits: CGST = SGST = round(total × (rate/2) / (100 +
 * rate)), half up in whole paise; the taxable value is the rest, so the three add up to
 * the total exactly.
 */
export function gstSplit(totalPaise: number): { taxable: number; cgst: number; sgst: number } {
  // round(total × 2.5 / 105) in integers: total × 25 / 1050, half up.
  const half = GST_RATE_PERCENT * 5; // (rate / 2) × 10
  const base = (100 + GST_RATE_PERCENT) * 10;
  const cgst = Math.floor((totalPaise * half * 2 + base) / (2 * base));
  return { taxable: totalPaise - 2 * cgst, cgst, sgst: cgst };
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN's 15th character computed from its first 14 (GSTN's mod-36 scheme). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

export const GSTIN_MESSAGES = {
  shape:
    'GSTIN must be 15 capital letters and digits: state code, PAN, entity number, Z and a check character.',
  check: 'GSTIN is not valid: its check character does not match.',
  state: (state: string, code: string) => `GSTIN must start with ${code}, the state code of ${state}.`,
} as const;

const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** What is wrong with a GSTIN for a store in `state` (null when it is right). */
export function gstinProblem(gstin: string, state: string): string | null {
  if (!GSTIN_SHAPE.test(gstin)) return GSTIN_MESSAGES.shape;
  const code = GST_STATE_CODES[state as keyof typeof GST_STATE_CODES];
  if (code && gstin.slice(0, 2) !== code) return GSTIN_MESSAGES.state(state, code);
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return GSTIN_MESSAGES.check;
  return null;
}

export const FSSAI_MESSAGE = 'FSSAI licence number must be 14 digits.';
export const FSSAI_MISSING_MESSAGE =
  "Add the store's FSSAI licence number to its profile before printing a bill.";
export const TAX_SCHEME_MESSAGE = 'Tax scheme must be Regular or Composition.';

/** The tax profile's fields as every screen labels them (messages start with these). */
export const TAX_LABELS = {
  gstin: 'GSTIN',
  fssaiNumber: 'FSSAI licence number',
  taxScheme: 'Tax scheme',
} as const;

/**
 * The store's tax profile as forms send it (the profile and user payloads): GSTIN ('' for
 * none; its shape here, its state code and check character by gstinFitsState), FSSAI
 * ('' until entered), scheme. A key left out keeps what is stored (undefined here): a client
 * that predates these fields — a tab still open on the previous build — must not wipe a
 * store's FSSAI number, without which no bill prints.
 */
export const TaxProfileFields = {
  gstin: v.optional(
    v.pipe(
      v.string(GSTIN_MESSAGES.shape),
      v.trim(),
      v.check((s) => s === '' || GSTIN_SHAPE.test(s), GSTIN_MESSAGES.shape),
    ),
  ),
  fssaiNumber: v.optional(
    v.pipe(
      v.string(FSSAI_MESSAGE),
      v.trim(),
      v.check((s) => s === '' || /^\d{14}$/.test(s), FSSAI_MESSAGE),
    ),
  ),
  taxScheme: v.optional(v.picklist(TAX_SCHEMES, TAX_SCHEME_MESSAGE)),
};

/**
 * The GSTIN's state code and check character, on a payload holding it and the state (the
 * profile and user schemas forward it to the gstin field): whether it fits, and what is wrong.
 */
export const gstinFitsState = (p: { gstin?: string; state: string }) =>
  !p.gstin || !GSTIN_SHAPE.test(p.gstin) || gstinProblem(p.gstin, p.state) === null;
export const gstinStateMessage = (issue: { input: unknown }) => {
  const p = issue.input as { gstin: string; state: string };
  return gstinProblem(p.gstin, p.state) ?? GSTIN_MESSAGES.check;
};

/** Which bill an order's store prints (DECISIONS §9). */
export type BillKind = 'Tax Invoice' | 'Bill of Supply' | 'Bill';
export function billKind(store: { gstin: string | null; taxScheme: string }): BillKind {
  if (!store.gstin) return 'Bill';
  return store.taxScheme === 'Composition' ? 'Bill of Supply' : 'Tax Invoice';
}
/** The heading a Bill of Supply must carry. */
export const COMPOSITION_HEADING = 'composition taxable person, not eligible to collect tax on supplies';

/** The financial year (1 April – 31 March, India's calendar) of an instant: '2627' for 2026–27. */
export function financialYear(at: number): string {
  const ist = new Date(at + IST_OFFSET_MS);
  const year = ist.getUTCFullYear() - (ist.getUTCMonth() < 3 ? 1 : 0);
  return `${String(year % 100).padStart(2, '0')}${String((year + 1) % 100).padStart(2, '0')}`;
}

/** Most characters of an invoice number (DECISIONS §9). */
export const INVOICE_NUMBER_MAX = 16;

/**
 * The invoice number `n` of a store in a financial year: `S12/2627/000045` — the store,
 * the year, the number, padded to six digits while it fits in 16 characters.
 */
export function invoiceNumber(storeId: number, fy: string, n: number): string {
  const prefix = `S${storeId}/${fy}/`;
  const text = `${prefix}${String(n).padStart(Math.max(1, Math.min(6, INVOICE_NUMBER_MAX - prefix.length)), '0')}`;
  if (text.length > INVOICE_NUMBER_MAX)
    throw new Error(`invoice number ${text} is longer than ${INVOICE_NUMBER_MAX}`);
  return text;
}
