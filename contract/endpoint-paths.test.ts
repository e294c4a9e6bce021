import { describe, expect, it } from 'vitest';
import { ENDPOINT_PATHS } from './endpoint-paths.gen';
import { ENDPOINTS } from './endpoints';

describe('the generated method/path list', () => {
  it('is the endpoint table’s methods and paths (run `npm run gen:endpoints` when it is not)', () => {
    const fromTable = Object.fromEntries(
      Object.entries(ENDPOINTS).map(([name, e]) => [name, { method: e.method, path: e.path }]),
    );
    expect(ENDPOINT_PATHS).toEqual(fromTable);
  });
});
