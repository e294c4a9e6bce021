import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '#contract/endpoints';
import type { Role } from '#contract/enums';
import { PERMISSIONS } from '#contract/permissions';
import { STATUS_MESSAGES } from '../http/envelope';
import { anonymousCsrf, call, createTestServer, DEMO_ACCOUNTS, signInWith, type TestServer } from './harness';

/*
 * The permission matrix, generated from contract/endpoints ENDPOINTS and
 * contract/permissions PERMISSIONS (DECISIONS §2): every call, as six principals,
 * compared with the table. Public calls never answer 401/403; a refused call answers the
 * 403 envelope (401 for anonymous); an allowed call answers neither (404, 400 or 501 are
 * fine here: bodies are `{}` and ids are 1, so this file tests the guard, not the
 * handlers). No answer anywhere may carry a password hash or session data.
 */

interface Principal {
  label: string;
  role: Role | null;
  phone?: string;
  password?: string;
}

const STORE_B = { phone: '9000000005', password: 'Store@123' };

/** The BlueTikAdmin goes last, so its removals run after everyone else's calls. */
const PRINCIPALS: Principal[] = [
  { label: 'anonymous', role: null },
  { label: 'WebAdmin A', role: 'WebAdmin', ...account('WebAdmin') },
  { label: 'WebUser A', role: 'WebUser', ...account('WebUser') },
  { label: 'MobileUser A', role: 'MobileUser', ...account('MobileUser') },
  { label: 'WebAdmin B', role: 'WebAdmin', ...STORE_B },
  { label: 'BlueTikAdmin', role: 'BlueTikAdmin', ...account('BlueTikAdmin') },
];

function account(role: Role) {
  return { phone: DEMO_ACCOUNTS[role].mobile, password: DEMO_ACCOUNTS[role].password };
}

/** What a principal may see in a response: nothing of the stored secrets. */
const SECRET = /\$argon2|password_?hash|token_?version/i;

const names = Object.keys(ENDPOINTS) as EndpointName[];
const METHOD_ORDER = { GET: 0, POST: 1, DELETE: 2 } as const;
/** Reads, then writes with `{}`, then removals; logout last (it ends the session). */
const CALL_ORDER = [...names].sort((a, b) => {
  const rank = (n: EndpointName) => (n === 'logout' ? 9 : METHOD_ORDER[ENDPOINTS[n].method]);
  return rank(a) - rank(b);
});

type Expectation = 'public' | 'allowed' | 'refused' | 'unauthenticated';

interface Signed {
  principal: Principal;
  session: { token?: string; csrf: string };
  isAddCategoryItems: boolean;
}

let t: TestServer;
const signed: Signed[] = [];
const secretsSeen: string[] = [];

/** Records an answer that shows a secret (the harness keeps a non-JSON body as `result`). */
function scan(label: string, body: unknown) {
  const text = JSON.stringify(body);
  if (SECRET.test(text)) secretsSeen.push(`${label}: ${text.slice(0, 200)}`);
}

beforeAll(async () => {
  t = await createTestServer();
  const db = t.db.kysely;
  for (const principal of PRINCIPALS) {
    if (!principal.phone || !principal.password) {
      signed.push({ principal, session: { csrf: await anonymousCsrf(t.app) }, isAddCategoryItems: false });
      continue;
    }
    const session = await signInWith(t.app, principal.phone, principal.password);
    const row = await db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['roles.name as role', 'users.is_add_category_items as flag'])
      .where('users.phone_number', '=', principal.phone)
      .executeTakeFirstOrThrow();
    expect(row.role, principal.label).toBe(principal.role);
    signed.push({ principal, session, isAddCategoryItems: row.flag === 1 });
  }
});
afterAll(() => t.close());

function expectationOf(who: Signed, name: EndpointName): Expectation {
  const action = ENDPOINTS[name].action;
  if (action === 'public') return 'public';
  if (!Object.hasOwn(PERMISSIONS, action)) throw new Error(`${name}: action ${action} is not in PERMISSIONS`);
  if (!who.principal.role) return 'unauthenticated';
  const grant = PERMISSIONS[action][who.principal.role];
  if (grant === 'no') return 'refused';
  if (grant === 'if-add-category-items') return who.isAddCategoryItems ? 'allowed' : 'refused';
  return 'allowed';
}

/** The URLs to call for an endpoint: ids of rows that exist, the caller's own phone number. */
function urlsOf(who: Signed, name: EndpointName): string[] {
  const path = ENDPOINTS[name].path
    .replace(':userId', who.principal.phone ?? DEMO_ACCOUNTS.BlueTikAdmin.mobile)
    .replace(/:\w+/g, '1');
  const url = `/api${path}`;
  // getchanges answers 400 without `since`: give it one, so allowed callers reach the handler.
  if (name === 'getOrderChanges') return [url, `${url}?since=0`];
  // A list's paged form goes through the same guard; call both.
  return name.startsWith('list') && name !== 'listUsersRoles' ? [url, `${url}?page=1&pageSize=5`] : [url];
}

const envelope = (status: 401 | 403) => ({
  isSuccess: false,
  result: null,
  errorMessages: [STATUS_MESSAGES[status]],
});

describe('the permission matrix (six principals × every call)', () => {
  it('has an entry for every call: public, or an action of the permission table', () => {
    const unlisted = names.filter(
      (n) => ENDPOINTS[n].action !== 'public' && !Object.hasOwn(PERMISSIONS, ENDPOINTS[n].action),
    );
    expect(unlisted, 'ENDPOINTS entries whose action is missing from PERMISSIONS').toEqual([]);
  });

  it('serves nothing under /api outside the endpoint table (no route escapes the matrix)', () => {
    const listed = new Set(names.map((n) => `${ENDPOINTS[n].method} /api${ENDPOINTS[n].path}`));
    // Middleware and the 404 catch-alls register for every method; nothing else may.
    const catchAll = new Set(['ALL /api/*', 'ALL /api']);
    const extra = t.app.routes
      .map((r) => `${r.method} ${r.path}`)
      .filter((route) => /^\w+ \/api(\/|$)/.test(route) && !listed.has(route) && !catchAll.has(route));
    expect([...new Set(extra)], 'routes under /api that are not in ENDPOINTS').toEqual([]);
  });

  it('exercises both sides of the conditional grant (seeded isAddCategoryItems)', () => {
    const flag = (label: string) => signed.find((s) => s.principal.label === label)!.isAddCategoryItems;
    expect(flag('WebAdmin A')).toBe(true);
    expect(flag('WebAdmin B')).toBe(false);
  });

  it('answers every call as the table says, for every principal', async () => {
    const mismatches: string[] = [];
    const seen = new Map<string, number>();
    for (const name of CALL_ORDER) {
      const { method } = ENDPOINTS[name];
      for (const who of signed) {
        const expected = expectationOf(who, name);
        for (const url of urlsOf(who, name)) {
          const r = await call(t.app, method, url, {
            session: who.session,
            body: method === 'POST' ? {} : undefined,
          });
          const where = `${who.principal.label} ${method} ${url} (${name}, ${expected})`;
          seen.set(expected, (seen.get(expected) ?? 0) + 1);
          scan(where, r.body);
          const isJson = name !== 'openApi' && name !== 'apiDocs';
          const problem = (() => {
            if (r.status >= 500 && r.status !== 501) return `answered ${r.status} ${JSON.stringify(r.body)}`;
            if (isJson && (typeof r.body.isSuccess !== 'boolean' || !Array.isArray(r.body.errorMessages)))
              return `answered ${r.status} without the envelope`;
            switch (expected) {
              case 'public':
              case 'allowed':
                return r.status === 401 || r.status === 403
                  ? `refused with ${r.status} ${JSON.stringify(r.body.errorMessages)}`
                  : null;
              case 'refused':
              case 'unauthenticated': {
                const status = expected === 'refused' ? 403 : 401;
                if (r.status !== status) return `answered ${r.status}, expected ${status}`;
                return JSON.stringify(r.body) === JSON.stringify(envelope(status))
                  ? null
                  : `answered ${status} with ${JSON.stringify(r.body)}`;
              }
            }
          })();
          if (problem) mismatches.push(`${where}: ${problem}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The logout at the end of the walk ended every session.
    for (const who of signed.filter((s) => s.principal.role)) {
      const r = await call(t.app, 'GET', '/api/orders/getdashboardorder', { session: who.session });
      expect(r.status, `${who.principal.label} after logout`).toBe(401);
    }
    // Every kind of cell was exercised.
    expect([...seen.keys()].sort()).toEqual(['allowed', 'public', 'refused', 'unauthenticated']);
  });

  it('never answered a password hash or session data: the matrix, sign-in, and the admin’s user reads', async () => {
    const csrf = await anonymousCsrf(t.app);
    const login = await call(t.app, 'POST', '/api/accounts/login', {
      session: { csrf },
      body: { username: STORE_B.phone, password: STORE_B.password },
    });
    expect(login.status).toBe(200);
    scan('login', login.body);
    // The admin's session ended with the matrix's logout; a fresh one reads everything.
    const session = await signInWith(
      t.app,
      DEMO_ACCOUNTS.BlueTikAdmin.mobile,
      DEMO_ACCOUNTS.BlueTikAdmin.password,
    );
    for (const url of [
      '/api/user/listusers',
      '/api/user/listusers?page=1&pageSize=500',
      '/api/user/getuserbyid/1',
      '/api/user/getuserbyid/2',
      `/api/accounts/getuserbyuserid/${DEMO_ACCOUNTS.BlueTikAdmin.mobile}`,
      '/api/orders/gethistory/2',
    ]) {
      const r = await call(t.app, 'GET', url, { session });
      expect(r.status, url).toBe(200);
      scan(`BlueTikAdmin GET ${url}`, r.body);
    }
    expect(secretsSeen).toEqual([]);
  });
});
