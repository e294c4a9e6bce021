import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, send, type Session, signIn, type TestServer } from '../test/harness';
import { emptyObjects } from '../test/worst-cases';
import { JSON_BOUNDS_MESSAGE, MAX_JSON_DEPTH, MAX_JSON_VALUES, withinJsonBounds } from './json-bounds';

/*
 * The JSON body bounds (issue 23): a body holding more values, or nested deeper, than any
 * call of this API needs is refused before it is parsed.
 */

const array = (n: number) => JSON.stringify(Array(n).fill(0));
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('withinJsonBounds', () => {
  it(`counts values and nesting: ${MAX_JSON_VALUES} values and ${MAX_JSON_DEPTH} levels pass, one more does not`, () => {
    expect(withinJsonBounds(array(MAX_JSON_VALUES - 1))).toBe(true);
    expect(withinJsonBounds(array(MAX_JSON_VALUES + 1))).toBe(false);
    expect(withinJsonBounds(nested(MAX_JSON_DEPTH))).toBe(true);
    expect(withinJsonBounds(nested(MAX_JSON_DEPTH + 1))).toBe(false);
    expect(withinJsonBounds(emptyObjects(330_000))).toBe(false);
  });

  it('does not count separators and brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: ',[{'.repeat(50_000), b: 'say \\"[[[[\\" ,,,', c: '\\', d: [1, 2] });
    expect(withinJsonBounds(text)).toBe(true);
    expect(withinJsonBounds(JSON.stringify({ a: '\\"', b: Array(MAX_JSON_VALUES + 1).fill(0) }))).toBe(false);
  });

  it('leaves broken JSON to the parser', () => {
    expect(withinJsonBounds('{"a":"never closed')).toBe(true);
    expect(withinJsonBounds('}}}]]]')).toBe(true);
  });
});

describe('a request body past the bounds', () => {
  let t: TestServer;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestServer({}, { orders: 20 });
    admin = await signIn(t.app, 'BlueTikAdmin');
  });
  afterAll(() => t.close());

  it('is refused with 400 and one message, on any route, before it is parsed', async () => {
    for (const [path, body] of [
      ['/api/orders/createorder', `{"lines":${emptyObjects(330_000)}}`],
      ['/api/roles/upsertrole', `{"name":${nested(100_000)}}`],
      ['/api/accounts/login', array(20_000)],
    ] as const) {
      const r = await send(t.app, 'POST', path, { session: admin, body });
      expect(r.status, path).toBe(400);
      expect(r.body).toEqual({ isSuccess: false, result: null, errorMessages: [JSON_BOUNDS_MESSAGE] });
    }
  });
});
