import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CategoryListQuerySchema,
  isPagedQuery,
  ItemListQuerySchema,
  listQuerySchema,
  ORDER_SORT_COLUMNS,
  OrderListQuerySchema,
  PagedResultSchema,
  RoleListQuerySchema,
  UserListQuerySchema,
} from './lists';
import { OrderListRowSchema } from './orders';

/** What a caller sees: each field's messages, by dot path. */
function errors(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const r = v.safeParse(schema, input);
  const out: Record<string, string[]> = {};
  for (const issue of r.issues ?? []) (out[v.getDotPath(issue) ?? ''] ??= []).push(issue.message);
  return out;
}

describe('paged-list query (DECISIONS §1)', () => {
  it('fills defaults when a key is absent', () => {
    expect(v.parse(RoleListQuerySchema, {})).toEqual({ page: 1, pageSize: 25, order: 'asc', q: '' });
  });

  it('coerces query-string text, trims the search, and takes the first of a repeated scalar', () => {
    expect(
      v.parse(RoleListQuerySchema, {
        page: '3',
        pageSize: ['50', '10'],
        sort: 'name',
        order: 'desc',
        q: '  web ',
      }),
    ).toEqual({ page: 3, pageSize: 50, sort: 'name', order: 'desc', q: 'web' });
    expect(v.parse(RoleListQuerySchema, { page: 2, pageSize: 500 })).toMatchObject({
      page: 2,
      pageSize: 500,
    });
  });

  it('refuses out-of-range paging, unknown sort columns and directions, and long searches', () => {
    expect(
      errors(RoleListQuerySchema, {
        page: '0',
        pageSize: '501',
        sort: 'password',
        order: 'up',
        q: 'x'.repeat(101),
      }),
    ).toEqual({
      page: ['Page must be a whole number of at least 1.'],
      pageSize: ['Page size must be between 1 and 500.'],
      sort: ['Sort must be one of: name, description.'],
      order: ['Order must be asc or desc.'],
      q: ['Search text cannot be more than 100 characters long.'],
    });
    expect(errors(RoleListQuerySchema, { page: '1.5', pageSize: 'ten' })).toEqual({
      page: ['Page must be a whole number of at least 1.'],
      pageSize: ['Page size must be between 1 and 500.'],
    });
  });

  it('builds a query for any list from its sort columns and filters', () => {
    const Schema = listQuerySchema(['a', 'b'], { flag: v.optional(v.string()) });
    expect(v.parse(Schema, { sort: 'b', flag: 'x' })).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'b',
      order: 'asc',
      q: '',
      flag: 'x',
    });
    expect(errors(Schema, { sort: 'c' })).toEqual({ sort: ['Sort must be one of: a, b.'] });
  });

  it('tells a paged call from the plain one by its keys', () => {
    expect(isPagedQuery(OrderListQuerySchema, {})).toBe(false);
    expect(isPagedQuery(OrderListQuerySchema, { unrelated: '1' })).toBe(false);
    expect(isPagedQuery(OrderListQuerySchema, { status: '1' })).toBe(true);
    expect(isPagedQuery(RoleListQuerySchema, { page: '1' })).toBe(true);
  });
});

describe('orders list query', () => {
  it('sorts by the Orders table columns', () => {
    for (const sort of ORDER_SORT_COLUMNS) expect(v.parse(OrderListQuerySchema, { sort }).sort).toBe(sort);
  });

  it('takes several statuses as repeated keys or commas', () => {
    expect(v.parse(OrderListQuerySchema, { status: ['2', '0'] }).status).toEqual([0, 2]);
    expect(v.parse(OrderListQuerySchema, { status: '4,1,1' }).status).toEqual([1, 4]);
    expect(v.parse(OrderListQuerySchema, { status: 3 }).status).toEqual([3]);
    expect(v.parse(OrderListQuerySchema, { status: '' }).status).toBeUndefined();
    expect(errors(OrderListQuerySchema, { status: ['1', '5'] })).toEqual({
      status: ['Status must be one of 0, 1, 2, 3, 4.'],
    });
  });

  it('takes payment type, settled, dates and store', () => {
    expect(
      v.parse(OrderListQuerySchema, {
        paymentType: 'Online',
        isSettled: 'Yes',
        from: '2025-01-01',
        to: '2025-01-31',
        store: '4',
      }),
    ).toMatchObject({
      paymentType: 'Online',
      isSettled: 'Yes',
      from: '2025-01-01',
      to: '2025-01-31',
      store: 4,
    });
    expect(v.parse(OrderListQuerySchema, { store: '', from: '' })).toMatchObject({
      store: undefined,
      from: undefined,
    });
  });

  it('takes upcoming=Yes as the Upcoming filter; No or absent is no filter', () => {
    expect(v.parse(OrderListQuerySchema, { upcoming: 'Yes' }).upcoming).toBe('Yes');
    expect(v.parse(OrderListQuerySchema, { upcoming: ['Yes', 'No'] }).upcoming).toBe('Yes');
    expect(v.parse(OrderListQuerySchema, { upcoming: 'No' }).upcoming).toBeUndefined();
    expect(v.parse(OrderListQuerySchema, {}).upcoming).toBeUndefined();
    expect(isPagedQuery(OrderListQuerySchema, { upcoming: 'Yes' })).toBe(true);
    expect(errors(OrderListQuerySchema, { upcoming: 'yes please' })).toEqual({
      upcoming: ['Upcoming must be Yes or No.'],
    });
  });

  it('refuses bad filters with clear messages', () => {
    expect(
      errors(OrderListQuerySchema, {
        paymentType: 'Cash',
        isSettled: 'Maybe',
        from: '2025-02-30',
        store: 'x',
      }),
    ).toEqual({
      paymentType: ['Payment type must be Online or PayOnDelivery.'],
      isSettled: ['Is Settled must be Yes or No.'],
      from: ['From must be a date (YYYY-MM-DD).'],
      store: ['Store must be a store id.'],
    });
    expect(errors(OrderListQuerySchema, { from: '2025-02-01', to: '2025-01-01' })).toEqual({
      to: ['From must not be after To.'],
    });
  });
});

describe('other lists', () => {
  it('items, categories and users take their own filters', () => {
    expect(v.parse(ItemListQuerySchema, { category: ' Fruits ', sort: 'price' })).toMatchObject({
      category: 'Fruits',
      subCategory: '',
      sort: 'price',
    });
    expect(v.parse(CategoryListQuerySchema, { subCategory: 'Milk' }).subCategory).toBe('Milk');
    expect(v.parse(UserListQuerySchema, { type: 'WebAdmin', isActive: 'No' })).toMatchObject({
      type: 'WebAdmin',
      isActive: 'No',
    });
    expect(errors(UserListQuerySchema, { type: 'Boss' })).toEqual({ type: ['Type must be a role name.'] });
  });
});

describe('PagedResultSchema', () => {
  it('checks a page of rows', () => {
    const Schema = PagedResultSchema(v.object({ id: v.number() }));
    expect(v.parse(Schema, { rows: [{ id: 1 }], total: 1, page: 1, pageSize: 25 })).toEqual({
      rows: [{ id: 1 }],
      total: 1,
      page: 1,
      pageSize: 25,
    });
    expect(v.safeParse(Schema, { rows: [], total: -1, page: 1, pageSize: 25 }).success).toBe(false);
    expect(
      v.safeParse(PagedResultSchema(OrderListRowSchema), { rows: [{}], total: 1, page: 1, pageSize: 1 })
        .success,
    ).toBe(false);
  });
});

describe('query text', () => {
  it('refuses NUL in search text and exact filters (PostgreSQL cannot take one)', async () => {
    const { RoleListQuerySchema, ItemListQuerySchema } = await import('./lists');
    const { NUL_MESSAGE } = await import('./rules');
    expect(v.safeParse(RoleListQuerySchema, { q: 'a\u0000' }).issues?.[0]?.message).toBe(NUL_MESSAGE);
    expect(v.safeParse(ItemListQuerySchema, { category: '\u0000' }).issues?.[0]?.message).toBe(NUL_MESSAGE);
    expect(v.parse(ItemListQuerySchema, { q: ' milk ' }).q).toBe('milk');
  });
});
