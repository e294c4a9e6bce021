import { CANCELLED_REASONS, ORDER_STATUSES } from '#contract/enums';
import type { OrderHistoryEntry } from '#contract/order-history';
import { formatRupees } from '#contract/rules';

/*
 * An order's trail in words (issue 16): what each entry did, as the timeline shows it.
 * Updates store { field: [before, after] } with the order's wire values; items are named
 * `item <id> price` / `item <id> notAvailable` and take their names from the order.
 */

type Pair = [unknown, unknown];

const statusLabel = (code: unknown) => ORDER_STATUSES.find((s) => s.id === code)?.label ?? String(code);
const reasonLabel = (id: unknown) => CANCELLED_REASONS.find((r) => r.id === id)?.label ?? String(id);
const money = (value: unknown) => (typeof value === 'number' ? formatRupees(value) : 'NA');
const plain = (value: unknown) => (value === null || value === '' ? 'none' : String(value));

/** How each field of an update reads: its name and how its values show. */
const FIELDS: Record<string, [string, (value: unknown) => string]> = {
  status: ['Status', statusLabel],
  deliveryPrice: ['Delivery price', money],
  totalPrice: ['Items total', money],
  settlementAmt: ['Settlement amount', money],
  isSettled: ['Settled', plain],
  expectedDeliveryDate: ['Expected delivery date', plain],
  expHours: ['Expected delivery hour', plain],
  expMinutes: ['Expected delivery minutes', plain],
  expTimePeriod: ['Expected delivery AM/PM', plain],
};

const ITEM_FIELD = /^item (\d+) (price|notAvailable)$/;

function describeChange(key: string, [before, after]: Pair, itemName: (id: number) => string): string {
  const item = ITEM_FIELD.exec(key);
  if (item) {
    const name = itemName(Number(item[1]));
    if (item[2] === 'notAvailable') return `${name} marked ${after ? 'not available' : 'available'}`;
    return `Price of ${name}: ${money(before)} → ${money(after)}`;
  }
  if (key === 'cancelledReason') {
    return after ? `Cancelled reason: ${reasonLabel(after)}` : 'Cancelled reason cleared';
  }
  const [label, show] = FIELDS[key] ?? [key, plain];
  return `${label}: ${show(before)} → ${show(after)}`;
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
  const changes = entry.changes;
  switch (entry.action) {
    case 'create':
      return {
        title: 'Order created',
        lines: typeof changes.customerName === 'string' ? [`For ${changes.customerName}`] : [],
      };
    case 'update': {
      const keys = Object.keys(changes).sort((a, b) => rank(a) - rank(b));
      return {
        title: 'Order updated',
        lines: keys.map((key) => describeChange(key, changes[key] as Pair, itemName)),
      };
    }
    case 'note':
      return { title: changes.text === null ? 'Note (removed)' : 'Note', lines: [] };
    case 'note-remove':
      return { title: 'Removed a note', lines: [] };
    // The first to open a New Order (or change its status) takes it: its ringing stops.
    case 'take':
      return { title: 'Took the order', lines: [] };
    default:
      return { title: entry.action, lines: [] };
  }
}
