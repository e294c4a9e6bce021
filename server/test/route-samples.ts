import { ENDPOINTS, type EndpointName } from '#contract/endpoints';
import { userFormValues } from '#contract/users';
import { call, DEMO_ACCOUNTS, type TestServer } from './harness';
import { SAMPLE_CUSTOMER } from './sample-customer';

/*
 * One well-formed request per route, for the security suites (CSRF, fuzzing): real ids in
 * paths and bodies the contract accepts, so a refusal can only come from what a test
 * breaks. Generated from ENDPOINTS: a route added later gets its path filled with an
 * existing id and an empty JSON object as its body, and is covered without edits here.
 */

/** A request for one route. */
export interface Sample {
  name: EndpointName;
  method: 'GET' | 'POST' | 'DELETE';
  /** The full URL (with /api). */
  url: string;
  /** JSON body for POST routes. */
  body?: Record<string, unknown>;
}

/** Ids of existing rows the samples name. */
export interface SampleIds {
  order: number;
  category: number;
  item: number;
  /** A user that may be removed (an extra store, not a demo account of the README). */
  user: number;
  role: number;
  /** A saved view the admin owns, shared with everyone (the store seeds none; `sampleIds` makes one). */
  view?: number;
}

/** Existing ids to put in paths and bodies. */
export async function sampleIds(t: TestServer): Promise<SampleIds> {
  const db = t.db.kysely;
  const first = async (table: 'orders' | 'categories' | 'items' | 'roles') =>
    (await db.selectFrom(table).select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('phone_number', '=', '9000000008')
    .executeTakeFirstOrThrow();
  return {
    order: await first('orders'),
    category: await first('categories'),
    item: await first('items'),
    user: user.id,
    role: await first('roles'),
    view: await sampleView(t),
  };
}

/** The admin's sample view (made once per database, as upsertview would store it). */
async function sampleView(t: TestServer): Promise<number> {
  const db = t.db.kysely;
  const existing = await db
    .selectFrom('list_views')
    .select('id')
    .where('name', '=', 'Sample view')
    .executeTakeFirst();
  if (existing) return existing.id;
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('phone_number', '=', DEMO_ACCOUNTS.BlueTikAdmin.mobile)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const row = await db
    .insertInto('list_views')
    .values({
      list: 'orders',
      owner_user_id: admin.id,
      store_user_id: null,
      name: 'Sample view',
      name_key: 'sample view',
      share: 'everyone',
      filter: '{"status":[1]}',
      layout: JSON.stringify(validBodies({} as SampleIds, {}).upsertView.layout),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A valid order update for order `id` (status Accepted, a delivery time and price). */
export const validOrderUpdate = (id: number) => ({
  id,
  status: 1,
  expecteddeliverydate: '',
  exphours: 5,
  expminutes: 30,
  exptimeperiod: 'PM',
  deliveryprice: 10,
  issettled: 'No',
  cancelledreason: 0,
  orderUnAvailableUserItems: '',
  orderItemsPrice: '',
});

/** Valid bodies of the create/update routes (BlueTikAdmin's view). */
export function validBodies(ids: SampleIds, profile: Record<string, unknown>) {
  return {
    login: { username: DEMO_ACCOUNTS.BlueTikAdmin.mobile, password: DEMO_ACCOUNTS.BlueTikAdmin.password },
    // A wrong current password: well-formed, answered, and changes nothing.
    changePassword: {
      currentpassword: 'Not@Current1',
      newpassword: 'Changed@123',
      confirmpassword: 'Changed@123',
    },
    editUserProfile: { ...profile },
    upsertOrder: validOrderUpdate(ids.order),
    // storeId is read from BlueTikAdmin only; every other caller's order is for its own store.
    createOrder: {
      storeId: ids.user,
      orderUserName: 'Sample Customer',
      ...SAMPLE_CUSTOMER,
      orderUserAddress2: '',
      orderUserAddress3: '',
      paymentType: 'PayOnDelivery',
      lines: [{ itemId: ids.item, itemsCount: 1 }],
      expectedDeliveryDate: '',
      expHours: 10,
      expMinutes: 30,
      expTimePeriod: 'AM',
      deliveryPrice: 20,
    },
    upsertCategory: {
      id: '',
      name: 'Sample Category',
      subcategory: 'Sample Sub',
      description: 'A sample category',
      image: 'sample-image',
      associatedItems: '',
    },
    upsertItem: {
      id: '',
      name: 'Sample Item',
      description: 'A sample item',
      brand: 'Sample Brand',
      category: 'Sample Category',
      subCategory: 'Sample Sub',
      qty: '1 kg',
      image: '',
      price: '10.50',
      mrp: '12',
    },
    upsertUser: {
      ...userFormValues(),
      name: 'Sample User',
      email: 'sample@example.com',
      phoneNumber: '9111111111',
      passWord: 'Sample@1',
      role: 'WebUser',
    },
    upsertRole: { id: ids.role, name: 'BlueTikAdmin', description: 'Platform administrator' },
    // A new view (the admin may share with everyone); a filter and layout with every part.
    upsertView: {
      list: 'orders',
      name: 'Sample view (new)',
      share: 'everyone',
      filter: { status: [0, 1], paymentType: 'Online', from: '2026-01-01', to: '2026-12-31', q: 'ravi' },
      layout: {
        order: ['orderNumber', 'status'],
        hidden: ['merchantName'],
        pinned: ['orderNumber'],
        widths: { status: 120 },
        density: 'compact',
      },
    },
    setDefaultView: { list: 'orders', id: ids.view ?? null },
  } satisfies Partial<Record<EndpointName, Record<string, unknown>>>;
}

/** The path of `name` with its parameters filled from `ids` (the caller's phone for :userId). */
export function pathOf(name: EndpointName, ids: SampleIds, phone: string): string {
  const { path } = ENDPOINTS[name];
  const idFor: Partial<Record<EndpointName, number>> = {
    removeOrder: ids.order,
    removeCategory: ids.category,
    removeItem: ids.item,
    removeUser: ids.user,
    removeRole: ids.role,
    getCategoryById: ids.category,
    getItemById: ids.item,
    getUserById: ids.user,
    getRoleById: ids.role,
    getView: ids.view,
    removeView: ids.view,
  };
  return `/api${path.replace(':userId', phone).replace(/:\w+/g, String(idFor[name] ?? ids.order))}`;
}

/** One well-formed request per route, as BlueTikAdmin (session `phone`). */
export async function samples(
  t: TestServer,
  session: { token: string; csrf: string },
  phone: string = DEMO_ACCOUNTS.BlueTikAdmin.mobile,
): Promise<Sample[]> {
  const ids = await sampleIds(t);
  const profile = (await call(t.app, 'getUserByUserId', { params: { userId: phone }, session })).body
    .result as Record<string, unknown>;
  const bodies: Partial<Record<EndpointName, Record<string, unknown>>> = validBodies(ids, profile);
  return (Object.keys(ENDPOINTS) as EndpointName[]).map((name) => {
    const { method } = ENDPOINTS[name];
    return {
      name,
      method,
      url: pathOf(name, ids, phone),
      ...(method === 'POST' ? { body: bodies[name] ?? {} } : {}),
    };
  });
}
