import * as v from 'valibot';
import { ProfileSchema } from '#contract/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint } from '#contract/endpoints';
import { grantOf } from '#contract/permissions';
import { createTestServer, DEMO_ACCOUNTS, send, signInWith, type TestServer } from './harness';
import { changedTables, snapshot } from './snapshot';
import { names, PRINCIPALS, scan, secretsSeen, STORE_B } from './permission-matrix.fixtures';

/*
 * Cross-store probes (DECISIONS §2: each non-admin user is its own store). "Store A" of
 * the issue is each non-admin principal's own store: the WebAdmin 9000000002, and for
 * the WebUser (9000000003) and MobileUser (9000000004) their own rows; "store B" is the
 * WebAdmin 9000000005. Every scoped route (grant `own`) is called with another store's
 * ids in its path, another store as a list filter and another store's order numbers as
 * search text, and another store's ids in its body: no foreign order may appear, a
 * foreign id must answer exactly as a missing one, and nothing may be written. Saved views
 * likewise: another user's private or store-shared view is never listed, and its id in a
 * path or a body answers as a missing one.
 */
describe('cross-store probes (every scoped call, foreign ids in paths, filters and bodies)', () => {
  let x: TestServer;
  const NON_ADMINS = PRINCIPALS.filter((p) => p.role && p.role !== 'BlueTikAdmin');
  const MISSING_ID = 2_000_000_000;
  /** Saved views of every principal: a private one, and one shared with its store (non-admins). */
  const hiddenViews: { id: number; owner: number }[] = [];
  beforeAll(async () => {
    x = await createTestServer();
    const db = x.db.kysely;
    const now = new Date().toISOString();
    const owners = await db
      .selectFrom('users')
      .select(['id', 'phone_number'])
      .where('phone_number', 'in', [DEMO_ACCOUNTS.BlueTikAdmin.mobile, ...NON_ADMINS.map((p) => p.phone!)])
      .execute();
    for (const { id: owner, phone_number: phone } of owners) {
      const isAdmin = phone === DEMO_ACCOUNTS.BlueTikAdmin.mobile;
      for (const share of isAdmin ? ['private'] : ['private', 'store']) {
        const row = await db
          .insertInto('list_views')
          .values({
            list: 'orders',
            owner_user_id: owner,
            store_user_id: isAdmin ? null : owner,
            name: `Hidden view ${owner} ${share}`,
            name_key: `hidden view ${owner} ${share}`,
            share,
            filter: '{}',
            layout: JSON.stringify(LAYOUT),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        hiddenViews.push({ id: row.id, owner });
      }
    }
  });
  afterAll(() => x.close());

  /** Hash of what belongs to other stores than `userId`: their orders, lines and users. */
  async function foreignState(userId: number): Promise<string> {
    const db = x.db.kysely;
    const orders = await db.selectFrom('orders').selectAll().where('store_user_id', '!=', userId).execute();
    const ids = new Set(orders.map((o) => o.id));
    const lines = (await db.selectFrom('order_items').selectAll().execute()).filter((l) =>
      ids.has(l.order_id),
    );
    const users = await db.selectFrom('users').selectAll().where('id', '!=', userId).execute();
    return JSON.stringify([orders, lines, users].map((rows) => rows.map((r) => JSON.stringify(r)).sort()));
  }

  const LAYOUT = { order: [], hidden: [], pinned: [], widths: {}, density: 'compact' };
  const viewBody = (id: number) => ({
    id,
    list: 'orders',
    name: 'Taken over',
    share: 'private',
    filter: {},
    layout: LAYOUT,
  });

  const validOrderUpdate = (id: number) => ({
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

  it('leaks no row and writes nothing for any principal', async () => {
    const db = x.db.kysely;
    const figures = { calls: 0, leaks: 0, mismatches: 0, writes: 0 };
    const problems: string[] = [];
    const users = await db.selectFrom('users').select(['id', 'phone_number']).execute();
    const allOrders = await db
      .selectFrom('orders')
      .select(['id', 'order_number', 'store_user_id', 'customer_phone'])
      .orderBy('id')
      .execute();
    const storeB = users.find((u) => u.phone_number === STORE_B.phone)!.id;
    const storeA = users.find((u) => u.phone_number === DEMO_ACCOUNTS.WebAdmin.mobile)!.id;
    let ownSeen = 0;
    let ownViewsSeen = 0;

    for (const p of NON_ADMINS) {
      const session = await signInWith(x.app, p.phone!, p.password!);
      const me = users.find((u) => u.phone_number === p.phone)!.id;
      const foreign = allOrders.filter((o) => o.store_user_id !== me);
      const own = allOrders.filter((o) => o.store_user_id === me);
      expect(own.length, `${p.label} has orders of its own`).toBeGreaterThan(0);
      const foreignNumbers = new Set(foreign.map((o) => `"${o.order_number}"`));
      const ownNumbers = new Set(own.map((o) => `"${o.order_number}"`));
      // A foreign order of store A (or B for store A itself), of store B, and of a third store.
      const probes = [
        foreign.find((o) => o.store_user_id === (me === storeA ? storeB : storeA))!,
        foreign.find((o) => o.store_user_id === storeB && me !== storeB) ?? foreign[1]!,
        foreign.find((o) => o.store_user_id !== storeA && o.store_user_id !== storeB)!,
      ];
      const otherUsers = users.filter((u) => u.id !== me);
      const foreignViews = hiddenViews.filter((h) => h.owner !== me).map((h) => h.id);
      const roleOf = p.role!;
      const scoped = names.filter((n) => {
        const action = ENDPOINTS[n].action;
        // Logout ends the probing session itself; the matrix above covers it.
        return action !== 'public' && action !== 'self.session' && grantOf(roleOf, action) === 'own';
      });

      const check = async (method: string, url: string, body?: unknown) => {
        const r = await send(x.app, method, url, { session, body });
        figures.calls++;
        const text = JSON.stringify(r.body);
        scan(`${p.label} ${method} ${url}`, r.body);
        // Order numbers are unique fixed-width strings (seed: ORD000001…), so a quoted one
        // in an answer names exactly one order.
        const shown = text.match(/"ORD\d+"/g) ?? [];
        const leaked = shown.filter((n) => foreignNumbers.has(n));
        if (leaked.length) {
          figures.leaks += leaked.length;
          problems.push(`${p.label} ${method} ${url}: shows ${leaked.slice(0, 3).join(', ')}`);
        }
        if (shown.some((n) => ownNumbers.has(n))) ownSeen++;
        // Another user's view, private or shared with their own store, is never shown.
        const named = [...text.matchAll(/Hidden view (\d+)/g)];
        if (named.some((m) => Number(m[1]) === me)) ownViewsSeen++;
        const views = named.filter((m) => Number(m[1]) !== me);
        if (views.length) {
          figures.leaks += views.length;
          problems.push(`${p.label} ${method} ${url}: shows ${views[0]![0]}`);
        }
        if (r.status >= 500) problems.push(`${p.label} ${method} ${url}: ${r.status}`);
        return r;
      };

      const before = await snapshot(x.db);
      const foreignBefore = await foreignState(me);

      for (const name of scoped) {
        const { method, path } = ENDPOINTS[name];
        if (method === 'POST') continue;
        const params = path.match(/:\w+/g) ?? [];
        if (params.length) {
          // Path ids of another store: the answer must be exactly that of a missing row.
          const isSelf = ENDPOINTS[name].action.startsWith('self.');
          const fill = (v: string | number) => `/api${path.replace(/:\w+/g, String(v))}`;
          const missing = await check(method, fill(MISSING_ID));
          const foreignIds: (string | number)[] = isSelf
            ? otherUsers.flatMap((u) => [u.id, u.phone_number, `+91${u.phone_number}`])
            : path.startsWith('/views/')
              ? foreignViews
              : probes.map((o) => o.id);
          for (const id of foreignIds) {
            const r = await check(method, fill(id));
            if (r.status !== missing.status || JSON.stringify(r.body) !== JSON.stringify(missing.body)) {
              figures.mismatches++;
              problems.push(
                `${p.label} ${method} ${fill(id)}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)} ≠ missing ${missing.status}`,
              );
            }
          }
          continue;
        }
        // Order ids in the query (getprints): another store's must answer as a missing one.
        const query = (ENDPOINTS[name] as Endpoint).query as
          { entries?: Record<string, unknown> } | undefined;
        if (query?.entries && 'ids' in query.entries) {
          const missing = await check(method, `/api${path}?ids=${MISSING_ID}`);
          for (const o of probes) {
            const url = `/api${path}?ids=${o.id}`;
            const r = await check(method, url);
            if (r.status !== missing.status || JSON.stringify(r.body) !== JSON.stringify(missing.body)) {
              figures.mismatches++;
              problems.push(`${p.label} GET ${url}: ${r.status} ≠ missing ${missing.status}`);
            }
          }
          continue;
        }
        // Lists and aggregates: another store as a filter, other stores' numbers as search text.
        const base = [``, `page=1&pageSize=500&sort=merchantName&order=desc`];
        const [o] = probes as [(typeof probes)[0]];
        const hostile = [
          ...probes.map((f) => `store=${f.store_user_id}`),
          `store=${o.store_user_id}&store=${me}`,
          `store=${me}&store=${o.store_user_id}`,
          ...probes.map((f) => `q=${f.order_number}`),
          `q=${o.customer_phone}`,
          `ids=${o.id}&id=${o.id}&storeUserId=${o.store_user_id}`,
        ];
        for (const b of base) {
          const plain = await check(method, `/api${path}${b ? `?${b}` : ''}`);
          for (const h of hostile) {
            const url = `/api${path}?${b ? `${b}&` : ''}${h}`;
            const r = await check(method, url);
            // Aggregates (no order rows to scan): another store's filter must change nothing.
            const hasRows = /"orderNumber"/.test(JSON.stringify(plain.body));
            if (!hasRows && !h.startsWith('q=') && JSON.stringify(r.body) !== JSON.stringify(plain.body)) {
              figures.mismatches++;
              problems.push(`${p.label} GET ${url}: differs from the unfiltered answer`);
            }
          }
        }
      }

      // Bodies naming another store's rows.
      for (const name of scoped.filter((n) => ENDPOINTS[n].method === 'POST')) {
        const url = `/api${ENDPOINTS[name].path}`;
        if (name === 'editUserProfile') continue; // writes the caller's own row; below
        if (name === 'upsertView' || name === 'setDefaultView') {
          // Another user's view, named in a valid body, answers as a missing one.
          const bodyOf = (id: number) => (name === 'upsertView' ? viewBody(id) : { list: 'orders', id });
          const missing = await check('POST', url, bodyOf(MISSING_ID));
          for (const id of foreignViews) {
            const r = await check('POST', url, bodyOf(id));
            if (r.status !== 404 || JSON.stringify(r.body) !== JSON.stringify(missing.body)) {
              figures.mismatches++;
              problems.push(`${p.label} POST ${url} with view ${id}: ${r.status} ≠ missing`);
            }
          }
          continue;
        }
        for (const o of probes) {
          const body =
            name === 'upsertOrder'
              ? validOrderUpdate(o.id)
              : { id: o.id, orderId: o.id, store: o.store_user_id, storeUserId: o.store_user_id };
          const r = await check('POST', url, body);
          if (name === 'upsertOrder' && r.status !== 404) {
            figures.mismatches++;
            problems.push(`${p.label} POST ${url} with order ${o.id}: ${r.status}, expected 404`);
          }
        }
      }
      const after = await snapshot(x.db);
      const changed = changedTables(before, after);
      if (changed.length) {
        figures.writes += changed.length;
        problems.push(`${p.label}: wrote ${changed.join(', ')}`);
      }

      if (scoped.includes('editUserProfile')) {
        let profile = v.parse(
          ProfileSchema,
          (await check('GET', `/api/accounts/getuserbyuserid/${p.phone}`)).body.result,
        );
        for (const u of otherUsers.slice(0, 3)) {
          const r = await check('POST', '/api/accounts/edituserprofile', {
            ...profile,
            id: u.id,
            phoneNumber: u.phone_number,
            name: 'Hijacked Name',
          });
          if (r.status !== 200 || v.parse(ProfileSchema, r.body.result).phoneNumber !== p.phone) {
            figures.mismatches++;
            problems.push(
              `${p.label} edituserprofile naming user ${u.id}: ${r.status} ${JSON.stringify(r.body)}`,
            );
          } else profile = v.parse(ProfileSchema, r.body.result); // the next save names its version
        }
      }
      if ((await foreignState(me)) !== foreignBefore) {
        figures.writes++;
        problems.push(`${p.label}: another store's orders or users changed`);
      }
      // Control: the order update body is valid, so its 404 above came from the scope.
      if (scoped.includes('upsertOrder')) {
        const r = await check('POST', '/api/orders/upsertorder', validOrderUpdate(own[0]!.id));
        expect(r.status, `${p.label} updates its own order`).toBe(200);
      }
    }
    console.log(
      `[matrix] cross-store: ${figures.calls} calls by ${NON_ADMINS.length} principals, ` +
        `${figures.leaks} rows leaked, ${figures.writes} writes, ${figures.mismatches} mismatches`,
    );
    expect(problems).toEqual([]);
    expect(ownSeen, 'own orders were visible, so the leak scan saw real lists').toBeGreaterThan(0);
    expect(ownViewsSeen, 'own views were listed, so the scan saw real view lists').toBeGreaterThan(0);
    expect(secretsSeen).toEqual([]);
  }, 120_000);
});
