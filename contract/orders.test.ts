import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ItemPriceTextSchema,
  maskItemPriceText,
  ORDER_FORM_DEFAULTS,
  orderFormValues,
  orderTotals,
  OrderUpdateSchema,
  type OrderUpdateInput,
} from './order-update';
import { priceText } from './rules';
import {
  DashboardSchema,
  OrderSchema,
  YearlySalesQuerySchema,
  YearlySalesSchema,
  type Order,
} from './orders';

/** What a caller sees: each field's messages, by dot path. */
function errors(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const r = v.safeParse(schema, input);
  const out: Record<string, string[]> = {};
  for (const issue of r.issues ?? []) (out[v.getDotPath(issue) ?? ''] ??= []).push(issue.message);
  return out;
}

const good: OrderUpdateInput = {
  id: 7,
  status: '1',
  expecteddeliverydate: '2025-03-01',
  exphours: '5',
  expminutes: '30',
  exptimeperiod: 'PM',
  deliveryprice: '40',
  issettled: 'No',
  cancelledreason: '',
  orderUnAvailableUserItems: '11|true,12|false',
  orderItemsPrice: '11|12.5,12|',
};

describe('OrderUpdateSchema', () => {
  it('accepts a good payload and yields numbers, paise and decoded lists', () => {
    expect(v.parse(OrderUpdateSchema, good)).toEqual({
      id: 7,
      status: 1,
      expecteddeliverydate: '2025-03-01',
      exphours: 5,
      expminutes: 30,
      exptimeperiod: 'PM',
      deliveryprice: 4000,
      issettled: 'No',
      cancelledreason: 0,
      orderUnAvailableUserItems: [
        { itemId: 11, checked: true },
        { itemId: 12, checked: false },
      ],
      orderItemsPrice: [
        { itemId: 11, price: 1250 },
        { itemId: 12, price: 0 },
      ],
    });
  });

  it('gives the spec messages for the delivery price', () => {
    expect(errors(OrderUpdateSchema, { ...good, deliveryprice: '' })).toEqual({
      deliveryprice: ['Delivery price is required and must be at least zero.'],
    });
    expect(errors(OrderUpdateSchema, { ...good, deliveryprice: '12.5' })).toEqual({
      deliveryprice: ['Only numbers are allowed.'],
    });
    expect(errors(OrderUpdateSchema, { ...good, deliveryprice: '-1' })).toEqual({
      deliveryprice: ['Only numbers are allowed.'],
    });
    expect(errors(OrderUpdateSchema, { ...good, deliveryprice: '1001' })).toEqual({
      deliveryprice: ['Delivery price less than or equal to 1000.'],
    });
    expect(v.parse(OrderUpdateSchema, { ...good, deliveryprice: '1000' }).deliveryprice).toBe(100000);
    expect(v.parse(OrderUpdateSchema, { ...good, deliveryprice: 0 }).deliveryprice).toBe(0);
  });

  it('requires a cancelled reason with status 4 only, and clears it otherwise', () => {
    expect(errors(OrderUpdateSchema, { ...good, status: 4, cancelledreason: '' })).toEqual({
      cancelledreason: ['Please select a cancelled reason'],
    });
    expect(errors(OrderUpdateSchema, { ...good, status: '4', cancelledreason: '11' })).toEqual({
      cancelledreason: ['Please select a cancelled reason'],
    });
    expect(v.parse(OrderUpdateSchema, { ...good, status: 4, cancelledreason: '3' }).cancelledreason).toBe(3);
    expect(v.parse(OrderUpdateSchema, { ...good, status: 2, cancelledreason: 3 }).cancelledreason).toBe(0);
  });

  it('checks hours 1–12, minutes 0–59, period, status and settled', () => {
    expect(
      errors(OrderUpdateSchema, {
        ...good,
        status: '9',
        exphours: '0',
        expminutes: '60',
        exptimeperiod: 'XM',
        issettled: '',
      }),
    ).toEqual({
      status: ['Status is required'],
      exphours: ['Hours must be between 1 and 12.'],
      expminutes: ['Minutes must be between 0 and 59.'],
      exptimeperiod: ['Time period is required'],
      issettled: ['Is Settled is required'],
    });
    expect(errors(OrderUpdateSchema, { ...good, exphours: '', expminutes: 'ab' })).toEqual({
      exphours: ['Hours is required'],
      expminutes: ['Only numbers are allowed.'],
    });
  });

  it('answers every required field by its own message when the key is missing', () => {
    expect(errors(OrderUpdateSchema, { id: 7 })).toEqual({
      status: ['Status is required'],
      exphours: ['Hours is required'],
      expminutes: ['Minutes is required'],
      exptimeperiod: ['Time period is required'],
      deliveryprice: ['Delivery price is required and must be at least zero.'],
      issettled: ['Is Settled is required'],
    });
  });

  it('checks the expected delivery date, taking a blank as none', () => {
    expect(v.parse(OrderUpdateSchema, { ...good, expecteddeliverydate: '' }).expecteddeliverydate).toBeNull();
    expect(
      v.parse(OrderUpdateSchema, { ...good, expecteddeliverydate: '2025-03-01T00:00:00.000Z' })
        .expecteddeliverydate,
    ).toBe('2025-03-01');
    expect(errors(OrderUpdateSchema, { ...good, expecteddeliverydate: '2025-02-30' })).toEqual({
      expecteddeliverydate: ['Expected delivery date must be a valid date.'],
    });
  });

  it('rejects bad encoded lists and bad item prices', () => {
    expect(errors(OrderUpdateSchema, { ...good, orderUnAvailableUserItems: '11|maybe' })).toEqual({
      orderUnAvailableUserItems: ['orderUnAvailableUserItems entry 1: checked must be true or false.'],
    });
    expect(errors(OrderUpdateSchema, { ...good, orderItemsPrice: '11|1.234' })).toEqual({
      orderItemsPrice: ['Only numbers or decimals with two digits are allowed.'],
    });
    expect(errors(OrderUpdateSchema, { ...good, id: 'abc' })).toEqual({ id: ['Invalid id'] });
  });
});

describe('ItemPriceTextSchema (order item price box)', () => {
  it('takes digits with one dot and two decimals, blank as 0, and yields paise', () => {
    expect(v.parse(ItemPriceTextSchema, '')).toBe(0);
    expect(v.parse(ItemPriceTextSchema, '  ')).toBe(0);
    expect(v.parse(ItemPriceTextSchema, '12')).toBe(1200);
    expect(v.parse(ItemPriceTextSchema, '12.5')).toBe(1250);
    expect(v.parse(ItemPriceTextSchema, '12.05')).toBe(1205);
    expect(v.parse(ItemPriceTextSchema, '12.')).toBe(1200);
    expect(v.parse(ItemPriceTextSchema, '.5')).toBe(50);
    expect(v.parse(ItemPriceTextSchema, '999999999.99')).toBe(99999999999);
  });

  it('refuses other text with the price message, and more than 12 characters', () => {
    for (const bad of ['1.234', '1.2.3', 'abc', '-1', '.', '1e3']) {
      expect(errors(ItemPriceTextSchema, bad)).toEqual({
        '': ['Only numbers or decimals with two digits are allowed.'],
      });
    }
    expect(errors(ItemPriceTextSchema, '1234567890123')).toEqual({
      '': ['Price cannot be more than 12 characters long.'],
    });
  });

  it('is exact for every two-decimal amount (no floating-point drift)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (paise) => {
        const text = `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
        expect(v.parse(ItemPriceTextSchema, text)).toBe(paise);
      }),
    );
  });
});

describe('maskItemPriceText', () => {
  it('keeps digits, the first dot, two decimals and 12 characters', () => {
    expect(maskItemPriceText('12a.3.45')).toBe('12.34');
    expect(maskItemPriceText('Rs 1,234.5')).toBe('1234.5');
    expect(maskItemPriceText('12345678901234')).toBe('123456789012');
  });

  it('always leaves text the price rule accepts', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('1', '0', '9', '.', 'a', '-', ' ', ',') }), (raw) => {
        const masked = maskItemPriceText(raw);
        if (masked !== '.') expect(v.safeParse(ItemPriceTextSchema, masked).success).toBe(true);
      }),
    );
  });
});

describe('orderTotals', () => {
  it('leaves unavailable lines out and adds delivery (spec §4)', () => {
    const lines = [
      { itemsCount: 2, pricePaise: 1250, unavailable: false },
      { itemsCount: 1, pricePaise: 9999, unavailable: true },
      { itemsCount: 3, pricePaise: 10, unavailable: false },
    ];
    expect(orderTotals(lines, 4000)).toEqual({ itemsTotal: 2530, grandTotal: 6530 });
  });
});

const order: Order = {
  id: 3,
  version: 5,
  orderNumber: 'ORD-0003',
  status: 2,
  orderUserName: 'Asha',
  orderUserPhoneNumber: '9000000010',
  orderUserAddress1: '1 Main Road',
  orderUserAddress2: 'Near Park',
  orderUserAddress3: 'Ward 4',
  orderUserCity: 'Hyderabad',
  orderUserState: 'Telangana',
  orderUserCountry: 'India',
  orderUserPincode: '500001',
  orderUserItems: 'Fruits||1|false|Apple|2|1 kg|120|240|apple',
  itemsCount: 2,
  totalPrice: 240,
  deliveryPrice: 40,
  grandTotal: 280,
  paymentType: 'PayOnDelivery',
  isSettled: 'No',
  settlementAmt: null,
  createdDate: '2025-01-05T10:00:00.000Z',
  merchantName: 'Fresh Mart',
  expectedDeliveryDate: null,
  expHours: null,
  expMinutes: null,
  expTimePeriod: null,
  cancelledReason: 0,
  dueAt: null,
};

describe('order results', () => {
  it('OrderSchema accepts a full order and refuses an unknown status', () => {
    expect(v.parse(OrderSchema, order)).toEqual(order);
    expect(v.safeParse(OrderSchema, { ...order, status: 5 }).success).toBe(false);
  });

  it('orderFormValues fills what the order lacks with the spec defaults, and validates', () => {
    const values = orderFormValues(order);
    expect(values).toMatchObject({
      status: 2,
      exphours: ORDER_FORM_DEFAULTS.exphours,
      expminutes: 0,
      exptimeperiod: 'AM',
      issettled: 'No',
      deliveryprice: 40,
    });
    expect(v.safeParse(OrderUpdateSchema, values).success).toBe(true);
  });

  it('priceText shows rupees as the price box holds them', () => {
    expect(priceText(12.5)).toBe('12.50');
    expect(priceText(120)).toBe('120.00');
    expect(priceText(0)).toBe('0.00');
  });

  it('DashboardSchema takes the spec wire names, and the Overdue count beside them', () => {
    const d = {
      upCommingOrder: 1,
      newOrders: 2,
      processingOrder: 3,
      ontheWayOrder: 4,
      deliveredOrder: 5,
      cancelledOrder: 6,
      overdueOrders: 7,
    };
    expect(v.parse(DashboardSchema, d)).toEqual(d);
    const { overdueOrders: _left, ...spec } = d;
    expect(v.safeParse(DashboardSchema, spec).success).toBe(false);
  });

  it('yearly sales: twelve months, and a year query from a query string', () => {
    const months = Array.from({ length: 12 }, (_, i) => i * 10.5);
    expect(v.parse(YearlySalesSchema, { year: 2025, months })).toEqual({ year: 2025, months });
    expect(v.safeParse(YearlySalesSchema, { year: 2025, months: months.slice(1) }).success).toBe(false);
    expect(v.parse(YearlySalesQuerySchema, { year: '2024' })).toEqual({ year: 2024 });
    expect(v.parse(YearlySalesQuerySchema, {})).toEqual({});
    expect(errors(YearlySalesQuerySchema, { year: '24' })).toEqual({
      year: ['Year must be between 2000 and 2100.'],
    });
  });
});
