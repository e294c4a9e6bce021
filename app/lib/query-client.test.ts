import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, KEPT_LIST_PAGES } from './query-client';
import { queryKeys } from './query-keys';

const orders = queryKeys('orders');
const items = queryKeys('items');
const flush = () => new Promise((done) => setTimeout(done, 0));

describe('the query client keeps few unshown list pages', () => {
  it('drops the oldest unshown pages of a list beyond the kept number, and keeps the shown one', async () => {
    const client = createQueryClient();
    // Page 1 stays on screen (an observer), then 30 more pages are answered and left.
    client.setQueryData(orders.list({ page: 1 }), { rows: [], total: 0 });
    const shown = new QueryObserver(client, {
      queryKey: orders.list({ page: 1 }),
      queryFn: () => ({ rows: [], total: 0 }),
      staleTime: Infinity,
    });
    const unsubscribe = shown.subscribe(() => undefined);
    for (let page = 2; page <= 31; page++) {
      client.setQueryData(orders.list({ page }), { rows: [], total: 0 });
      await flush();
    }
    const pages = client
      .getQueryCache()
      .findAll({ queryKey: orders.lists() })
      .map((q) => (q.queryKey[2] as { page: number }).page)
      .sort((a, b) => a - b);
    // The shown page, the newest, and the kept unshown ones before it.
    expect(pages).toEqual([
      1,
      ...Array.from({ length: KEPT_LIST_PAGES + 1 }, (_, i) => 31 - KEPT_LIST_PAGES + i),
    ]);
    unsubscribe();
  });

  it('counts each list on its own and leaves other queries alone', async () => {
    const client = createQueryClient();
    client.setQueryData(orders.detail(7), { id: 7 });
    for (let page = 1; page <= 5; page++) client.setQueryData(items.list({ page }), { rows: [] });
    for (let page = 1; page <= 20; page++) {
      client.setQueryData(orders.list({ page }), { rows: [] });
      await flush();
    }
    const cache = client.getQueryCache();
    expect(cache.findAll({ queryKey: items.lists() })).toHaveLength(5);
    expect(cache.find({ queryKey: orders.detail(7) })).toBeDefined();
    expect(cache.findAll({ queryKey: orders.lists() })).toHaveLength(KEPT_LIST_PAGES + 1);
  });
});
