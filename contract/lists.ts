import * as v from 'valibot';
import { arrayOf } from './bounded';
import { PAYMENT_TYPES, ROLES, YES_NO } from './enums';
import { IdSchema, MAX_ID, NUL_MESSAGE } from './rules';

/*
 * The paged-list query of DECISIONS §1. A list call without any of these keys keeps
 * the spec's plain form (the whole list as an array); with any of them it answers
 * { rows, total, page, pageSize }. The screens keep the same query in the URL, so the
 * schemas accept what a query string or a router gives: numbers or strings, and
 * arrays where a key repeats. A scalar key that repeats takes its first value.
 */

/** Rows per page when the query names none. */
export const DEFAULT_PAGE_SIZE = 25;
/** Most rows one page may ask for. */
export const MAX_PAGE_SIZE = 500;
/** Longest free-text search accepted. */
export const MAX_SEARCH_LENGTH = 100;

/** Sort directions. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
/** A sort direction. */
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Most values one repeated query key may carry (a status filter names at most five). */
export const MAX_QUERY_REPEATS = 50;

const QUERY_VALUE_MESSAGE = 'A query value must be text.';

/**
 * What one query-string key may hold before coercion: text, or the values of a repeated
 * key, counted before any of them is looked at.
 */
export const QueryValue = v.pipe(
  v.union(
    [
      v.string(),
      v.number(),
      arrayOf<string | number>(QUERY_VALUE_MESSAGE, {
        item: v.union([v.string(), v.number()]),
        min: 0,
        max: MAX_QUERY_REPEATS,
      }),
    ],
    QUERY_VALUE_MESSAGE,
  ),
  v.check(
    (x) => !Array.isArray(x) || x.length <= MAX_QUERY_REPEATS,
    `A query key cannot be repeated more than ${MAX_QUERY_REPEATS} times.`,
  ),
  v.check(
    (x) =>
      !Array.isArray(x) ||
      x.length > MAX_QUERY_REPEATS ||
      x.every((e) => typeof e === 'string' || typeof e === 'number'),
    QUERY_VALUE_MESSAGE,
  ),
);

const firstOf = (x: string | number | (string | number)[]) => (Array.isArray(x) ? x[0] : x);

/** A whole number from a query string, within `min`..`max`, or `fallback` when absent. */
export function queryInt(min: number, max: number, message: string, fallback?: number) {
  const schema = v.pipe(
    QueryValue,
    v.transform(firstOf),
    v.transform((x) => (typeof x === 'string' && /^\s*\d{1,15}\s*$/.test(x) ? Number(x) : x)),
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
  return fallback === undefined ? v.optional(schema) : v.optional(schema, fallback);
}

/** One of `options` from a query string; absent or '' means no value. */
export function queryChoice<const T extends readonly string[]>(options: T, message: string) {
  return v.pipe(
    v.optional(QueryValue, ''),
    v.transform((x) => String(firstOf(x) ?? '').trim()),
    v.transform((s) => (s === '' ? undefined : s)),
    v.optional(v.picklist(options, message)),
  );
}

/**
 * Free text from a query string (search, exact filters), trimmed, at most `max` long. No
 * NUL: PostgreSQL refuses one in a text parameter, so it is a 400 here, not a 500 there.
 */
export function queryText(max: number, maxMessage: string) {
  return v.pipe(
    v.optional(QueryValue, ''),
    v.transform((x) => String(firstOf(x) ?? '').trim()),
    v.maxLength(max, maxMessage),
    v.check((s) => !s.includes('\u0000'), NUL_MESSAGE),
  );
}

/** A calendar date 'YYYY-MM-DD' that exists (2024-02-30 does not). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A 'YYYY-MM-DD' date from a query string; absent or '' means no value. */
export function queryDate(message: string) {
  return v.pipe(
    v.optional(QueryValue, ''),
    v.transform((x) => String(firstOf(x) ?? '').trim()),
    v.transform((s) => (s === '' ? undefined : s)),
    v.optional(v.pipe(v.string(), v.check(isCalendarDate, message))),
  );
}

/**
 * The query keys every list takes, sorting only by `sortColumns` (the columns the
 * server can order by an index or a cheap expression; anything else is refused).
 */
export function pagingEntries<const TCols extends readonly [string, ...string[]]>(sortColumns: TCols) {
  return {
    page: queryInt(1, 1_000_000, 'Page must be a whole number of at least 1.', 1),
    pageSize: queryInt(
      1,
      MAX_PAGE_SIZE,
      `Page size must be between 1 and ${MAX_PAGE_SIZE}.`,
      DEFAULT_PAGE_SIZE,
    ),
    sort: queryChoice(sortColumns, `Sort must be one of: ${sortColumns.join(', ')}.`),
    order: v.pipe(
      queryChoice(SORT_ORDERS, 'Order must be asc or desc.'),
      v.transform((o) => o ?? 'asc'),
    ),
    q: queryText(MAX_SEARCH_LENGTH, `Search text cannot be more than ${MAX_SEARCH_LENGTH} characters long.`),
  };
}

/** Builds a list's query schema: paging, sorting by `sortColumns`, search, plus `filters`. */
export function listQuerySchema<
  const TCols extends readonly [string, ...string[]],
  TFilters extends v.ObjectEntries = Record<never, never>,
>(sortColumns: TCols, filters?: TFilters) {
  return v.object({ ...pagingEntries(sortColumns), ...(filters ?? ({} as TFilters)) });
}

/**
 * Whether a raw query asks for the paged form: true when it holds any key `schema`
 * knows (DECISIONS §1: without one the call answers the whole list as an array).
 */
export function isPagedQuery(schema: { entries: v.ObjectEntries }, query: Record<string, unknown>): boolean {
  return Object.keys(schema.entries).some((key) => Object.hasOwn(query, key) && query[key] !== undefined);
}

/** Builds the schema of a paged result whose rows follow `row`. */
export function PagedResultSchema<TRow extends v.GenericSchema>(row: TRow) {
  return v.object({
    rows: v.array(row),
    /** Rows matching the query over all pages. */
    total: v.pipe(v.number(), v.integer(), v.minValue(0)),
    page: v.pipe(v.number(), v.integer(), v.minValue(1)),
    pageSize: v.pipe(v.number(), v.integer(), v.minValue(1)),
  });
}
/** A page of rows. */
export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

// ---------------------------------------------------------------------------------
// The five lists: sortable columns (the table's own columns) and filters.

/** Columns the orders list sorts by (the Orders table's columns, spec §2). */
export const ORDER_SORT_COLUMNS = [
  'orderNumber',
  'status',
  'orderUserName',
  'totalPrice',
  'createdDate',
  'paymentType',
  'isSettled',
  'settlementAmt',
  'merchantName',
  /** Open orders by their promise, most urgent first (contract/time-left.ts); then the rest. */
  'timeLeft',
] as const;

const ORDER_STATUS_CODES = [0, 1, 2, 3, 4] as const;

/**
 * Several order statuses from a query string: `status=0&status=2` or `status=0,2`.
 * Absent or empty means every status. Output is sorted and without repeats.
 */
export const StatusFilterSchema = v.pipe(
  v.optional(QueryValue, ''),
  v.transform((x) =>
    (Array.isArray(x) ? x : [x])
      .flatMap((part) => String(part).split(','))
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  ),
  // Counted before the values are read, like every list (contract/bounded.ts).
  v.check(
    (parts) => parts.length <= MAX_QUERY_REPEATS,
    `Status cannot name more than ${MAX_QUERY_REPEATS} values.`,
  ),
  v.check(
    (parts) =>
      parts.length > MAX_QUERY_REPEATS ||
      parts.every((s) => /^\d$/.test(s) && ORDER_STATUS_CODES.includes(Number(s) as 0)),
    'Status must be one of 0, 1, 2, 3, 4.',
  ),
  v.transform((parts) =>
    parts.length
      ? [...new Set(parts.map(Number) as (typeof ORDER_STATUS_CODES)[number][])].sort((a, b) => a - b)
      : undefined,
  ),
);

/** A store's user id (only BlueTikAdmin sees more than one store); blank or absent: every store. */
export const StoreFilterSchema = v.optional(
  v.pipe(
    QueryValue,
    v.transform(firstOf),
    v.union([v.literal(''), IdSchema], 'Store must be a store id.'),
    v.transform((x) => (x === '' ? undefined : x)),
  ),
);

/** The orders list's filters (the list and getchanges take the same ones). */
const ORDER_FILTER_ENTRIES = {
  status: StatusFilterSchema,
  paymentType: queryChoice(PAYMENT_TYPES, 'Payment type must be Online or PayOnDelivery.'),
  isSettled: queryChoice(YES_NO, 'Is Settled must be Yes or No.'),
  /**
   * First created date included (YYYY-MM-DD), an India day (DECISIONS §9, whatever the
   * viewer's time zone): orders created from its midnight in India, 18:30 UTC the day before.
   */
  from: queryDate('From must be a date (YYYY-MM-DD).'),
  /** Last created date included, an India day: orders created before the midnight in India after it. */
  to: queryDate('To must be a date (YYYY-MM-DD).'),
  /**
   * `Yes`: only the dashboard's Upcoming orders (DECISIONS §1: neither Delivered nor
   * Cancelled, expected delivery date after today in India, DECISIONS §9). `No` or absent: no filter.
   */
  upcoming: v.pipe(
    queryChoice(YES_NO, 'Upcoming must be Yes or No.'),
    v.transform((x) => (x === 'Yes' ? ('Yes' as const) : undefined)),
  ),
  /**
   * `Yes`: only orders past their promise and still open (issue 28 item 2: New Order,
   * Processing or On the Way, promised delivery before now). `No` or absent: no filter.
   */
  overdue: v.pipe(
    queryChoice(YES_NO, 'Overdue must be Yes or No.'),
    v.transform((x) => (x === 'Yes' ? ('Yes' as const) : undefined)),
  ),
  store: StoreFilterSchema,
};

type DateRange = { from?: string | undefined; to?: string | undefined };
/** From must not be after To; the message goes on `to` (every orders query with dates). */
export function fromNotAfterTo<Q extends DateRange>() {
  const check = v.forward(
    v.partialCheck(
      [['from'], ['to']],
      (q: DateRange) => !q.from || !q.to || q.from <= q.to,
      'From must not be after To.',
    ),
    ['to'],
  );
  // One check for each query's own object type (they all hold from and to as above).
  return check as unknown as v.BaseValidation<Q, Q, v.PartialCheckIssue<DateRange>>;
}

/**
 * The orders list query: paging plus status, paymentType, isSettled, from, to, upcoming and store,
 * and `upto`, the snapshot: only orders with id ≤ upto are listed (the total too). Ids
 * grow with creation, so a pinned list never moves when orders arrive; the screen asks
 * getchanges how many are newer and moves `upto` only when the operator says so.
 */
export const OrderListQuerySchema = v.pipe(
  listQuerySchema(ORDER_SORT_COLUMNS, {
    ...ORDER_FILTER_ENTRIES,
    upto: queryInt(1, MAX_ID, 'Upto must be an order id.'),
  }),
  fromNotAfterTo(),
);

/**
 * getchanges query: the list's filters and search, and `since` (an order id, 0 for none,
 * required): how many orders newer than `since` the list would gain. A `since` at or past
 * the newest id (e.g. MAX_ID) counts nothing: the cheapest way to ask only for latestId.
 */
export const OrderChangesQuerySchema = v.pipe(
  v.object({
    ...ORDER_FILTER_ENTRIES,
    q: pagingEntries(ORDER_SORT_COLUMNS).q,
    since: v.pipe(
      v.optional(QueryValue, ''),
      v.transform(firstOf),
      v.transform((x) => (typeof x === 'string' && /^\s*\d{1,15}\s*$/.test(x) ? Number(x) : x)),
      v.number('Since must be an order id (0 for none).'),
      v.integer('Since must be an order id (0 for none).'),
      v.minValue(0, 'Since must be an order id (0 for none).'),
      v.maxValue(MAX_ID, 'Since must be an order id (0 for none).'),
    ),
  }),
  fromNotAfterTo(),
);
/**
 * getstatuscounts query: the list's filters, search and snapshot (`upto`). The counts are
 * per status tab, so `status`, `upcoming` and `overdue` are the tabs' own and are not applied.
 */
export const OrderStatusCountsQuerySchema = v.pipe(
  v.object({
    ...ORDER_FILTER_ENTRIES,
    q: pagingEntries(ORDER_SORT_COLUMNS).q,
    upto: queryInt(1, MAX_ID, 'Upto must be an order id.'),
  }),
  fromNotAfterTo(),
);
/** getstatuscounts query after coercion. */
export type OrderStatusCountsQuery = v.InferOutput<typeof OrderStatusCountsQuerySchema>;

/** getchanges query after coercion. */
export type OrderChangesQuery = v.InferOutput<typeof OrderChangesQuerySchema>;
/**
 * A saved view's filter (issue 15, list-views.ts): the orders list's filters, search, sort
 * and page size — everything of the list's URL but the page and the snapshot, which a view
 * opened tomorrow must not keep.
 */
export const OrderViewFilterSchema = v.pipe(
  v.object(
    {
      ...ORDER_FILTER_ENTRIES,
      ...(({ page: _page, ...rest }) => rest)(pagingEntries(ORDER_SORT_COLUMNS)),
    },
    'Filter must be an object of the list’s filters.',
  ),
  fromNotAfterTo(),
);
/** A saved view's filter after coercion. */
export type OrderViewFilter = v.InferOutput<typeof OrderViewFilterSchema>;

/** The orders list query as a URL holds it. */
export type OrderListQueryInput = v.InferInput<typeof OrderListQuerySchema>;
/** The orders list query after coercion. */
export type OrderListQuery = v.InferOutput<typeof OrderListQuerySchema>;

/** Columns the categories list sorts by. */
export const CATEGORY_SORT_COLUMNS = ['name', 'subCategory', 'description'] as const;
/** The categories list query: paging plus an exact sub-category filter. */
export const CategoryListQuerySchema = listQuerySchema(CATEGORY_SORT_COLUMNS, {
  subCategory: queryText(100, 'Sub-Category cannot be more than 100 characters long.'),
});
/** The categories list query after coercion. */
export type CategoryListQuery = v.InferOutput<typeof CategoryListQuerySchema>;

/** Columns the items list sorts by. */
export const ITEM_SORT_COLUMNS = ['category', 'subCategory', 'name', 'brand', 'price', 'mrp', 'qty'] as const;
/** The items list query: paging plus exact category and sub-category filters. */
export const ItemListQuerySchema = listQuerySchema(ITEM_SORT_COLUMNS, {
  category: queryText(100, 'Category cannot be more than 100 characters long.'),
  subCategory: queryText(100, 'Sub-Category cannot be more than 100 characters long.'),
});
/** The items list query after coercion. */
export type ItemListQuery = v.InferOutput<typeof ItemListQuerySchema>;

/** Columns the users list sorts by (the Users table's columns). */
export const USER_SORT_COLUMNS = [
  'type',
  'name',
  'email',
  'bussinessName',
  'isHomeDeliveryAvailable',
  'isActive',
  'isOnlinePaymentEnabled',
] as const;
/** The users list query: paging plus role (`type`) and isActive filters. */
export const UserListQuerySchema = listQuerySchema(USER_SORT_COLUMNS, {
  type: queryChoice(ROLES, 'Type must be a role name.'),
  isActive: queryChoice(YES_NO, 'Is Active must be Yes or No.'),
});
/** The users list query after coercion. */
export type UserListQuery = v.InferOutput<typeof UserListQuerySchema>;

/** Columns the roles list sorts by. */
export const ROLE_SORT_COLUMNS = ['name', 'description'] as const;
/** The roles list query: paging and search only. */
export const RoleListQuerySchema = listQuerySchema(ROLE_SORT_COLUMNS);
/** The roles list query after coercion. */
export type RoleListQuery = v.InferOutput<typeof RoleListQuerySchema>;
