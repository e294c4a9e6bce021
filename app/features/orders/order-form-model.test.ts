import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { decodeItemPrices, decodeUnavailableItems } from '#contract/codecs';
import { OrderUpdateSchema } from '#contract/order-update';
import { CANCELLED_REASON_MESSAGE } from '#contract/orders';
import { makeOrder, makeOrderTree } from '#mocks/factories/orders';
import {
  flatLines,
  liveTotals,
  orderTree,
  toFormValues,
  toPayload,
  validateOrderForm,
} from './order-form-model';

/** Order 101: a new cash-on-delivery order with the factory's three lines. */
function setup(overrides: Parameters<typeof makeOrder>[1] = {}) {
  const order = makeOrder(101, { status: 0, paymentType: 'PayOnDelivery', ...overrides });
  const lines = flatLines(orderTree(order).categories);
  return { order, lines, values: toFormValues(order, lines) };
}

describe('order form model', () => {
  it('starts from the order, with the spec §4 defaults for what it lacks', () => {
    const { values } = setup();
    expect(values).toMatchObject({
      status: '0',
      cancelledreason: '',
      exphours: '1',
      expminutes: '0',
      exptimeperiod: 'AM',
      deliveryprice: '30',
      issettled: 'No',
      expecteddeliverydate: '',
    });
    expect(values.lines).toEqual([
      { itemId: 1, unavailable: false, price: '120.00' },
      { itemId: 2, unavailable: false, price: '95.50' },
      { itemId: 5, unavailable: false, price: '40.00' },
    ]);
  });

  it('totals: items count × price of available lines, plus delivery', () => {
    const { lines, values, order } = setup();
    // 2×120 + 3×95.50 + 1×40 = 566.50; + 30 delivery
    const t = liveTotals(lines, values, order.deliveryPrice);
    expect(t.lineTotals).toEqual([24000, 28650, 4000]);
    expect(t.itemsTotal).toBe(56650);
    expect(t.grandTotal).toBe(59650);
  });

  it('ticking Not Available subtracts the line; unticking adds it back', () => {
    const { lines, values, order } = setup();
    const ticked = {
      ...values,
      lines: values.lines.map((l, i) => (i === 1 ? { ...l, unavailable: true } : l)),
    };
    expect(liveTotals(lines, ticked, order.deliveryPrice).itemsTotal).toBe(56650 - 28650);
    const unticked = { ...ticked, lines: ticked.lines.map((l) => ({ ...l, unavailable: false })) };
    expect(liveTotals(lines, unticked, order.deliveryPrice).itemsTotal).toBe(56650);
  });

  it('an edited price recomputes its line and the total from unticked lines; blank counts as 0', () => {
    const { lines, values, order } = setup();
    const edited = {
      ...values,
      lines: [
        { ...values.lines[0]!, price: '100.25' },
        { ...values.lines[1]!, unavailable: true, price: '999' },
        { ...values.lines[2]!, price: '' },
      ],
      deliveryprice: '45',
    };
    const t = liveTotals(lines, edited, order.deliveryPrice);
    expect(t.lineTotals).toEqual([20050, 299700, 0]);
    expect(t.itemsTotal).toBe(20050);
    expect(t.grandTotal).toBe(20050 + 4500);
  });

  it('builds the wire payload with the contract codecs, which OrderUpdateSchema accepts', () => {
    const { values } = setup();
    const payload = toPayload(
      {
        ...values,
        lines: [
          { ...values.lines[0]!, unavailable: true },
          { ...values.lines[1]!, price: '90' },
          values.lines[2]!,
        ],
      },
      false,
    );
    expect(payload.orderUnAvailableUserItems).toBe('1|true,2|false,5|false');
    expect(payload.orderItemsPrice).toBe('1|120.00,2|90,5|40.00');
    expect(decodeUnavailableItems(payload.orderUnAvailableUserItems).success).toBe(true);
    expect(decodeItemPrices(payload.orderItemsPrice).success).toBe(true);
    const parsed = v.parse(OrderUpdateSchema, payload);
    expect(parsed.orderItemsPrice).toEqual([
      { itemId: 1, price: 12000 },
      { itemId: 2, price: 9000 },
      { itemId: 5, price: 4000 },
    ]);
  });

  it('an Online order sends no line changes', () => {
    const { values } = setup({ paymentType: 'Online' });
    const payload = toPayload(values, true);
    expect(payload.orderUnAvailableUserItems).toBe('');
    expect(payload.orderItemsPrice).toBe('');
  });

  it('clears the cancelled reason unless the status is Cancelled', () => {
    const { values } = setup();
    expect(toPayload({ ...values, status: '2', cancelledreason: '3' }, false).cancelledreason).toBe(0);
    expect(toPayload({ ...values, status: '4', cancelledreason: '3' }, false).cancelledreason).toBe('3');
  });

  it('validates with the contract messages on their fields', () => {
    const { values } = setup();
    expect(validateOrderForm(values, false)).toBeUndefined();
    expect(validateOrderForm({ ...values, status: '4' }, false)?.fields).toEqual({
      cancelledreason: CANCELLED_REASON_MESSAGE,
    });
    expect(validateOrderForm({ ...values, deliveryprice: '' }, false)?.fields.deliveryprice).toBe(
      'Delivery price is required and must be at least zero.',
    );
    expect(validateOrderForm({ ...values, deliveryprice: '12.5' }, false)?.fields.deliveryprice).toBe(
      'Only numbers are allowed.',
    );
    expect(validateOrderForm({ ...values, deliveryprice: '1001' }, false)?.fields.deliveryprice).toBe(
      'Delivery price less than or equal to 1000.',
    );
    const bad = { ...values, lines: values.lines.map((l, i) => (i === 2 ? { ...l, price: '.' } : l)) };
    expect(validateOrderForm(bad, false)?.fields['lines[2].price']).toBe(
      'Only numbers or decimals with two digits are allowed.',
    );
    // Online lines can't be edited, so they aren't checked.
    expect(validateOrderForm(bad, true)).toBeUndefined();
  });

  it('keeps a tree the codec refuses out of the form, with its messages', () => {
    const order = makeOrder(101, { orderUserItems: 'Grocery||x|y' });
    const tree = orderTree(order);
    expect(tree.categories).toEqual([]);
    expect(tree.problems.length).toBeGreaterThan(0);
    expect(makeOrderTree()).toHaveLength(2);
  });
});
