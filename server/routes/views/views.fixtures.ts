import type { ListLayout, ListView } from '#contract/list-views';
import { call, type Answer, type TestServer } from '../../test/harness';
import { useSuite, type Principals } from '../../test/suite';

/* What the saved views' suites share: the test server, the principals and the calls. */

export let t: TestServer;
export let p: Principals;
export let anonymous: { csrf: string };

/** Registers the file's suite (few orders: views never read them). */
export function useViewsSuite() {
  useSuite({ orders: 40 }, (s) => {
    ({ t, anonymous } = s);
    p = s.as;
  });
}

type Caller = { token?: string; csrf?: string };

/** A layout the contract accepts. */
export const LAYOUT: ListLayout = {
  order: ['orderNumber', 'status', 'orderUserName'],
  hidden: ['merchantName'],
  pinned: ['orderNumber'],
  widths: { orderUserName: 220 },
  density: 'compact',
};

/** An upsertview body for a new private view named `name` (fields overridable). */
export const viewBody = (name: string, more: Record<string, unknown> = {}) => ({
  list: 'orders',
  name,
  share: 'private',
  filter: { status: ['1'], sort: 'orderUserName', order: 'desc' },
  layout: LAYOUT,
  ...more,
});

export const upsert = (s: Caller, body: unknown) =>
  call(t.app, 'upsertView', { session: s, body }) as Promise<Answer<ListView>>;
export const getView = (s: Caller, id: number | string) =>
  call(t.app, 'getView', { session: s, params: { id } }) as Promise<Answer<ListView>>;
export const listViews = (s: Caller, list?: string) =>
  call(t.app, 'listViews', { session: s, query: list === undefined ? {} : { list } }) as Promise<
    Answer<ListView[]>
  >;
export const removeView = (s: Caller, id: number | string) =>
  call(t.app, 'removeView', { session: s, params: { id } });
export const setDefault = (s: Caller, id: number | null, list = 'orders') =>
  call(t.app, 'setDefaultView', { session: s, body: { list, id } }) as Promise<Answer<ListView[]>>;

/** Creates a view and answers it (fails the test unless created). */
export async function create(s: Caller, name: string, more: Record<string, unknown> = {}) {
  const r = await upsert(s, viewBody(name, more));
  if (r.status !== 200) throw new Error(`create ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.result;
}

/** The stored row of view `id`. */
export const rowOf = (id: number) =>
  t.db.kysely.selectFrom('list_views').selectAll().where('id', '=', id).executeTakeFirst();

/** The names of the views `s` may open, in the order answered. */
export const namesFor = async (s: Caller) => (await listViews(s)).body.result.map((v) => v.name);

/** A user's id by phone number. */
export const userIdOf = async (phone: string) =>
  (
    await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('phone_number', '=', phone)
      .executeTakeFirstOrThrow()
  ).id;
