import { ENDPOINTS, type EndpointName } from '#contract/endpoints';
import type { Role } from '#contract/enums';
import { PERMISSIONS } from '#contract/permissions';
import { STATUS_MESSAGES } from '#contract/envelope';
import { DEMO_ACCOUNTS } from '../db/seed';

/*
 * The permission matrix's plan, from contract/endpoints ENDPOINTS and contract/permissions
 * PERMISSIONS (DECISIONS §2): the principals, the order of the calls, what each principal
 * should get and which URLs to call. Free of the test runner, so the same plan runs in
 * process (permission-matrix.test.ts) and through a balancer in front of several servers
 * (stress/scale.ts).
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

/**
 * What is wrong with one answer of the matrix, or null: no server error, the envelope on
 * every JSON call, a refusal exactly where the table says (with its envelope), none elsewhere.
 */
export function judge(
  name: EndpointName,
  expected: Expectation,
  status: number,
  body: unknown,
): string | null {
  const b = body as { isSuccess?: unknown; errorMessages?: unknown } | null;
  const isJson = name !== 'openApi' && name !== 'apiDocs';
  if (status >= 500 && status !== 501) return `answered ${status} ${JSON.stringify(body)}`;
  if (isJson && (typeof b?.isSuccess !== 'boolean' || !Array.isArray(b.errorMessages)))
    return `answered ${status} without the envelope`;
  switch (expected) {
    case 'public':
    case 'allowed':
      return status === 401 || status === 403
        ? `refused with ${status} ${JSON.stringify(b?.errorMessages)}`
        : null;
    case 'refused':
    case 'unauthenticated': {
      const want = expected === 'refused' ? 403 : 401;
      if (status !== want) return `answered ${status}, expected ${want}`;
      return JSON.stringify(body) === JSON.stringify(envelope(want))
        ? null
        : `answered ${want} with ${JSON.stringify(body)}`;
    }
  }
}
