import { afterAll, beforeAll, expect } from 'vitest';
import { ENDPOINTS, type EndpointName } from '#contract/endpoints';
import type { Role } from '#contract/enums';
import { PERMISSIONS } from '#contract/permissions';
import { STATUS_MESSAGES } from '../http/envelope';
import { anonymousCsrf, createTestServer, DEMO_ACCOUNTS, signInWith, type TestServer } from './harness';

/*
 * The permission matrix, generated from contract/endpoints ENDPOINTS and
 * contract/permissions PERMISSIONS (DECISIONS §2): every call, as six principals,
 * compared with the table. Public calls never answer 401/403; a refused call answers the
 * 403 envelope (401 for anonymous); an allowed call answers neither (404, 400 or 501 are
 * fine here: bodies are `{}` and ids are 1, so this file tests the guard, not the
 * handlers). No answer anywhere may carry a password hash or session data.
 */

export interface Principal {
  label: string;
  role: Role | null;
  phone?: string;
  password?: string;
}

export const STORE_B = { phone: '9000000005', password: 'Store@123' };

/** The BlueTikAdmin goes last, so its removals run after everyone else's calls. */
export const PRINCIPALS: Principal[] = [
  { label: 'anonymous', role: null },
  { label: 'WebAdmin A', role: 'WebAdmin', ...account('WebAdmin') },
  { label: 'WebUser A', role: 'WebUser', ...account('WebUser') },
  { label: 'MobileUser A', role: 'MobileUser', ...account('MobileUser') },
  { label: 'WebAdmin B', role: 'WebAdmin', ...STORE_B },
  { label: 'BlueTikAdmin', role: 'BlueTikAdmin', ...account('BlueTikAdmin') },
];

export function account(role: Role) {
  return { phone: DEMO_ACCOUNTS[role].mobile, password: DEMO_ACCOUNTS[role].password };
}

/** What a principal may see in a response: nothing of the stored secrets. */
export const SECRET = /\$argon2|password_?hash|token_?version/i;

export const names = Object.keys(ENDPOINTS) as EndpointName[];
export const METHOD_ORDER = { GET: 0, POST: 1, DELETE: 2 } as const;
/** Reads, then writes with `{}`, then removals; logout last (it ends the session). */
export const CALL_ORDER = [...names].sort((a, b) => {
  const rank = (n: EndpointName) => (n === 'logout' ? 9 : METHOD_ORDER[ENDPOINTS[n].method]);
  return rank(a) - rank(b);
});

export type Expectation = 'public' | 'allowed' | 'refused' | 'unauthenticated';

export interface Signed {
  principal: Principal;
  session: { token?: string; csrf: string };
  isAddCategoryItems: boolean;
}

export let t: TestServer;
export const signed: Signed[] = [];
export const secretsSeen: string[] = [];

/** Records an answer that shows a secret (the harness keeps a non-JSON body as `result`). */
export function scan(label: string, body: unknown) {
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

export function expectationOf(who: Signed, name: EndpointName): Expectation {
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
export function urlsOf(who: Signed, name: EndpointName): string[] {
  const path = ENDPOINTS[name].path
    .replace(':userId', who.principal.phone ?? DEMO_ACCOUNTS.BlueTikAdmin.mobile)
    .replace(/:\w+/g, '1');
  const url = `/api${path}`;
  // getchanges answers 400 without `since`: give it one, so allowed callers reach the handler.
  if (name === 'getOrderChanges') return [url, `${url}?since=0`];
  // A list's paged form goes through the same guard; call both.
  return name.startsWith('list') && name !== 'listUsersRoles' ? [url, `${url}?page=1&pageSize=5`] : [url];
}

export const envelope = (status: 401 | 403) => ({
  isSuccess: false,
  result: null,
  errorMessages: [STATUS_MESSAGES[status]],
});
