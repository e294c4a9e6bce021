import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { boundedArray, MAX_ISSUES } from './bounded';
import { CategoryUpsertSchema, CATEGORY_MAX_ITEMS } from './categories';
import { decodeAssociatedItems, encodedListSchema, entriesExceed, type DecodeResult } from './codecs';
import { MAX_QUERY_REPEATS, OrderListQuerySchema } from './lists';
import { ORDER_ONLINE_REFUSED_MESSAGE, OrderCreateSchema } from './order-create';
import { OrderUpdateSchema } from './order-update';
import { ORDER_MAX_LINES, orderListTooLongMessage, PRICE_FORMAT_MESSAGE } from './orders';

/*
 * Issue 23: every list-shaped input is counted before any element is validated, and
 * stops reporting at MAX_ISSUES. The spies count how many elements a validator saw.
 */

/** An element schema that counts its calls and refuses everything. */
function refusingSpy() {
  const seen = { count: 0 };
  const schema = v.pipe(
    v.unknown(),
    v.check(() => {
      seen.count++;
      return false;
    }, 'bad element'),
  );
  return { seen, schema };
}

const messages = { type: 'Must be a list.', max: 'At most 5.', min: 'At least 1.' };

describe('boundedArray', () => {
  it('refuses a list past its length without looking at one element', () => {
    const { seen, schema } = refusingSpy();
    const r = v.safeParse(boundedArray(schema, { min: 1, max: 5, messages }), Array(330_000).fill({}));
    expect(r.issues?.map((i) => i.message)).toEqual(['At most 5.']);
    expect(seen.count).toBe(0);
    expect(v.safeParse(boundedArray(schema, { min: 1, max: 5, messages }), []).issues?.[0]?.message).toBe(
      'At least 1.',
    );
    expect(seen.count).toBe(0);
  });

  it(`stops validating after ${MAX_ISSUES} issues, each on its element's path`, () => {
    const { seen, schema } = refusingSpy();
    const r = v.safeParse(boundedArray(schema, { max: 1000, messages }), Array(1000).fill(0));
    expect(r.issues).toHaveLength(MAX_ISSUES);
    expect(seen.count).toBe(MAX_ISSUES);
    expect(r.issues?.map((i) => v.getDotPath(i))).toEqual(
      Array.from({ length: MAX_ISSUES }, (_, i) => String(i)),
    );
  });

  it('answers the elements’ outputs, and refuses what is not an array', () => {
    const schema = boundedArray(v.pipe(v.string(), v.transform(Number)), { max: 3, messages });
    expect(v.parse(schema, ['1', '2'])).toEqual([1, 2]);
    expect(v.safeParse(schema, 'x').issues?.map((i) => i.message)).toEqual(['Must be a list.']);
  });
});

describe('encoded lists', () => {
  it('count entries (not empty pieces) and stop counting past the bound', () => {
    expect(entriesExceed('', 0)).toBe(false);
    expect(entriesExceed('1|a,,2|b,', 2)).toBe(false);
    expect(entriesExceed('1|a,2|b,3|c', 2)).toBe(true);
    expect(entriesExceed(',,,,', 0)).toBe(false);
  });

  it('refuse a list past its bound before the decoder sees it', () => {
    let decoded = 0;
    const spy = (input: unknown): DecodeResult<unknown[]> => {
      decoded++;
      return decodeAssociatedItems(input);
    };
    const Schema = encodedListSchema(spy, { max: 3, message: 'At most 3.' });
    expect(v.safeParse(Schema, '1|a,2|b,3|c,4|d').issues?.map((i) => i.message)).toEqual(['At most 3.']);
    expect(decoded).toBe(0);
    expect(v.parse(Schema, '1|a,2|b')).toHaveLength(2);
    expect(decoded).toBe(1);
  });

  it('a category lists at most CATEGORY_MAX_ITEMS items', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1}|x`).join(',');
    const base = {
      id: '',
      name: 'Bounded',
      subcategory: 'Bounded',
      description: 'Bounded',
      image: 'bounded',
    };
    expect(
      v.safeParse(CategoryUpsertSchema, { ...base, associatedItems: list(CATEGORY_MAX_ITEMS) }).success,
    ).toBe(true);
    expect(
      v
        .safeParse(CategoryUpsertSchema, { ...base, associatedItems: list(CATEGORY_MAX_ITEMS + 1) })
        .issues?.map((i) => i.message),
    ).toEqual([`A category cannot list more than ${CATEGORY_MAX_ITEMS} items.`]);
  });
});

const update = (over: Record<string, unknown>) => ({
  id: 1,
  status: 1,
  expecteddeliverydate: '',
  exphours: 5,
  expminutes: 30,
  exptimeperiod: 'PM',
  deliveryprice: 10,
  issettled: 'No',
  cancelledreason: 0,
  orderUnAvailableUserItems: '',
  orderItemsPrice: '',
  ...over,
});
const badPrices = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1}|x`).join(',');

describe('an order update’s item lists', () => {
  it(`report at most ${MAX_ISSUES} bad prices`, () => {
    const r = v.safeParse(OrderUpdateSchema, update({ orderItemsPrice: badPrices(ORDER_MAX_LINES) }));
    expect(r.issues).toHaveLength(MAX_ISSUES);
    expect(new Set(r.issues?.map((i) => i.message))).toEqual(new Set([PRICE_FORMAT_MESSAGE]));
  });

  it('refuse 100,000 bad prices by their count alone', () => {
    const r = v.safeParse(OrderUpdateSchema, update({ orderItemsPrice: badPrices(100_000) }));
    expect(r.issues?.map((i) => i.message)).toEqual([orderListTooLongMessage('orderItemsPrice')]);
    const flags = v.safeParse(OrderUpdateSchema, update({ orderUnAvailableUserItems: badPrices(100_000) }));
    expect(flags.issues?.map((i) => i.message)).toEqual([
      orderListTooLongMessage('orderUnAvailableUserItems'),
    ]);
  });
});

describe('a new order (createorder)', () => {
  const order = (over: Record<string, unknown>) => ({
    orderUserName: 'Counter Customer',
    orderUserPhoneNumber: '9876543210',
    orderUserAddress1: 'Flat 101, Lotus Apartments',
    orderUserCity: 'Hyderabad',
    orderUserState: 'Telangana',
    orderUserCountry: 'India',
    orderUserPincode: '500081',
    lines: [{ itemId: 1, itemsCount: 1 }],
    expHours: 10,
    expMinutes: 30,
    deliveryPrice: 20,
    ...over,
  });

  it('refuses more lines than an order holds with that message alone (no line is validated)', () => {
    for (const n of [ORDER_MAX_LINES + 1, 330_000]) {
      const r = v.safeParse(OrderCreateSchema, order({ lines: Array(n).fill({}) }));
      expect(r.issues?.map((i) => i.message)).toEqual([
        `An order cannot hold more than ${ORDER_MAX_LINES} items.`,
      ]);
    }
  });

  it('stops at MAX_ISSUES messages for bad lines within the limit', () => {
    const r = v.safeParse(OrderCreateSchema, order({ lines: Array(ORDER_MAX_LINES).fill({}) }));
    expect(r.issues).toHaveLength(MAX_ISSUES);
  });

  it('is Pay on delivery: Online is refused with a clear message, absent means PayOnDelivery', () => {
    expect(
      v.safeParse(OrderCreateSchema, order({ paymentType: 'Online' })).issues?.map((i) => i.message),
    ).toEqual([ORDER_ONLINE_REFUSED_MESSAGE]);
    expect(v.parse(OrderCreateSchema, order({})).paymentType).toBe('PayOnDelivery');
    expect(v.parse(OrderCreateSchema, order({ paymentType: 'PayOnDelivery' })).paymentType).toBe(
      'PayOnDelivery',
    );
    expect(
      v.safeParse(OrderCreateSchema, order({ paymentType: 'Cash' })).issues?.map((i) => i.message),
    ).toEqual(['Payment type is required']);
  });
});

describe('query strings', () => {
  it(`refuse a key repeated more than ${MAX_QUERY_REPEATS} times before reading its values`, () => {
    const r = v.safeParse(OrderListQuerySchema, { status: Array(MAX_QUERY_REPEATS + 1).fill('0') });
    expect(r.issues?.map((i) => i.message)).toEqual([
      `A query key cannot be repeated more than ${MAX_QUERY_REPEATS} times.`,
    ]);
    expect(v.parse(OrderListQuerySchema, { status: ['2', '0'] }).status).toEqual([0, 2]);
    const values = v.safeParse(OrderListQuerySchema, {
      status: Array(MAX_QUERY_REPEATS + 1)
        .fill('x')
        .join(','),
    });
    expect(values.issues?.map((i) => i.message)).toEqual([
      `Status cannot name more than ${MAX_QUERY_REPEATS} values.`,
    ]);
  });
});
