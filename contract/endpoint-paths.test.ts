import { describe, expect, it } from 'vitest';
import { ENDPOINT_PATHS } from './endpoint-paths.gen';
import { ENDPOINTS } from './endpoints';

describe('the generated method/path list', () => {
  it('is the endpoint table’s methods, paths and actions (run `npm run gen:endpoints` when it is not)', () => {
    const fromTable = Object.fromEntries(
      Object.entries(ENDPOINTS).map(([name, e]) => [
        name,
        { method: e.method, path: e.path, action: e.action },
      ]),
    );
    expect(ENDPOINT_PATHS).toEqual(fromTable);
  });
});
