import { CANCELLED_REASONS, ORDER_STATUSES } from '#contract/enums';
import type { OrderHistoryEntry } from '#contract/order-history';
import { formats, i18n, params, translateWords } from '../../lib/i18n';

/*
 * An order's trail in words (issue 16): what each entry did, as the timeline shows it, in
 * the reader's language at the time it is read (the contract's statuses, reasons and Yes/No
 * through the words table). Updates store { field: [before, after] } with the order's wire
 * values; items are named `item <id> price` / `item <id> notAvailable` and take their names
 * from the order.
 */

const messages = i18n('orders/timeline-words', {
  na: 'NA',
  none: 'none',
  status: 'Status',
  deliveryPrice: 'Delivery price',
  totalPrice: 'Items total',
  settlementAmt: 'Settlement amount',
  isSettled: 'Settled',
  expectedDeliveryDate: 'Expected delivery date',
  expHours: 'Expected delivery hour',
  expMinutes: 'Expected delivery minutes',
  expTimePeriod: 'Expected delivery AM/PM',
  markedAvailable: params('{name} marked available'),
  markedNotAvailable: params('{name} marked not available'),
  priceOf: params('Price of {name}: {before} → {after}'),
  reason: params('Cancelled reason: {reason}'),
  reasonCleared: 'Cancelled reason cleared',
  change: params('{field}: {before} → {after}'),
  created: 'Order created',
  createdFor: params('For {name}'),
  updated: 'Order updated',
  note: 'Note',
  noteRemoved: 'Note (removed)',
  removedNote: 'Removed a note',
  took: 'Took the order',
});
type Texts = ReturnType<typeof messages.get>;

type Pair = [unknown, unknown];

const statusLabel = (code: unknown) =>
  translateWords(ORDER_STATUSES.find((s) => s.id === code)?.label ?? String(code));
const reasonLabel = (id: unknown) =>
  translateWords(CANCELLED_REASONS.find((r) => r.id === id)?.label ?? String(id));
const money = (value: unknown) => (typeof value === 'number' ? formats().money(value) : messages.get().na);
/** A value as it is ('Yes', 'PM' in the reader's words); nothing reads "none". */
const plain = (value: unknown) =>
  value === null || value === '' ? messages.get().none : translateWords(String(value));
/** A calendar day 'YYYY-MM-DD' as every date reads (day first). */
const day = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formats().day(value) : plain(value);

/** How each field of an update reads: its name and how its values show. */
const FIELDS: Record<string, [keyof Texts, (value: unknown) => string]> = {
  status: ['status', statusLabel],
  deliveryPrice: ['deliveryPrice', money],
  totalPrice: ['totalPrice', money],
  settlementAmt: ['settlementAmt', money],
  isSettled: ['isSettled', plain],
  expectedDeliveryDate: ['expectedDeliveryDate', day],
  expHours: ['expHours', plain],
  expMinutes: ['expMinutes', plain],
  expTimePeriod: ['expTimePeriod', plain],
};

const ITEM_FIELD = /^item (\d+) (price|notAvailable)$/;

function describeChange(key: string, [before, after]: Pair, itemName: (id: number) => string): string {
  const t = messages.get();
  const item = ITEM_FIELD.exec(key);
  if (item) {
    const name = itemName(Number(item[1]));
    if (item[2] === 'notAvailable') return (after ? t.markedNotAvailable : t.markedAvailable)({ name });
    return t.priceOf({ name, before: money(before), after: money(after) });
  }
  if (key === 'cancelledReason') return after ? t.reason({ reason: reasonLabel(after) }) : t.reasonCleared;
  const known = FIELDS[key];
  const field = known ? (t[known[0]] as string) : key;
  const show = known?.[1] ?? plain;
  return t.change({ field, before: show(before), after: show(after) });
}

/** The order in which an update's changes read best: status first, totals last. */
const rank = (key: string) =>
  key === 'status'
    ? 0
    : key === 'cancelledReason'
      ? 1
      : ITEM_FIELD.test(key)
        ? 2
        : key.endsWith('Price') || key === 'settlementAmt'
          ? 4
          : 3;

/** One entry as a title and its lines (a note's text is shown apart, as text). */
export function describeEntry(
  entry: OrderHistoryEntry,
  itemName: (id: number) => string,
): { title: string; lines: string[] } {
  const t = messages.get();
  const changes = entry.changes;
  switch (entry.action) {
    case 'create':
      return {
        title: t.created,
        lines: typeof changes.customerName === 'string' ? [t.createdFor({ name: changes.customerName })] : [],
      };
    case 'update': {
      const keys = Object.keys(changes).sort((a, b) => rank(a) - rank(b));
      return {
        title: t.updated,
        lines: keys.map((key) => describeChange(key, changes[key] as Pair, itemName)),
      };
    }
    case 'note':
      return { title: changes.text === null ? t.noteRemoved : t.note, lines: [] };
    case 'note-remove':
      return { title: t.removedNote, lines: [] };
    // The first to open a New Order (or change its status) takes it: its ringing stops.
    case 'take':
      return { title: t.took, lines: [] };
    default:
      return { title: entry.action, lines: [] };
  }
}
