import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { DEFAULT_PAGE_SIZE, type OrderListQuery, type Paged } from '#contract/lists';
import type { OrderListRow } from '#contract/orders';
import { dialectOf } from '../../../db/dialect';
import { keptQuery } from '../../../db/kept-queries';
import type { Database } from '../../../db/schema';
import { baseRows, toListRow } from '../order-row';
import type { Scope, Kdb } from '../scope';
import { listConditions, spellUpcoming, TIME_LEFT_KEY, type ListFilters, type Served } from './filters';
import { MONTH_SEEK_FROM, monthSeekable, monthWindow } from './month-seek';
import { planWay, walkBudget, type PlanWay, type SearchKind } from './plan';
import { datePartsSqlite, searchPageByDate } from './search/page';
import type { SideCounts } from './search/parts';
import { countMatching } from './totals';
import { initialCounts, initialOf } from './search/initials';

/** Dates before and after every order's (ISO text on SQLite, a timestamp on PostgreSQL). */
const EARLIEST = '0001-01-01T00:00:00.000Z';
const LATEST = '9999-12-31T23:59:59.999Z';

/** The SQL each sortable column orders by (an indexed column or indexed expression). */
const SORT_EXPRESSIONS = {
  orderNumber: sql.ref('orders.order_number'),
  status: sql.ref('orders.status'),
  orderUserName: sql`lower(${sql.ref('orders.customer_name')})`,
  totalPrice: sql.ref('orders.items_total'),
  createdDate: sql.ref('orders.created_at'),
  paymentType: sql.ref('orders.payment_type'),
  isSettled: sql.ref('orders.is_settled'),
  settlementAmt: sql.ref('orders.settlement_amount'),
  merchantName: sql`lower(${sql.ref('users.bussiness_name')})`,
  // The time-left key (migration 0016): open orders by their promise, then the rest.
  timeLeft: TIME_LEFT_KEY,
} as const;

/**
 * Sort columns of two values, read as two runs by date: `payment_type = 'Online'` by
 * date, then 'PayOnDelivery' by date (or the reverse), each run served by the
 * (…created_at, status, payment_type, is_settled) indexes, its length by order_counts.
 */
const TWO_VALUED = {
  paymentType: ['Online', 'PayOnDelivery'],
  isSettled: ['No', 'Yes'],
} as const satisfies Partial<Record<keyof typeof SORT_EXPRESSIONS, readonly string[]>>;

/**
 * One page of the list. Without `sort` the newest come first unless the caller named an
 * `order`; ties are broken by created date, then id, in the same direction (so pages
 * never overlap and an index on (column, created_at) serves the whole ordering). The
 * store name sort keeps each store's orders together: name, then store, then date, id
 * (stores walked in name order, each store's orders by date: no sort of the whole list).
 */
export async function listPage(
  db: Kdb,
  asked: OrderListQuery,
  store: Scope,
  orderNamed: boolean,
  // Upcoming reads "after today" and Overdue "before now" by this clock (ms).
  now: number = Date.now(),
  // Tests lower it, so their few thousand orders take the month seek too.
  seekFrom: number = MONTH_SEEK_FROM,
): Promise<Paged<OrderListRow>> {
  // The schema fills both; its inferred type still says optional.
  const page = asked.page ?? 1;
  const pageSize = asked.pageSize ?? DEFAULT_PAGE_SIZE;
  const q = spellUpcoming(asked, now);
  if (!q) return { rows: [], total: 0, page, pageSize };
  const sortKey = q.sort ?? 'createdDate';
  const dir = q.sort || orderNamed ? q.order : 'desc';
  const d = dialectOf(db);
  const offset = (page - 1) * pageSize;

  // How many match, and how many orders the sort's index walks to find them: which way
  // to plan (PlanWay). The walk covers the store, and the sort column's own filter.
  const served: Served =
    sortKey === 'createdDate'
      ? 'created_at'
      : sortKey === 'status'
        ? 'status'
        : sortKey === 'timeLeft'
          ? 'time_left'
          : undefined;
  const walked: ListFilters = {
    ...q,
    q: '',
    status: served === 'status' ? q.status : undefined,
    paymentType: undefined,
    isSettled: undefined,
    expectedAfter: undefined,
    dueBefore: served === 'time_left' ? q.dueBefore : undefined,
    from: served === 'created_at' ? q.from : undefined,
    to: served === 'created_at' ? q.to : undefined,
  };
  // The walk's count only when the walk covers more than the matches: each count skipped
  // is a statement (a date range's partial months counted twice, a search's all-time sum).
  const narrower = !!(
    q.q ||
    (served !== 'status' && q.status?.length) ||
    q.paymentType ||
    q.isSettled ||
    (served !== 'created_at' && (q.from || q.to)) ||
    q.expectedAfter ||
    (served !== 'time_left' && q.dueBefore)
  );
  const searched: false | SearchKind =
    !!q.q &&
    (sortKey === 'createdDate' && !q.expectedAfter ? 'byDate' : store === null ? 'everyStore' : 'oneStore');
  let total: number;
  let scope: number | undefined;
  const seen: SideCounts = {};
  // A one-character search with statuses: its total and what its seek reads, from one read.
  const kept = await keptSearchCounts(db, q, searched, store);
  const sought = kept?.sought;
  if (d.name === 'postgres')
    [total, scope] = await Promise.all([
      kept?.total ?? countMatching(db, q, store, d),
      narrower ? countMatching(db, walked, store, d) : undefined,
    ]);
  else {
    // SQLite runs one statement at a time anyway: the total first, then the walk's count
    // only when the plan depends on it. Every order in scope (order_counts' all-time
    // rows, a cheap sum) bounds it: when even that many walked entries make 'scan', the
    // exact count cannot change the way (a date range would count its months and partial
    // months a second time). The two-valued sorts plan each run by its own size, so they
    // take the exact count.
    total = kept?.total ?? (await countMatching(db, q, store, d, seen));
    if (total > 0 && offset < total && narrower) {
      const all = await countMatching(db, {} as ListFilters, store, d);
      const bare = !walked.status?.length && !walked.from && !walked.to && walked.upto === undefined;
      const twoValued = sortKey === 'paymentType' || sortKey === 'isSettled';
      scope =
        bare || (!twoValued && planWay(offset + pageSize, all, total, searched, d.name, sought) === 'scan')
          ? all
          : await countMatching(db, walked, store, d);
    }
  }
  if (total === 0 || offset >= total) return { rows: [], total, page, pageSize };
  const way = planWay(offset + pageSize, scope ?? total, total, searched, d.name, sought);

  const orderings =
    sortKey === 'merchantName'
      ? [
          SORT_EXPRESSIONS.merchantName,
          sql.ref('users.id'),
          sql.ref('orders.created_at'),
          sql.ref('orders.id'),
        ]
      : [
          SORT_EXPRESSIONS[sortKey],
          // Order numbers are unique: no date tie-break, so (store, order_number) and the
          // unique index serve the whole ordering (with the date, SQLite sorted a whole
          // store in a temporary b-tree).
          ...(sortKey === 'createdDate' || sortKey === 'orderNumber' ? [] : [sql.ref('orders.created_at')]),
          sql.ref('orders.id'),
        ];
  // The page's ids, from the orders indexes alone (only the store name needs the join).
  const idsOf = async (
    query: ListFilters,
    by: typeof orderings,
    limit: number,
    skip: number,
    how: PlanWay,
    order: 'asc' | 'desc' = dir,
    // How many entries of its scope a walk by date may read (walkIds).
    budget?: number,
  ) => {
    // A search by date pages its disjoint parts (searchPageByDate), or walks the date when
    // the matches are many (plan.ts, SearchKind 'byDate'); with Upcoming, the
    // upcoming index leads instead (few orders, each tested against the search).
    if (query.q && sortKey === 'createdDate' && !query.expectedAfter && how === 'seek') {
      const others =
        query.status?.length ||
        query.paymentType ||
        query.isSettled ||
        query.from ||
        query.to ||
        query.upto !== undefined;
      const filters = listConditions({ ...query, q: '' }, null, { db, d, hideAll: true });
      const kept = others ? filters : undefined;
      const parts =
        d.name === 'postgres'
          ? undefined
          : await datePartsSqlite(db, query.q, store, d, kept, query === q ? seen : undefined);
      return searchPageByDate(db, query.q, store, d, kept, order, limit, skip, parts).execute();
    }
    const where = listConditions(query, store, { db, d, way: how, served });
    let ids =
      sortKey === 'merchantName'
        ? db
            .selectFrom('users')
            .innerJoin('orders', 'orders.store_user_id', 'users.id')
            .select('orders.id')
            .where(where as (eb: ExpressionBuilder<Database, 'orders' | 'users'>) => Expression<SqlBool>)
        : db.selectFrom('orders').select('orders.id').where(where);
    if (budget !== undefined) {
      // The date of the walk's last allowed entry, in the same statement (one round trip);
      // a scope smaller than the budget bounds nothing.
      const last = db
        .selectFrom('orders')
        .select('orders.created_at')
        .where(listConditions(walked, store, { db, d, way: 'scan', served }))
        .orderBy('orders.created_at', order)
        .orderBy('orders.id', order)
        .limit(1)
        .offset(budget - 1);
      const [op, farthest] = order === 'desc' ? ['>=', EARLIEST] : ['<=', LATEST];
      ids = ids.where(
        sql<SqlBool>`${sql.ref('orders.created_at')} ${sql.raw(op)} coalesce((${last}), ${farthest})`,
      );
    }
    for (const o of by) ids = ids.orderBy(o, order);
    return ids.limit(limit).offset(skip).execute();
  };
  // A search walked by date reads at most walkBudget entries (plan.ts): when the page is
  // not among them, its matches are not spread over time and the page is sought instead.
  // The walk stops at the date of its last allowed entry; every entry past it is older (or
  // newer, ascending), so a bounded walk that fills the page found the same page.
  const walkIds = async (limit: number, skip: number, how: PlanWay, order: 'asc' | 'desc') => {
    if (how === 'seek' || searched !== 'byDate') return idsOf(q, orderings, limit, skip, how, order);
    const budget = walkBudget(skip + limit, scope ?? total, total);
    const found = await idsOf(q, orderings, limit, skip, how, order, budget);
    return found.length === limit ? found : idsOf(q, orderings, limit, skip, 'seek', order);
  };
  const rowsFor = async (ids: number[]) => {
    if (ids.length === 0) return [];
    const build = () => {
      let rowsQuery = baseRows(db).where('orders.id', 'in', ids);
      for (const o of orderings) rowsQuery = rowsQuery.orderBy(o, dir);
      return rowsQuery;
    };
    // A full page's statement is compiled once per sort, direction and page size; a short
    // last page is built each time.
    if (ids.length !== pageSize) return (await build().execute()).map(toListRow);
    return (await db.executeQuery(keptQuery(db, `rows ${sortKey} ${dir} ${pageSize}`, ids, build))).rows.map(
      toListRow,
    );
  };

  if (sortKey === 'paymentType' || sortKey === 'isSettled') {
    const chosen = q[sortKey];
    const values = (chosen ? [chosen] : [...TWO_VALUED[sortKey]]) as string[];
    if (dir === 'desc') values.reverse();
    const runs = values.map((value) => ({ ...q, [sortKey]: value }) as ListFilters);
    const sizes = await Promise.all(runs.map((run) => countMatching(db, run, store, d)));
    const ids: number[] = [];
    let skip = offset;
    for (const [i, run] of runs.entries()) {
      const size = sizes[i]!;
      if (skip >= size) {
        skip -= size;
        continue;
      }
      const take = Math.min(pageSize - ids.length, size - skip);
      const how = planWay(skip + take, scope ?? total, size, searched, d.name);
      const found = await idsOf(run, orderings.slice(1), take, skip, how);
      ids.push(...found.map((r) => r.id));
      skip = 0;
      if (ids.length >= pageSize) break;
    }
    return { rows: await rowsFor(ids), total, page, pageSize };
  }

  // A deep page by date walks only the months that hold it (month-seek.ts), from the
  // counts per month; a shallow one is cheaper to skip than to sum the months for.
  if (monthSeekable(q, sortKey, store, d) && Math.min(offset, total - offset - pageSize) >= seekFrom) {
    const limit = Math.min(pageSize, total - offset);
    const window = await monthWindow(db, q, store, d, dir, offset, limit, total);
    if (window) {
      const found = await idsOf(window.q, orderings, window.limit, window.skip, 'scan', window.order);
      return { rows: await rowsFor(found.map((r) => r.id)), total, page, pageSize };
    }
  }

  // A page past the middle is read from the other end, the order reversed (every ordering
  // ends with the id, so it is exact; rowsFor puts the rows back): OFFSET reads every
  // skipped index entry, so a late page skips the fewer entries after it.
  const back = total - offset - pageSize;
  if (back < offset) {
    const skip = Math.max(0, back);
    const limit = total - offset - skip;
    const how = planWay(skip + limit, scope ?? total, total, searched, d.name, sought);
    const found = await walkIds(limit, skip, how, dir === 'asc' ? 'desc' : 'asc');
    return { rows: await rowsFor(found.map((r) => r.id)), total, page, pageSize };
  }
  const ids = await walkIds(Math.min(pageSize, total - offset), offset, way, dir);
  return { rows: await rowsFor(ids.map((r) => r.id)), total, page, pageSize };
}

/**
 * A one-character search with statuses chosen (the kept counts, migration 0023): its total,
 * and how many entries its seek reads — its matches in every status, each tested for the
 * status. "s" in Processing sought every order whose name starts with s (a quarter of a
 * million at 1,000,000 orders, 17 ms) where walking the dates finds the page in a few
 * thousand. Undefined otherwise: the total is counted and the seek costed by the matches.
 */
async function keptSearchCounts(db: Kdb, q: ListFilters, searched: false | SearchKind, store: Scope) {
  if (!searched || !q.status?.length) return undefined;
  const initial = initialOf({ ...q, status: undefined });
  if (initial === undefined) return undefined;
  let total = 0;
  let sought = 0;
  for (const [status, n] of await initialCounts(db, initial, store)) {
    sought += n;
    if ((q.status as readonly number[]).includes(status)) total += n;
  }
  return { total, sought };
}
