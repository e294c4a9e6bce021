import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { HOLD_MS, latestSearch, usePrefetchingSearchChange } from './load-list';

/*
 * A list change waits for its rows (up to HOLD_MS) before it changes the URL, so the
 * screen renders once, with the new rows (issue 26). Changes still land in order, a new
 * one builds on the one waiting, and one left behind by leaving the page is dropped.
 */

interface Search {
  sort: string;
  page: number;
}

function setUp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const answers = new Map<string, (rows: string[]) => void>();
  const queryFor = (search: Search) =>
    queryOptions({
      queryKey: ['rows', search],
      queryFn: () =>
        new Promise<string[]>((resolve) => answers.set(`${search.sort} ${search.page}`, resolve)),
    });
  const landed: Search[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => usePrefetchingSearchChange(queryFor, (next: Search) => void landed.push(next)),
    { wrapper },
  );
  const answer = async (key: string) => {
    await act(async () => answers.get(key)!(['row']));
  };
  return { client, queryFor, landed, change: result.current, answer };
}

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('a list change', () => {
  it('changes the URL when its rows are in, not before', async () => {
    const { landed, change, answer } = setUp();
    act(() => change({ sort: 'name', page: 1 }));
    expect(landed).toEqual([]);
    await answer('name 1');
    expect(landed).toEqual([{ sort: 'name', page: 1 }]);
  });

  it('changes it at once when the rows are already in the cache', () => {
    const { client, queryFor, landed, change } = setUp();
    client.setQueryData(queryFor({ sort: 'name', page: 2 }).queryKey, ['row']);
    act(() => change({ sort: 'name', page: 2 }));
    expect(landed).toEqual([{ sort: 'name', page: 2 }]);
  });

  it('changes it without the rows when they take longer than the wait', () => {
    vi.useFakeTimers();
    const { landed, change } = setUp();
    act(() => change({ sort: 'name', page: 1 }));
    act(() => vi.advanceTimersByTime(HOLD_MS - 1));
    expect(landed).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(landed).toEqual([{ sort: 'name', page: 1 }]);
  });

  it('lands changes in the order they were made, the next built on the one waiting', async () => {
    const { landed, change, answer } = setUp();
    const shown = { sort: 'id', page: 1 };
    act(() => change({ ...latestSearch(shown), sort: 'name' }));
    expect(latestSearch(shown)).toEqual({ sort: 'name', page: 1 });
    act(() => change({ ...latestSearch(shown), page: 2 }));
    // The second change landed the first; it waits for its own rows.
    expect(landed).toEqual([{ sort: 'name', page: 1 }]);
    await answer('name 2');
    expect(landed).toEqual([
      { sort: 'name', page: 1 },
      { sort: 'name', page: 2 },
    ]);
    await answer('name 1');
    expect(landed).toHaveLength(2);
    expect(latestSearch(shown)).toBe(shown);
  });

  it('is dropped when the user has gone to another page meanwhile', async () => {
    const { landed, change, answer } = setUp();
    window.history.replaceState(null, '', '/listorders');
    act(() => change({ sort: 'name', page: 1 }));
    window.history.pushState(null, '', '/orderdetails/7');
    expect(latestSearch({ sort: 'id', page: 1 })).toEqual({ sort: 'id', page: 1 });
    await answer('name 1');
    expect(landed).toEqual([]);
  });
});
