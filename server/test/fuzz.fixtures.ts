import fc from 'fast-check';
import type * as v from 'valibot';
import { afterAll, beforeAll, expect } from 'vitest';
import { ChangePasswordSchema, LoginSchema } from '#contract/auth';
import { CategoryUpsertSchema } from '#contract/categories';
import { ENDPOINTS, type EndpointName } from '#contract/endpoints';
import { ItemUpsertSchema } from '#contract/items';
import { ListViewDefaultSchema, ListViewUpsertSchema } from '#contract/list-views';
import { OrderUpdateSchema } from '#contract/order-update';
import { EditProfileSchema } from '#contract/profile';
import { RoleUpsertSchema } from '#contract/roles';
import { UserUpsertSchema } from '#contract/users';
import { MAX_BODY_BYTES } from '../http/json-bounds';
import { createTestServer, DEMO_ACCOUNTS, issueSession, type TestServer } from './harness';
import { samples, type Sample } from './route-samples';
import { changedTables, snapshot, type Snapshot } from './snapshot';

/*
 * Fuzzing every route of ENDPOINTS with fast-check (issue 8 §2), as BlueTikAdmin (every
 * grant, so inputs reach the handlers): hostile query strings, path parameters, malformed
 * and wrongly typed bodies, unicode and codec separators in text, huge bodies. For every
 * answer: never 5xx, always the JSON envelope, no stack trace, SQL or secret in it. A
 * refused input (4xx) leaves the database exactly as it was (a hash of every table), and
 * an input the contract schema refuses is refused. Valid generated inputs are accepted and
 * read back equal. A route added to ENDPOINTS is fuzzed without edits (path, query and
 * body properties); the schemas below only add the oracle and read-back for known routes.
 *
 * FUZZ_RUNS is the number of cases per route (split across its properties); the test run
 * sets it per database (vitest.config.ts: 200 on SQLite, 50 on PostgreSQL), `npm run test:fuzz` runs 1,000.
 */

export const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
export const BODY_LIMIT = MAX_BODY_BYTES;
export const MISSING_ID = 2_000_000_000;
/** GET routes the spec makes writes (see csrf-every-route.test.ts). */
export const WRITING_GETS = new Set<EndpointName>(['logout', 'bulkItemsInsert']);
/** Routes that answer documents, not envelopes. */
export const DOCUMENTS = new Set<EndpointName>(['openApi', 'apiDocs']);
/** What must never appear in an answer: stack frames, SQL, driver errors, secrets. */
export const LEAK =
  /at .*\.ts:|\.ts:\d+:\d+|SELECT |INSERT INTO|UPDATE "|SQLITE_|syntax error|node_modules|\$argon2|password_?hash|token_?version/;

/** The contract schema of each known body: the oracle of what is valid. */
export const SCHEMAS: Partial<Record<EndpointName, v.GenericSchema>> = {
  login: LoginSchema,
  changePassword: ChangePasswordSchema,
  editUserProfile: EditProfileSchema,
  upsertOrder: OrderUpdateSchema,
  upsertCategory: CategoryUpsertSchema,
  upsertItem: ItemUpsertSchema,
  upsertUser: UserUpsertSchema,
  upsertRole: RoleUpsertSchema,
  upsertView: ListViewUpsertSchema,
  setDefaultView: ListViewDefaultSchema,
};

export let t: TestServer;
export let admin: { token: string; csrf: string };
export let all: Sample[];
export let baseline: Snapshot;
export const counts = new Map<string, number>();
/** Mutated bodies the server accepted (valid after all), per route. */
export const acceptedCounts = new Map<string, number>();
export const started = performance.now();

/** A user's id by phone number. */
export async function userId(phone: string): Promise<number | undefined> {
  const row = await t.db.kysely
    .selectFrom('users')
    .select('id')
    .where('phone_number', '=', phone)
    .executeTakeFirst();
  return row?.id;
}

/** The store user the users properties edit (the designated one; never the admin). */
export let fuzzedStore: number;
beforeAll(async () => {
  t = await createTestServer({}, { orders: 40 });
  admin = await issueSession(t, DEMO_ACCOUNTS.BlueTikAdmin.mobile);
  all = await samples(t, admin);
  // By id, fixed now: a valid fuzzed edit may give this store another phone number.
  fuzzedStore = (await userId('9000000007'))!;
  baseline = await snapshot(t.db);
});
afterAll(async () => {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const rows = [...counts.entries()].map(([k, n]) => `${k}=${n}`).join(' ');
  const accepted = [...acceptedCounts.entries()].map(([k, n]) => `${k}=${n}`).join(' ');
  console.log(
    `[fuzz] FUZZ_RUNS=${RUNS}: ${total} requests over ${counts.size} routes in ${seconds} s, 0 failures\n` +
      `[fuzz] requests per route: ${rows}\n[fuzz] mutated bodies accepted as valid: ${accepted}`,
  );
  await t.close();
});

// ---------------------------------------------------------------------------------
// Inputs

/** Strings that have broken parsers, codecs and databases before. */
export const HOSTILE = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦',
  '🔥'.repeat(30),
  'e\u0301',
  '\uFEFF',
  '|',
  ',',
  '%',
  '|,|,%',
  'a|b,c%d',
  '%00',
  '%7C%2C',
  '1|2,3|4',
  "'; drop table users; --",
  '" or ""="',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-1',
  '0',
  '1e308',
  '9'.repeat(400),
  'a'.repeat(5000),
];

export const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.array(fc.constantFrom(...HOSTILE.slice(0, 20)), { maxLength: 5 }).map((xs) => xs.join('')),
);

export const QUERY_KEYS = [
  'page',
  'pageSize',
  'sort',
  'order',
  'q',
  'status',
  'paymentType',
  'isSettled',
  'from',
  'to',
  'store',
  'year',
  'type',
  'isActive',
  'category',
  'subCategory',
  'upto',
  'upcoming',
  'since',
  'ids',
  '__proto__',
  'constructor',
  'page[]',
  'a[b]',
];
export const queryValue = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    'NaN',
    'Infinity',
    '1e3',
    '0x10',
    '9007199254740993',
    '99999999999999999999',
    '[]',
    '{}',
  ),
  fc.integer().map(String),
  fc.double().map(String),
  hostileText,
);
/** A query string: known and unknown keys, repeated keys (arrays), odd encodings. */
export const queryString = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), hostileText), queryValue, fc.boolean()), {
    minLength: 1,
    maxLength: 6,
  })
  .map((pairs) =>
    pairs
      .map(([k, val, raw]) =>
        // Mostly well-encoded; sometimes raw (stray %, invalid escapes reach the parser).
        raw ? `${k.replace(/[#&=\s]/g, '')}=${val.replace(/[#&\s]/g, '')}` : `${encode(k)}=${encode(val)}`,
      )
      .join('&'),
  );

/** Percent-encodes as a browser does (a lone surrogate becomes U+FFFD first). */
export const encode = (s: string) =>
  encodeURIComponent(
    s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );

/** Path parameters that name no row: not digits, zero, negative, or beyond every id. */
export const badParam = fc
  .oneof(
    hostileText,
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      '0x1',
      ' 1',
      '1 ',
      '+1',
      '2147483648',
      '9007199254740993',
      '%2e%2e',
      '..',
    ),
    fc.bigInt({ min: 1_000_000_000n, max: 10n ** 30n }).map(String),
  )
  .filter((s) => !/^\s*\+?0*\d{1,9}\s*$/.test(s) || Number(s) === 0);

/** Bodies that are not JSON, or JSON that is not an object. */
export const malformedBody = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":undefined}',
    '\uFEFF{}',
    '{}garbage',
    '['.repeat(100_000),
    '{"a":'.repeat(50_000),
    '"\\uD800"',
    '{"__proto__":{"isAdmin":true}}',
    '',
  ),
  fc
    .jsonValue()
    .filter((j) => j === null || typeof j !== 'object' || Array.isArray(j))
    .map((j) => JSON.stringify(j)),
);

/** A value of any JSON type (the wrong one, mostly). */
export const anyValue = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  hostileText,
);

// ---------------------------------------------------------------------------------
// Checks

export interface Answer {
  status: number;
  body: { isSuccess?: unknown; result?: unknown; errorMessages?: unknown };
  text: string;
}

export async function request(s: Sample, url: string, body?: string, session = admin): Promise<Answer> {
  counts.set(s.name, (counts.get(s.name) ?? 0) + 1);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${session.token}`,
    Cookie: `XSRF-TOKEN=${session.csrf}`,
    'X-XSRF-TOKEN': session.csrf,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await t.app.request(url, {
    method: s.method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  let parsed: Answer['body'] = {};
  try {
    parsed = JSON.parse(text) as Answer['body'];
  } catch {
    // Left empty: the envelope check below reports it.
  }
  return { status: res.status, body: parsed, text };
}

/** What holds for every answer. */
export function expectSane(s: Sample, a: Answer, input: string) {
  const where = `${s.method} ${s.name} ${JSON.stringify(input).slice(0, 300)} → ${a.status} ${a.text.slice(0, 300)}`;
  expect(a.status, where).toBeLessThan(500);
  expect(LEAK.test(a.text), `leak in ${where}`).toBe(false);
  if (DOCUMENTS.has(s.name) && a.status === 200) return;
  expect(typeof a.body.isSuccess, `envelope: ${where}`).toBe('boolean');
  expect(Object.hasOwn(a.body, 'result'), `envelope: ${where}`).toBe(true);
  expect(Array.isArray(a.body.errorMessages), `envelope: ${where}`).toBe(true);
  expect(
    (a.body.errorMessages as unknown[]).every((m) => typeof m === 'string'),
    where,
  ).toBe(true);
  expect(a.body.isSuccess, where).toBe(a.status < 400);
}

/** After a refused input: the database is as it was. */
export async function expectUnchanged(where: string) {
  const now = await snapshot(t.db);
  expect(changedTables(baseline, now), `writes after ${where}`).toEqual([]);
}

/** After an accepted write: the new state is the baseline. */
export async function rebase() {
  baseline = await snapshot(t.db);
}

export const share = (fraction: number) => Math.max(2, Math.round(RUNS * fraction));
export const routes = (pred: (s: Sample) => boolean) => (): Sample[] => all.filter(pred);
export const hasParams = (s: Sample) => /:\w+/.test(ENDPOINTS[s.name].path);
/** A URL for `s` that names no row, so even a DELETE can't remove anything. */
export const harmlessUrl = (s: Sample) =>
  s.method === 'DELETE' ? `/api${ENDPOINTS[s.name].path.replace(/:\w+/g, String(MISSING_ID))}` : s.url;

// ---------------------------------------------------------------------------------
// Properties per route
