import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChangePasswordSchema, LoginSchema } from '#contract/auth';
import { MAX_ISSUES } from '#contract/bounded';
import { CategoryUpsertSchema } from '#contract/categories';
import { ENDPOINTS, type EndpointName } from '#contract/endpoints';
import { ItemUpsertSchema } from '#contract/items';
import { OrderUpdateSchema } from '#contract/order-update';
import { EditProfileSchema } from '#contract/profile';
import { RoleUpsertSchema } from '#contract/roles';
import { UserUpsertSchema } from '#contract/users';
import { MAX_BODY_BYTES } from '../http/json-bounds';
import { createTestServer, DEMO_ACCOUNTS, issueSession, send, type TestServer } from './harness';
import { samples, type Sample } from './route-samples';
import { changedTables, snapshot, type Snapshot } from './snapshot';
import { worstCases } from './worst-cases';

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

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const BODY_LIMIT = MAX_BODY_BYTES;
const MISSING_ID = 2_000_000_000;
/** GET routes the spec makes writes (see csrf-every-route.test.ts). */
const WRITING_GETS = new Set<EndpointName>(['logout', 'bulkItemsInsert']);
/** Routes that answer documents, not envelopes. */
const DOCUMENTS = new Set<EndpointName>(['openApi', 'apiDocs']);
/** What must never appear in an answer: stack frames, SQL, driver errors, secrets. */
const LEAK =
  /at .*\.ts:|\.ts:\d+:\d+|SELECT |INSERT INTO|UPDATE "|SQLITE_|syntax error|node_modules|\$argon2|password_?hash|token_?version/;

/** The contract schema of each known body: the oracle of what is valid. */
const SCHEMAS: Partial<Record<EndpointName, v.GenericSchema>> = {
  login: LoginSchema,
  changePassword: ChangePasswordSchema,
  editUserProfile: EditProfileSchema,
  upsertOrder: OrderUpdateSchema,
  upsertCategory: CategoryUpsertSchema,
  upsertItem: ItemUpsertSchema,
  upsertUser: UserUpsertSchema,
  upsertRole: RoleUpsertSchema,
};

let t: TestServer;
let admin: { token: string; csrf: string };
let all: Sample[];
let baseline: Snapshot;
const counts = new Map<string, number>();
/** Mutated bodies the server accepted (valid after all), per route. */
const acceptedCounts = new Map<string, number>();
const started = performance.now();

/** The store user the users properties edit (the designated one; never the admin). */
let fuzzedStore: number;
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
const HOSTILE = [
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

const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.array(fc.constantFrom(...HOSTILE.slice(0, 20)), { maxLength: 5 }).map((xs) => xs.join('')),
);

const QUERY_KEYS = [
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
const queryValue = fc.oneof(
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
const queryString = fc
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
const encode = (s: string) =>
  encodeURIComponent(
    s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );

/** Path parameters that name no row: not digits, zero, negative, or beyond every id. */
const badParam = fc
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
const malformedBody = fc.oneof(
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
const anyValue = fc.oneof(
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

interface Answer {
  status: number;
  body: { isSuccess?: unknown; result?: unknown; errorMessages?: unknown };
  text: string;
}

async function request(s: Sample, url: string, body?: string, session = admin): Promise<Answer> {
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
function expectSane(s: Sample, a: Answer, input: string) {
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
async function expectUnchanged(where: string) {
  const now = await snapshot(t.db);
  expect(changedTables(baseline, now), `writes after ${where}`).toEqual([]);
}

/** After an accepted write: the new state is the baseline. */
async function rebase() {
  baseline = await snapshot(t.db);
}

const share = (fraction: number) => Math.max(2, Math.round(RUNS * fraction));
const routes = (pred: (s: Sample) => boolean) => (): Sample[] => all.filter(pred);
const hasParams = (s: Sample) => /:\w+/.test(ENDPOINTS[s.name].path);
/** A URL for `s` that names no row, so even a DELETE can't remove anything. */
const harmlessUrl = (s: Sample) =>
  s.method === 'DELETE' ? `/api${ENDPOINTS[s.name].path.replace(/:\w+/g, String(MISSING_ID))}` : s.url;

// ---------------------------------------------------------------------------------
// Properties per route

describe('fuzzing every route', () => {
  beforeEach(rebase);

  it('query strings: known and unknown keys, arrays, negatives, NaN, huge numbers, odd encodings', async () => {
    for (const s of routes(() => true)()) {
      const writes = WRITING_GETS.has(s.name);
      await fc.assert(
        fc.asyncProperty(queryString, async (qs) => {
          // Logout ends its session: give each call a session of its own.
          const session =
            s.name === 'logout' ? await issueSession(t, DEMO_ACCOUNTS.BlueTikAdmin.mobile) : admin;
          const body = s.method === 'POST' ? '{}' : undefined;
          const a = await request(s, `${harmlessUrl(s)}?${qs}`, body, session);
          expectSane(s, a, qs);
        }),
        { numRuns: s.method === 'GET' ? share(hasParams(s) ? 0.6 : 1) : share(0.1) },
      );
      if (writes) await rebase();
      else await expectUnchanged(`${s.name} query fuzzing`);
    }
  }, 600_000);

  it('path parameters that name no row: 4xx, nothing written', async () => {
    for (const s of routes(hasParams)()) {
      await fc.assert(
        fc.asyncProperty(badParam, async (p) => {
          const url = `/api${ENDPOINTS[s.name].path.replace(/:\w+/g, encode(p))}`;
          const a = await request(s, url, s.method === 'POST' ? '{}' : undefined);
          expectSane(s, a, p);
          expect(a.status, `${url} → ${a.status}`).toBeGreaterThanOrEqual(400);
        }),
        { numRuns: s.method === 'GET' ? share(0.4) : share(0.9) },
      );
      await expectUnchanged(`${s.name} path fuzzing`);
    }
  }, 600_000);

  it('malformed JSON and bodies that are not objects: 400 (413 past the limit), nothing written', async () => {
    for (const s of routes((r) => r.method === 'POST')()) {
      await fc.assert(
        fc.asyncProperty(malformedBody, async (body) => {
          const a = await request(s, s.url, body);
          expectSane(s, a, body.slice(0, 100));
          expect([400, 413], `${s.name} ${body.slice(0, 60)} → ${a.status}`).toContain(a.status);
        }),
        { numRuns: share(0.2) },
      );
      await expectUnchanged(`${s.name} malformed bodies`);
    }
  }, 600_000);

  it('huge bodies: over the limit 413, under it refused by field limits; nothing written', async () => {
    for (const s of routes((r) => r.method !== 'GET')()) {
      const base = s.body ?? {};
      const keys = Object.keys(base).length ? Object.keys(base) : ['name'];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...keys),
          fc.integer({ min: 20_000, max: BODY_LIMIT * 2 }),
          fc.constantFrom('a', '|', ',', '%', '😀', '\u0000'),
          async (key, size, unit) => {
            const body = JSON.stringify({ ...base, [key]: unit.repeat(Math.ceil(size / unit.length)) });
            const a = await request(s, harmlessUrl(s), body);
            expectSane(s, a, `${key}: ${size} × ${unit}`);
            if (Buffer.byteLength(body) > BODY_LIMIT) expect(a.status).toBe(413);
            // Under the limit a long value is refused by its field's limit, or (an encoded
            // list of empty entries, say) valid after all.
            if (a.status >= 400) await expectUnchanged(`${s.name} ${key} ${size}`);
            else await rebase();
          },
        ),
        { numRuns: share(0.05) },
      );
    }
  }, 600_000);

  it(`worst requests near the 1 MB limit (every list as long as it fits): a bounded answer, at most ${MAX_ISSUES} messages`, async () => {
    for (const s of routes(() => true)()) {
      const full = worstCases(s);
      await fc.assert(
        fc.asyncProperty(
          fc.nat(full.length - 1),
          fc.integer({ min: Math.floor(BODY_LIMIT / 2), max: BODY_LIMIT - 4096 }),
          async (pick, budget) => {
            const c = worstCases(s, budget)[pick]!;
            // Logout ends its session: give each call a session of its own.
            const session =
              s.name === 'logout' ? await issueSession(t, DEMO_ACCOUNTS.BlueTikAdmin.mobile) : admin;
            const a = await request({ ...s, method: c.method }, c.url, c.body?.(), session);
            expectSane(s, a, c.label);
            expect(
              ((a.body.errorMessages ?? []) as unknown[]).length,
              `${s.name} ${c.label}`,
            ).toBeLessThanOrEqual(MAX_ISSUES);
            if (a.status >= 400 && !WRITING_GETS.has(s.name)) await expectUnchanged(`${s.name} ${c.label}`);
            else await rebase();
          },
        ),
        // Every case once at the largest size, then sizes between half the limit and that.
        { numRuns: full.length + share(0.02), examples: full.map((_, i) => [i, BODY_LIMIT - 4096]) },
      );
    }
  }, 600_000);

  it('wrong types, hostile text and separators in fields: refused when the contract refuses, nothing written then', async () => {
    for (const s of routes((r) => r.method === 'POST')()) {
      const base = s.body ?? {};
      const schema = SCHEMAS[s.name];
      const keys = [...new Set([...Object.keys(base), 'id', 'name'])];
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom(...keys), fc.oneof(anyValue, hostileText)), {
            minLength: 1,
            maxLength: 4,
          }),
          async (changes) => {
            const input = { ...base, ...Object.fromEntries(changes) } as Record<string, unknown>;
            // Creating users hashes a password per case; keep the fuzzer on the checks.
            // and never another user than the designated store (the admin's own role is at stake).
            // (A generated id may be an object without a prototype: String() would throw on it.)
            const idText =
              typeof input.id === 'string' || typeof input.id === 'number' ? String(input.id) : '';
            if (s.name === 'upsertUser' && (!input.id || /^\s*\d+\s*$/.test(idText))) input.id = fuzzedStore;
            // Never the signed-in admin's own password (that would end the fuzzing session).
            if (s.name === 'changePassword') input.currentpassword = 'Not@Current1';
            const body = JSON.stringify(input);
            const a = await request(s, s.url, body);
            expectSane(s, a, body);
            const valid = schema ? v.safeParse(schema, input).success : undefined;
            if (valid === false) expect(a.status, `contract refuses ${body.slice(0, 200)}`).toBe(400);
            if (a.status >= 400) await expectUnchanged(`${s.name} ${body.slice(0, 200)}`);
            else {
              accepted++;
              await rebase();
            }
          },
        ),
        { numRuns: share(0.35) },
      );
      acceptedCounts.set(s.name, accepted);
    }
  }, 600_000);
});

// ---------------------------------------------------------------------------------
// Valid inputs: accepted and read back equal

async function userId(phone: string): Promise<number | undefined> {
  const row = await t.db.kysely
    .selectFrom('users')
    .select('id')
    .where('phone_number', '=', phone)
    .executeTakeFirst();
  return row?.id;
}

/** Text a user may type: letters of any script, emoji, RTL marks, the codecs' separators. */
const typed = (min: number, max: number) =>
  fc
    .string({
      unit: fc.oneof(
        { weight: 6, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            '|',
            ',',
            '%',
            ' ',
            '\u202E',
            '😀',
            '👩‍👩‍👧',
            'é',
            'ل',
            "'",
            '"',
            '\\',
            '\uD800',
            '\uDFFF',
          ),
        },
      ),
      minLength: min,
      maxLength: max,
    })
    .filter((s) => s.trim().length >= min && s.length <= max);

/** One valid-input property: generate, post, read back, compare. */
async function roundTrip<T extends Record<string, unknown>>(
  name: EndpointName,
  arb: fc.Arbitrary<T>,
  readBack: (saved: { id: number }, out: Record<string, unknown>) => Promise<[unknown, unknown]>,
) {
  const s = all.find((x) => x.name === name)!;
  const schema = SCHEMAS[name]!;
  await fc.assert(
    fc.asyncProperty(
      arb.filter((b) => v.safeParse(schema, b).success),
      async (input) => {
        const out = v.parse(schema, input) as Record<string, unknown>;
        const a = await request(s, s.url, JSON.stringify(input));
        expectSane(s, a, JSON.stringify(input));
        expect(a.status, `${name} ${JSON.stringify(input)} → ${a.text}`).toBe(200);
        const [got, want] = await readBack(a.body.result as { id: number }, out);
        expect(got, `${name} read back`).toMatchObject(want as object);
      },
    ),
    { numRuns: share(0.2) },
  );
  await rebase();
}

const get = async (url: string) => {
  const r = await send(t.app, 'GET', url, { session: admin });
  expect(r.status, url).toBe(200);
  return r.body.result as Record<string, unknown>;
};

describe('valid generated inputs are accepted and read back equal', () => {
  it('categories', async () => {
    await roundTrip(
      'upsertCategory',
      fc.record({
        id: fc.constant(''),
        name: typed(4, 100),
        subcategory: typed(4, 100),
        description: typed(4, 100),
        image: typed(4, 200),
        associatedItems: fc.constant(''),
      }),
      async (saved, o) => [
        await get(`/api/categories/getcategorybyid/${saved.id}`),
        { name: o.name, subCategory: o.subcategory, description: o.description, image: o.image },
      ],
    );
  }, 600_000);

  it('items', async () => {
    const money = fc.integer({ min: 0, max: 1_000_000 }).map((p) => (p / 100).toFixed(p % 3 === 0 ? 0 : 2));
    await roundTrip(
      'upsertItem',
      fc.record({
        id: fc.constant(''),
        name: typed(4, 100),
        description: typed(4, 100),
        brand: typed(4, 100),
        category: typed(4, 100),
        subCategory: typed(4, 100),
        qty: typed(2, 100),
        image: fc.oneof(fc.constant(''), typed(4, 200)),
        price: money,
        mrp: money,
      }),
      async (saved, o) => [
        await get(`/api/items/getitembyid/${saved.id}`),
        {
          name: o.name,
          description: o.description,
          brand: o.brand,
          category: o.category,
          subCategory: o.subCategory,
          qty: o.qty,
          image: o.image,
          price: (o.price as number) / 100,
          mrp: (o.mrp as number) / 100,
        },
      ],
    );
  }, 600_000);

  it('roles (descriptions of the existing four)', async () => {
    const roles = (await get('/api/roles/listroles')) as unknown as { id: number; name: string }[];
    await roundTrip(
      'upsertRole',
      fc
        .record({
          role: fc.constantFrom(...roles),
          description: typed(1, 40),
        })
        .map(({ role, description }) => ({ id: role.id, name: role.name, description })),
      async (saved, o) => [
        await get(`/api/roles/getrolebyid/${saved.id}`),
        { name: o.name, description: o.description },
      ],
    );
  }, 600_000);

  it('users (edits of an existing store; a few new users with passwords)', async () => {
    const id = fuzzedStore;
    const current = await get(`/api/user/getuserbyid/${id}`);
    const opt = (max: number) => fc.oneof(fc.constant(''), typed(4, max));
    await roundTrip(
      'upsertUser',
      fc
        .record({
          create: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
          phone: fc.integer({ min: 0, max: 99_999_999 }).map((n) => `91${String(n).padStart(8, '0')}`),
          name: typed(4, 30),
          address1: opt(40),
          city: opt(40),
          bussinessName: typed(4, 30),
          bussinessType: opt(40),
          description: opt(40),
          deliveryTime: fc.integer({ min: 0, max: 1000 }),
          deliveryPrice: fc.integer({ min: 0, max: 1000 }),
          isOnlinePaymentEnabled: fc.constantFrom('Yes', 'No'),
          isHomeDeliveryAvailable: fc.constantFrom('Yes', 'No'),
        })
        .map(({ create, phone, ...fields }) => ({
          ...current,
          ...fields,
          ...(create
            ? {
                id: '',
                phoneNumber: phone,
                passWord: 'Fuzz@123',
                role: 'WebUser',
                ispasswordchangeconfirms: 'No',
              }
            : { id, passWord: '', ispasswordchangeconfirms: 'No' }),
        })),
      async (saved, o) => {
        // A number already taken answers '' (spec: "User already exists"); nothing to read.
        if (!saved) return [{}, {}];
        const { passWord: _p, ispasswordchangeconfirms: _c, id: _id, ...fields } = o;
        return [await get(`/api/user/getuserbyid/${saved.id}`), fields];
      },
    );
  }, 600_000);

  it('order updates', async () => {
    // Pay-on-delivery orders: an Online order keeps its paid prices (spec §4), so only these
    // take every field as sent.
    const orders = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('payment_type', '=', 'PayOnDelivery')
      .limit(10)
      .execute();
    await roundTrip(
      'upsertOrder',
      fc
        .record({
          id: fc.constantFrom(...orders.map((o) => o.id)),
          status: fc.integer({ min: 0, max: 4 }),
          reason: fc.integer({ min: 1, max: 10 }),
          expecteddeliverydate: fc.oneof(
            fc.constant(''),
            fc
              .date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
              .map((d) => d.toISOString().slice(0, 10)),
          ),
          exphours: fc.integer({ min: 1, max: 12 }),
          expminutes: fc.integer({ min: 0, max: 59 }),
          exptimeperiod: fc.constantFrom('AM', 'PM'),
          deliveryprice: fc.integer({ min: 0, max: 1000 }),
          issettled: fc.constantFrom('Yes', 'No'),
        })
        .map(({ reason, ...o }) => ({
          ...o,
          cancelledreason: o.status === 4 ? reason : 0,
          orderUnAvailableUserItems: '',
          orderItemsPrice: '',
        })),
      async (saved, o) => [
        await get(`/api/orders/getorderbyid/${saved.id}`),
        {
          status: o.status,
          expectedDeliveryDate: o.expecteddeliverydate,
          expHours: o.exphours,
          expMinutes: o.expminutes,
          expTimePeriod: o.exptimeperiod,
          deliveryPrice: (o.deliveryprice as number) / 100,
          isSettled: o.issettled,
          cancelledReason: o.cancelledreason,
        },
      ],
    );
  }, 600_000);

  it('own profile', async () => {
    const profile = await get(`/api/accounts/getuserbyuserid/${DEMO_ACCOUNTS.BlueTikAdmin.mobile}`);
    await roundTrip(
      'editUserProfile',
      fc
        .record({
          name: typed(4, 30),
          address1: typed(4, 40),
          address2: typed(4, 40),
          address3: typed(4, 40),
          city: typed(4, 40),
          bussinessName: typed(4, 30),
          deleveryMessage: fc.oneof(fc.constant(''), typed(4, 30)),
          bussinessType: typed(4, 40),
          description: typed(4, 40),
          deliveryTime: fc.integer({ min: 0, max: 1000 }),
          deliveryPrice: fc.integer({ min: 0, max: 1000 }),
        })
        .map((fields) => ({ ...profile, ...fields })),
      async (_saved, o) => {
        const { id: _id, phoneNumber: _p, ...fields } = o;
        return [await get(`/api/accounts/getuserbyuserid/${DEMO_ACCOUNTS.BlueTikAdmin.mobile}`), fields];
      },
    );
  }, 600_000);
});
