import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

describe('queryKeys', () => {
  const keys = queryKeys('orders');

  it('builds the keys the screens used by hand: domain, then list or detail, then the query or id', () => {
    const search = { page: 2, status: [1, 2] };
    expect(keys.all).toEqual(['orders']);
    expect(keys.lists()).toEqual(['orders', 'list']);
    expect(keys.list(search)).toEqual(['orders', 'list', search]);
    expect(keys.details()).toEqual(['orders', 'detail']);
    expect(keys.detail(7)).toEqual(['orders', 'detail', 7]);
    expect(keys.other('changes', { q: 'x' }, 0)).toEqual(['orders', 'changes', { q: 'x' }, 0]);
    expect(queryKeys('orders').all).toEqual(keys.all);
  });

  it('nests them: all reaches every query of the domain, lists() the pages only, detail(id) one record', async () => {
    const client = new QueryClient();
    const seed = (key: readonly unknown[]) => client.setQueryData(key, 'cached');
    const stale = () =>
      client
        .getQueryCache()
        .findAll()
        .filter((query) => query.state.isInvalidated)
        .map((query) => query.queryKey);
    const page = keys.list({ page: 1 });
    for (const key of [page, keys.detail(1), keys.detail(2), keys.other('stores'), queryKeys('items').all])
      seed(key);

    await client.invalidateQueries({ queryKey: keys.lists() });
    expect(stale()).toEqual([page]);
    await client.invalidateQueries({ queryKey: keys.detail(2) });
    expect(stale()).toEqual([page, keys.detail(2)]);
    await client.invalidateQueries({ queryKey: keys.all });
    expect(stale()).toEqual([page, keys.detail(1), keys.detail(2), keys.other('stores')]);
    client.clear();
  });
});
