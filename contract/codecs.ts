import * as v from 'valibot';
import { MAX_ISSUES } from './bounded';

/*
 * The pipe/comma encoded strings of spec §3, with the escaping of DECISIONS §6.
 *
 * Separators: ',' between entries, '|' between fields, and in orderUserItems '||'
 * between a category name and its items and '$' between items. Inside a field the
 * characters % | , $ are written %25 %7C %2C %24, so any text round-trips; text
 * without them is written as is, so ordinary data is byte-for-byte the spec's format.
 *
 * Decoders never throw: they answer a DecodeResult, and a failure carries messages a
 * server can answer 400 with. They are lenient where it costs nothing (empty entries
 * from a stray trailing separator are skipped, a '%' that starts no known escape is
 * kept as a literal '%', so strings from the original back end still decode) and strict
 * where a wrong guess would corrupt data (field counts, ids, numbers, flags).
 *
 * Numbers travel as rupees (the wire's unit, DECISIONS §7) written by String(n), so
 * encoders expect finite, non-negative amounts with at most two decimals.
 */

/** The outcome of decoding an encoded string; `issues` are messages fit for a 400 envelope. */
export type DecodeResult<T> =
  { success: true; output: T; issues?: undefined } | { success: false; output?: undefined; issues: string[] };

/** One item line of an order (orderUserItems). Amounts are rupees. */
export interface OrderItemLine {
  itemId: number;
  /** Marked "Not Available" on the order (its total no longer counts). */
  isDeleted: boolean;
  name: string;
  itemsCount: number;
  /** Pack size as text, e.g. '500 g'. */
  qty: string;
  price: number;
  totalPrice: number;
  image: string;
}

/** One category of an order with its item lines (orderUserItems). */
export interface OrderItemCategory {
  category: string;
  items: OrderItemLine[];
}

/** One entry of a category's item list (availableItems, associatedItems, getavailableitems). */
export interface CatalogItemEntry {
  id: number;
  name: string;
  brand: string;
  /** Rupees. */
  price: number;
  qty: string;
  image: string;
}

/** One entry of a posted category's associatedItems: the id matters, the label is for people. */
export interface AssociatedItemEntry {
  id: number;
  label: string;
}

/** One entry of an order update's orderUnAvailableUserItems. */
export interface UnavailableItemEntry {
  itemId: number;
  /** Ticked "Not Available". */
  checked: boolean;
}

/** One entry of an order update's orderItemsPrice: the price text exactly as typed. */
export interface ItemPriceEntry {
  itemId: number;
  price: string;
}

const ESCAPES: Readonly<Record<string, string>> = { '%': '%25', '|': '%7C', ',': '%2C', $: '%24' };

/** Escapes % | , $ inside one field (DECISIONS §6); other text is left byte for byte. */
export function escapeField(text: string): string {
  return text.replace(/[%|,$]/g, (c) => ESCAPES[c] ?? c);
}

/** Reverses escapeField; a '%' that starts no known escape stays a literal '%'. */
export function unescapeField(text: string): string {
  return text.replace(/%(25|7C|2C|24)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

// ---------------------------------------------------------------------------------
// Field readers: each answers the value or a message; `where` says which entry.

type Read<T> = { ok: true; value: T } | { ok: false; message: string };

function readId(text: string, what: string): Read<number> {
  if (/^\d{1,16}$/.test(text)) {
    const n = Number(text);
    if (n >= 1 && n <= Number.MAX_SAFE_INTEGER) return { ok: true, value: n };
  }
  return { ok: false, message: `${what} must be a positive whole number.` };
}

function readCount(text: string, what: string): Read<number> {
  return /^\d{1,9}$/.test(text)
    ? { ok: true, value: Number(text) }
    : { ok: false, message: `${what} must be a whole number.` };
}

function readAmount(text: string, what: string): Read<number> {
  return /^\d{1,15}(\.\d+)?$/.test(text)
    ? { ok: true, value: Number(text) }
    : { ok: false, message: `${what} must be an amount in rupees.` };
}

// The original back end's spellings are unknown, so the common ones are accepted;
// the encoder always writes 'true'/'false'.
function readFlag(text: string, what: string): Read<boolean> {
  const t = text.toLowerCase();
  if (t === 'true' || t === '1') return { ok: true, value: true };
  if (t === 'false' || t === '0') return { ok: true, value: false };
  return { ok: false, message: `${what} must be true or false.` };
}

/** Splits on `sep`, dropping empty pieces (no entry ever encodes to ''). */
function pieces(text: string, sep: string): string[] {
  return text.split(sep).filter((p) => p !== '');
}

/** Decodes entries separated by ',' whose fields are separated by '|'. */
function decodeEntries<T>(
  input: unknown,
  listName: string,
  fieldCount: number,
  build: (fields: string[], where: string) => Read<T>,
): DecodeResult<T[]> {
  if (input === null || input === undefined) return { success: true, output: [] };
  if (typeof input !== 'string') return { success: false, issues: [`${listName} must be text.`] };
  const output: T[] = [];
  const issues: string[] = [];
  pieces(input, ',').forEach((entry, i) => {
    const where = `${listName} entry ${i + 1}`;
    const fields = entry.split('|');
    const read =
      fields.length === fieldCount
        ? build(fields, where)
        : ({ ok: false, message: `${where} must have ${fieldCount} fields separated by '|'.` } as const);
    if (read.ok) output.push(read.value);
    else if (issues.length < MAX_ISSUES) issues.push(read.message);
  });
  return issues.length ? { success: false, issues } : { success: true, output };
}

/** Runs readers in order, stopping at the first failure. */
function all<T extends unknown[]>(...reads: { [K in keyof T]: Read<T[K]> }): Read<T> {
  const values: unknown[] = [];
  for (const r of reads) {
    if (!r.ok) return r;
    values.push(r.value);
  }
  return { ok: true, value: values as T };
}

// ---------------------------------------------------------------------------------
// (a) orderUserItems: 'Cat||id|isDeleted|name|count|qty|price|total|image$…,Cat2||…'

function encodeLine(l: OrderItemLine): string {
  return [
    String(l.itemId),
    l.isDeleted ? 'true' : 'false',
    escapeField(l.name),
    String(l.itemsCount),
    escapeField(l.qty),
    String(l.price),
    String(l.totalPrice),
    escapeField(l.image),
  ].join('|');
}

/** Encodes an order's item tree as the spec's orderUserItems string. */
export function encodeOrderUserItems(categories: readonly OrderItemCategory[]): string {
  return categories.map((c) => `${escapeField(c.category)}||${c.items.map(encodeLine).join('$')}`).join(',');
}

/** Decodes orderUserItems into categories with their item lines; never throws. */
export function decodeOrderUserItems(input: unknown): DecodeResult<OrderItemCategory[]> {
  if (input === null || input === undefined) return { success: true, output: [] };
  if (typeof input !== 'string') return { success: false, issues: ['orderUserItems must be text.'] };
  const output: OrderItemCategory[] = [];
  const issues: string[] = [];
  const report = (m: string) => {
    if (issues.length < MAX_ISSUES) issues.push(m);
  };
  pieces(input, ',').forEach((entry, ci) => {
    const where = `orderUserItems category ${ci + 1}`;
    // The name is escaped, so the first '||' is always the separator.
    const cut = entry.indexOf('||');
    if (cut < 0) return report(`${where} must separate its name from its items with '||'.`);
    const items: OrderItemLine[] = [];
    pieces(entry.slice(cut + 2), '$').forEach((item, ii) => {
      const at = `${where}, item ${ii + 1}`;
      const f = item.split('|');
      if (f.length !== 8) return report(`${at} must have 8 fields separated by '|'.`);
      const r = all<[number, boolean, number, number, number]>(
        readId(f[0]!, `${at}: item id`),
        readFlag(f[1]!, `${at}: isDeleted`),
        readCount(f[3]!, `${at}: items count`),
        readAmount(f[5]!, `${at}: price`),
        readAmount(f[6]!, `${at}: total price`),
      );
      if (!r.ok) return report(r.message);
      const [itemId, isDeleted, itemsCount, price, totalPrice] = r.value;
      items.push({
        itemId,
        isDeleted,
        name: unescapeField(f[2]!),
        itemsCount,
        qty: unescapeField(f[4]!),
        price,
        totalPrice,
        image: unescapeField(f[7]!),
      });
    });
    output.push({ category: unescapeField(entry.slice(0, cut)), items });
  });
  return issues.length ? { success: false, issues } : { success: true, output };
}

// ---------------------------------------------------------------------------------
// (b) category item lists: 'id|name|brand|price|qty|image,…'

/** Encodes a category item list (availableItems, associatedItems in results, getavailableitems). */
export function encodeCatalogItems(entries: readonly CatalogItemEntry[]): string {
  return entries
    .map((e) =>
      [
        String(e.id),
        escapeField(e.name),
        escapeField(e.brand),
        String(e.price),
        escapeField(e.qty),
        escapeField(e.image),
      ].join('|'),
    )
    .join(',');
}

/** Decodes a category item list; never throws. */
export function decodeCatalogItems(input: unknown): DecodeResult<CatalogItemEntry[]> {
  return decodeEntries(input, 'Item list', 6, (f, where) => {
    const r = all<[number, number]>(readId(f[0]!, `${where}: id`), readAmount(f[3]!, `${where}: price`));
    if (!r.ok) return r;
    const [id, price] = r.value;
    return {
      ok: true,
      value: {
        id,
        name: unescapeField(f[1]!),
        brand: unescapeField(f[2]!),
        price,
        qty: unescapeField(f[4]!),
        image: unescapeField(f[5]!),
      },
    };
  });
}

// ---------------------------------------------------------------------------------
// (c) associatedItems as posted: 'id|label,…'

/** Encodes a posted category's associatedItems. */
export function encodeAssociatedItems(entries: readonly AssociatedItemEntry[]): string {
  return entries.map((e) => `${e.id}|${escapeField(e.label)}`).join(',');
}

/** Decodes a posted category's associatedItems; never throws. */
export function decodeAssociatedItems(input: unknown): DecodeResult<AssociatedItemEntry[]> {
  return decodeEntries(input, 'associatedItems', 2, (f, where) => {
    const id = readId(f[0]!, `${where}: id`);
    return id.ok ? { ok: true, value: { id: id.value, label: unescapeField(f[1]!) } } : id;
  });
}

// ---------------------------------------------------------------------------------
// (d) order update lists: 'itemid|checked,…' and 'itemid|price,…'

/** Encodes an order update's orderUnAvailableUserItems ('itemid|true' or 'itemid|false'). */
export function encodeUnavailableItems(entries: readonly UnavailableItemEntry[]): string {
  return entries.map((e) => `${e.itemId}|${e.checked ? 'true' : 'false'}`).join(',');
}

/** Decodes orderUnAvailableUserItems; never throws. */
export function decodeUnavailableItems(input: unknown): DecodeResult<UnavailableItemEntry[]> {
  return decodeEntries(input, 'orderUnAvailableUserItems', 2, (f, where) => {
    const r = all<[number, boolean]>(
      readId(f[0]!, `${where}: item id`),
      readFlag(f[1]!, `${where}: checked`),
    );
    return r.ok ? { ok: true, value: { itemId: r.value[0], checked: r.value[1] } } : r;
  });
}

/** Encodes an order update's orderItemsPrice; prices go as typed (the schema checks them). */
export function encodeItemPrices(entries: readonly ItemPriceEntry[]): string {
  return entries.map((e) => `${e.itemId}|${escapeField(e.price)}`).join(',');
}

/**
 * Decodes orderItemsPrice into ids and price texts; never throws. Only the shape is
 * checked here: the price rule (and blank → 0) is ItemPriceTextSchema's job.
 */
export function decodeItemPrices(input: unknown): DecodeResult<ItemPriceEntry[]> {
  return decodeEntries(input, 'orderItemsPrice', 2, (f, where) => {
    const id = readId(f[0]!, `${where}: item id`);
    return id.ok ? { ok: true, value: { itemId: id.value, price: unescapeField(f[1]!) } } : id;
  });
}

// ---------------------------------------------------------------------------------

/** Whether `text` holds more than `max` entries (non-empty pieces between commas); stops counting past `max`. */
export function entriesExceed(text: string, max: number): boolean {
  let count = 0;
  for (let start = 0; start <= text.length;) {
    const comma = text.indexOf(',', start);
    const end = comma < 0 ? text.length : comma;
    if (end > start && ++count > max) return true;
    start = end + 1;
  }
  return false;
}

/**
 * A payload field holding an encoded string: absent, null or '' is an empty list;
 * otherwise it may hold at most `bound.max` entries (counted before anything is decoded,
 * so an oversized list costs one scan), and `decode` must succeed: its messages (at most
 * MAX_ISSUES) become the field's issues.
 */
export function encodedListSchema<T>(
  decode: (input: unknown) => DecodeResult<T[]>,
  bound: { max: number; message: string },
) {
  return v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const text = dataset.value ?? '';
      if (entriesExceed(text, bound.max)) {
        addIssue({ message: bound.message });
        return NEVER;
      }
      const r = decode(text);
      if (r.success) return r.output;
      for (const message of r.issues) addIssue({ message });
      return NEVER;
    }),
  );
}
