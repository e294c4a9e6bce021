import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { EndpointName } from '#contract/endpoints';
import { storedViewFilter } from '#contract/list-views';
import { ORDER_SORT_COLUMNS, type OrderViewFilter } from '#contract/lists';
import { DEMO_ACCOUNTS, send } from './harness';
import { admin, all, expectSane, fuzzedStore, rebase, request, SCHEMAS, share, t } from './fuzz.fixtures';

// ---------------------------------------------------------------------------------
// Valid inputs: accepted and read back equal

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
    // Sent without a version (as the spec's clients do: decision 041), so each edit applies.
    const { version: _version, ...current } = await get(`/api/user/getuserbyid/${id}`);
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

  it('saved views (edits of the admin’s sample view: any filter, layout and name)', async () => {
    const { id } = await t.db.kysely
      .selectFrom('list_views')
      .select('id')
      .where('name', '=', 'Sample view')
      .executeTakeFirstOrThrow();
    const column = fc.constantFrom('orderNumber', 'status', 'orderUserName', 'totalPrice', 'merchantName');
    const day = fc
      .date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    await roundTrip(
      'upsertView',
      fc.record({
        id: fc.constant(id),
        list: fc.constant('orders'),
        name: typed(1, 60),
        share: fc.constantFrom('private', 'everyone'),
        filter: fc.record(
          {
            status: fc.subarray([0, 1, 2, 3, 4]),
            paymentType: fc.constantFrom('Online', 'PayOnDelivery'),
            isSettled: fc.constantFrom('Yes', 'No'),
            from: day,
            to: day,
            upcoming: fc.constantFrom('Yes', 'No'),
            pageSize: fc.integer({ min: 1, max: 500 }),
            sort: fc.constantFrom(...ORDER_SORT_COLUMNS),
            order: fc.constantFrom('asc', 'desc'),
            q: typed(0, 100),
          },
          { requiredKeys: [] },
        ),
        layout: fc.record({
          order: fc.uniqueArray(column),
          hidden: fc.uniqueArray(column),
          pinned: fc.uniqueArray(column),
          widths: fc.dictionary(column, fc.integer({ min: 48, max: 800 })),
          density: fc.constantFrom('comfortable', 'compact'),
        }),
      }),
      async (saved, o) => [
        await get(`/api/views/getview/${saved.id}`),
        {
          name: o.name,
          share: o.share,
          filter: storedViewFilter(o.filter as OrderViewFilter),
          layout: o.layout,
        },
      ],
    );
  }, 600_000);

  it('own profile', async () => {
    // Sent without a version (as the spec's clients do: decision 041), so each edit applies.
    const { version: _version, ...profile } = await get(
      `/api/accounts/getuserbyuserid/${DEMO_ACCOUNTS.BlueTikAdmin.mobile}`,
    );
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
