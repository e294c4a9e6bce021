import { describe, expect, it } from 'vitest';
import { cheaperSide, planWay, ROW_READ_ENTRIES, walkBudget, WALK_SPREAD } from './plan';

// Shapes of the bench's data (bench:seed --orders 1000000): every order, and the largest
// store; a page of 50.
const EVERY = 1_000_000;
const STORE = 162_434;
const PAGE = 50;

describe('planWay without a search (both engines)', () => {
  it('scans the sort index when most orders match (status=Delivered sorted by total)', () => {
    expect(planWay(PAGE, EVERY, 791_239, false, 'sqlite')).toBe('scan');
    expect(planWay(PAGE, EVERY, 791_239, false, 'postgres')).toBe('scan');
  });

  it('seeks the matches when they are few (one order number, a rare combination)', () => {
    expect(planWay(PAGE, EVERY, 1, false, 'sqlite')).toBe('seek');
    expect(planWay(PAGE, EVERY, 1_000, false, 'postgres')).toBe('seek');
  });

  it('seeks once the page is deep enough that the walk would read more than the matches', () => {
    // The walk reads about reach × scope ÷ matches entries.
    expect(planWay(PAGE, EVERY, 29_140, false, 'sqlite')).toBe('scan');
    expect(planWay(20_000, EVERY, 29_140, false, 'sqlite')).toBe('seek');
  });

  it('scans at the boundary: walking reach × scope entries equals 2 × matches²', () => {
    expect(planWay(2, 100, 10, false, 'sqlite')).toBe('scan');
    expect(planWay(3, 100, 10, false, 'sqlite')).toBe('seek');
  });
});

describe('planWay for a search', () => {
  it('by date, walks the created-date index for a common surname over every store', () => {
    expect(planWay(PAGE, EVERY, 33_399, 'byDate', 'sqlite')).toBe('scan');
  });

  it("by date, pages the search's parts for a first name within the largest store", () => {
    expect(planWay(PAGE, STORE, 2_950, 'byDate', 'sqlite')).toBe('seek');
  });

  it('over every store by another column, walks like the other filters ("Anil" + Delivered by total)', () => {
    expect(planWay(PAGE, EVERY, 14_000, 'everyStore', 'sqlite')).toBe('scan');
    expect(planWay(PAGE, EVERY, 14_000, 'everyStore', 'postgres')).toBe('scan');
  });

  it('within one store, SQLite seeks unless the matches are very many; PostgreSQL walks', () => {
    // The largest store's "Anil" + Delivered by total.
    expect(planWay(PAGE, STORE, 2_311, 'oneStore', 'sqlite')).toBe('seek');
    expect(planWay(PAGE, STORE, 2_311, 'oneStore', 'postgres')).toBe('scan');
    expect(planWay(PAGE, STORE, 100_000, 'oneStore', 'sqlite')).toBe('scan');
  });

  it('seeks a search with few matches on either engine', () => {
    for (const kind of ['byDate', 'everyStore', 'oneStore'] as const) {
      expect(planWay(PAGE, EVERY, 5, kind, 'sqlite')).toBe('seek');
      expect(planWay(PAGE, EVERY, 5, kind, 'postgres')).toBe('seek');
    }
  });
});

describe('cheaperSide (SQLite: where to seek the orders in both name ranges)', () => {
  it('over every store, seeks from the name range only when it is far smaller (its entries read rows)', () => {
    expect(cheaperSide(100, 33_000, true)).toBe('name');
    expect(cheaperSide(33_000 / ROW_READ_ENTRIES, 33_000, true)).toBe('name');
    expect(cheaperSide(5_000, 33_000, true)).toBe('rest');
  });

  it('within a store, both sides read rows: the smaller range wins, ties to the name', () => {
    expect(cheaperSide(2_950, 5_400, false)).toBe('name');
    expect(cheaperSide(5_400, 2_950, false)).toBe('rest');
    expect(cheaperSide(10, 10, false)).toBe('name');
  });
});

describe('walkBudget: how far a search walked by date goes before it is sought', () => {
  it('allows WALK_SPREAD times the walk the plan expects of matches spread over time', () => {
    // "ORD00" at 1,000,000 orders: 99,999 matches, a walk of 251 entries expected.
    expect(walkBudget(25, EVERY, 99_999)).toBe(WALK_SPREAD * 251);
    // "Anil" + Delivered: 14,000 matches.
    expect(walkBudget(25, EVERY, 14_000)).toBe(WALK_SPREAD * 1_786);
  });
});
