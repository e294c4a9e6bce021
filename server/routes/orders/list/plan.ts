import type { Dialect } from '../../../db/database';

/*
 * How a page of the orders list is read when the filters and the sort want different
 * indexes, decided from counts alone (pure: plan.test.ts). The constants are ratios of
 * measured costs at scale; the measurements are in docs/decisions, not here.
 */

/**
 * Which side leads a page's plan. 'seek': the filters (or the search) find the matching
 * rows, which are then sorted; 'scan': the sort's index is walked in order and the
 * filters keep what matches, which stops after the page when the matches are many. On
 * SQLite the other side's terms are hidden (dialect.hide), so the planner takes the way
 * chosen here with or without statistics (ANALYZE); PostgreSQL plans by its own
 * statistics, which the hints leave alone.
 */
export type PlanWay = 'seek' | 'scan';

/**
 * How a search is read: sorted by created date (its parts' indexes are paged, see
 * search/page.ts), or by another column over every store or within one store.
 */
export type SearchKind = 'byDate' | 'everyStore' | 'oneStore';

/**
 * 'scan' when walking the sort's index reads at most this many entries per matching
 * order: walking reads about (offset + page size) × orders in scope ÷ matches entries;
 * seeking reads and sorts every match, a few times dearer an entry.
 */
export const SCAN_PER_MATCH = 2;

/**
 * SQLite, a search. Over every store sorted by another column than the date it walks like
 * the other filters. Within a store SQLite does not walk the sort's index by itself (its
 * statistics average a store far below the largest), it sorts the whole store, so a
 * store's search seeks unless the matches are very many. By date, the walk of the
 * created_at index reads each entry's row where paging the parts sorts each match's
 * index entry, a few times cheaper: the walk pays only for very many matches.
 */
export const SEARCH_SCAN_PER_MATCH: Readonly<Record<SearchKind, number>> = {
  everyStore: 2,
  oneStore: 0.25,
  byDate: 0.25,
};

/**
 * PostgreSQL, a search: its seek looks every match up by primary key (a heap fetch each,
 * before the other filters) and its walk fetches each walked row, within a store too (it
 * walks the store's sort index by its own statistics), so walking wins up to a walk of
 * a few entries per match, whatever the kind of search.
 */
export const PG_SEARCH_SCAN_PER_MATCH = 2;

/**
 * The PlanWay for reading `reach` (offset + page size) of `matches` orders among `scope`.
 * The seek reads `sought` entries: the matches, or, for a search whose other filters are
 * tested on each of its matches (a status), every match of the search when that is known.
 */
export function planWay(
  reach: number,
  scope: number,
  matches: number,
  search: false | SearchKind,
  engine: Dialect,
  sought: number = matches,
): PlanWay {
  const perMatch = !search
    ? SCAN_PER_MATCH
    : engine === 'postgres'
      ? PG_SEARCH_SCAN_PER_MATCH
      : SEARCH_SCAN_PER_MATCH[search];
  return reach * scope <= perMatch * matches * sought ? 'scan' : 'seek';
}

/**
 * How far a search walked by date reads (list-page.ts) before the page is sought instead:
 * this many times the walk the plan expects (reach × scope ÷ matches entries). The plan
 * takes the matches to be spread over time; an order-number prefix's are not (numbers
 * follow the dates: "ORD00" is the oldest 100,000 of 1,000,000 orders, and the walk from
 * the newest read 900,000 of them, 650 ms, where seeking them took 80). A budget of the
 * seek's own cost was tried: "Anil" + Delivered, whose matches thin out among the newest
 * orders (few are delivered yet), overran it and paid for both (10.7 ms against 5.6).
 */
export const WALK_SPREAD = 4;

/** The most entries a search's walk by date reads: WALK_SPREAD times the expected walk. */
export function walkBudget(reach: number, scope: number, matches: number): number {
  return WALK_SPREAD * Math.ceil((reach * scope) / matches);
}

/**
 * SQLite: a random row read costs about this many index entries read (an entry of a
 * covering range is read in order; a row fetched by id comes from anywhere in the table).
 */
export const ROW_READ_ENTRIES = 20;

/**
 * SQLite, a search: which of the name and rest-of-name ranges (`name`, `rest` entries) to
 * seek the orders in both from. The name side reads each entry's row (its indexes lack
 * the rest-of-name), so does the rest side within a store (the store's rest-of-name
 * index lacks the name); the all-stores one holds both.
 */
export function cheaperSide(name: number, rest: number, everyStore: boolean): 'name' | 'rest' {
  return name * ROW_READ_ENTRIES <= rest * (everyStore ? 1 : ROW_READ_ENTRIES) ? 'name' : 'rest';
}
