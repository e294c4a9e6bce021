import * as v from 'valibot';
import {
  decodeOrderUserItems,
  encodeItemPrices,
  encodeUnavailableItems,
  type OrderItemCategory,
  type OrderItemLine,
} from '#contract/codecs';
import { CANCELLED_REASONS, CANCELLED_STATUS, ORDER_STATUSES } from '#contract/enums';
import {
  ItemPriceTextSchema,
  orderFormValues,
  orderTotals,
  OrderUpdateSchema,
  type OrderUpdateInput,
} from '#contract/order-update';
import { type Order } from '#contract/orders';
import { priceText, toPaise } from '#contract/rules';
import { formats, i18n, params, translateWords } from '../../lib/i18n';

const messages = i18n('orders/order-form-model', {
  none: '(none)',
  blank: '(blank)',
  lines: params('{off} of {count} not available; prices {prices}'),
});

/*
 * The order screen's form model, kept apart from the markup so the arithmetic and the
 * wire shape are tested on their own. Every rule comes from the contract: the form only
 * holds what the boxes show (text) and turns it into OrderUpdateSchema's wire shape.
 */

/** One order line as the form holds it: the "Not Available" box and the price box's text. */
export interface OrderLineValues {
  itemId: number;
  unavailable: boolean;
  price: string;
}

/** What the status form and the item tree hold (selects and boxes hold text). */
export interface OrderFormValues {
  id: number;
  status: string;
  /** '' until a reason is chosen; only meaningful with Cancelled. */
  cancelledreason: string;
  expecteddeliverydate: string;
  exphours: string;
  expminutes: string;
  exptimeperiod: string;
  deliveryprice: string;
  issettled: string;
  /** Every line of the tree, categories in order, items in order. */
  lines: OrderLineValues[];
  /** The order's version when the form was filled (a stale save is refused: contract/versions). */
  version: number;
}

/** The decoded item tree; a string the codec refuses gives no lines and its messages. */
export function orderTree(order: Order): { categories: OrderItemCategory[]; problems: string[] } {
  const decoded = decodeOrderUserItems(order.orderUserItems);
  return decoded.success
    ? { categories: decoded.output, problems: [] }
    : { categories: [], problems: decoded.issues };
}

/** The lines of a tree, flattened in display order (the form's `lines` follow the same order). */
export function flatLines(categories: readonly OrderItemCategory[]): OrderItemLine[] {
  return categories.flatMap((c) => c.items);
}

/** The form's starting values for `order`, its lines read from its own item tree. */
export const orderFormValuesOf = (order: Order) =>
  toFormValues(order, flatLines(orderTree(order).categories));

/**
 * A form value in words for the conflict bar, in the reader's language: a status or reason
 * by name (the words table), the lines as a count.
 */
export function describeOrderField(field: string, value: unknown): string {
  const t = messages.get();
  if (field === 'status')
    return translateWords(ORDER_STATUSES.find((s) => String(s.id) === value)?.label ?? String(value));
  if (field === 'cancelledreason') {
    const reason = CANCELLED_REASONS.find((r) => String(r.id) === value);
    return reason ? translateWords(reason.label) : t.none;
  }
  if (field === 'lines' && Array.isArray(value)) {
    const lines = value as OrderLineValues[];
    const f = formats();
    const off = lines.filter((l) => l.unavailable).length;
    const prices = lines.slice(0, 6).map((l) => l.price);
    return t.lines({
      off: f.count(off),
      count: f.count(lines.length),
      prices: `${prices.join(', ')}${lines.length > 6 ? ', …' : ''}`,
    });
  }
  return value === '' || value === null || value === undefined ? t.blank : translateWords(String(value));
}

/** The form's starting values: the order's own, the spec §4 defaults for what it lacks. */
export function toFormValues(order: Order, lines: readonly OrderItemLine[]): OrderFormValues {
  const base = orderFormValues(order);
  return {
    id: order.id,
    status: String(base.status),
    cancelledreason:
      order.status === CANCELLED_STATUS && base.cancelledreason ? String(base.cancelledreason) : '',
    expecteddeliverydate: String(base.expecteddeliverydate ?? ''),
    exphours: String(base.exphours),
    expminutes: String(base.expminutes),
    exptimeperiod: String(base.exptimeperiod),
    deliveryprice: String(base.deliveryprice),
    issettled: String(base.issettled),
    lines: lines.map((l) => ({ itemId: l.itemId, unavailable: l.isDeleted, price: priceText(l.price) })),
    version: order.version,
  };
}

/**
 * The upsertorder payload (OrderUpdateSchema's wire shape: lowercase keys, 'itemid|checked'
 * and 'itemid|price' lists). An Online order's lines and delivery price can't change, so its
 * lists go empty and the server keeps what it has.
 */
export function toPayload(values: OrderFormValues, online: boolean): OrderUpdateInput {
  return {
    id: values.id,
    status: values.status,
    expecteddeliverydate: values.expecteddeliverydate,
    exphours: values.exphours,
    expminutes: values.expminutes,
    exptimeperiod: values.exptimeperiod as OrderUpdateInput['exptimeperiod'],
    deliveryprice: values.deliveryprice,
    issettled: values.issettled as OrderUpdateInput['issettled'],
    // Spec §4: another status clears the reason.
    cancelledreason: Number(values.status) === CANCELLED_STATUS ? values.cancelledreason : 0,
    orderUnAvailableUserItems: online
      ? ''
      : encodeUnavailableItems(values.lines.map((l) => ({ itemId: l.itemId, checked: l.unavailable }))),
    orderItemsPrice: online
      ? ''
      : encodeItemPrices(values.lines.map((l) => ({ itemId: l.itemId, price: l.price }))),
    version: values.version,
  };
}

/** A price box's text in paise (blank is 0), or null while it holds something the rule refuses. */
export function pricePaise(text: string): number | null {
  const r = v.safeParse(ItemPriceTextSchema, text);
  return r.success ? r.output : null;
}

/** The delivery box's whole rupees in paise, or null while it isn't a plain number. */
export function deliveryPaise(text: string): number | null {
  const s = text.trim();
  return /^\d{1,7}$/.test(s) ? Number(s) * 100 : null;
}

/** Live totals (paise) of what the form shows: per line, items total and grand total (contract orderTotals). */
export function liveTotals(
  lines: readonly OrderItemLine[],
  values: Pick<OrderFormValues, 'lines' | 'deliveryprice'>,
  fallbackDeliveryRupees: number,
) {
  const rows = lines.map((line, i) => {
    const entry = values.lines[i];
    // A box mid-edit with something unusable counts at the last price the server knows.
    const price = pricePaise(entry?.price ?? '') ?? toPaise(String(line.price));
    return {
      itemsCount: line.itemsCount,
      pricePaise: price,
      unavailable: entry?.unavailable ?? line.isDeleted,
    };
  });
  const delivery = deliveryPaise(values.deliveryprice) ?? toPaise(String(fallbackDeliveryRupees));
  const { itemsTotal, grandTotal } = orderTotals(rows, delivery);
  return {
    lineTotals: rows.map((r) => r.itemsCount * r.pricePaise),
    itemsTotal,
    delivery,
    grandTotal,
  };
}

/** The fields of the form, by the wire key OrderUpdateSchema reports them under. */
const FIELD_OF_KEY: Readonly<Record<string, keyof OrderFormValues>> = {
  status: 'status',
  cancelledreason: 'cancelledreason',
  expecteddeliverydate: 'expecteddeliverydate',
  exphours: 'exphours',
  expminutes: 'expminutes',
  exptimeperiod: 'exptimeperiod',
  deliveryprice: 'deliveryprice',
  issettled: 'issettled',
};

/**
 * The form's validator: OrderUpdateSchema's messages on their fields, and each price box
 * checked by ItemPriceTextSchema on its own row (the wire list would only say "a price").
 */
export function validateOrderForm(values: OrderFormValues, online: boolean) {
  const fields: Record<string, string> = {};
  const parsed = v.safeParse(OrderUpdateSchema, { ...toPayload(values, true) });
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      const name = typeof key === 'string' ? FIELD_OF_KEY[key] : undefined;
      if (name && !fields[name]) fields[name] = issue.message;
    }
  }
  if (!online) {
    values.lines.forEach((line, i) => {
      const r = v.safeParse(ItemPriceTextSchema, line.price);
      if (!r.success) fields[`lines[${i}].price`] = r.issues[0].message;
    });
  }
  return Object.keys(fields).length ? { fields } : undefined;
}
