import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '#contract/endpoints';
import { PERMISSIONS } from '#contract/permissions';
import { anonymousCsrf, call, DEMO_ACCOUNTS, send, signInWith } from './harness';
import {
  CALL_ORDER,
  expectationOf,
  judge,
  PRINCIPALS,
  names,
  scan,
  secretsSeen,
  signed,
  STORE_B,
  t,
  urlsOf,
} from './permission-matrix.fixtures';

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

  it('walks the admin-only reads: the audit trail is the platform admin’s alone', () => {
    expect(CALL_ORDER).toContain('listAudit');
    const audit = (label: string) =>
      expectationOf(
        signed.find((s) => s.principal.label === label)!,
        'listAudit',
      );
    expect(PRINCIPALS.map((p) => [p.label, audit(p.label)])).toEqual([
      ['anonymous', 'unauthenticated'],
      ['WebAdmin A', 'refused'],
      ['WebUser A', 'refused'],
      ['MobileUser A', 'refused'],
      ['WebAdmin B', 'refused'],
      ['BlueTikAdmin', 'allowed'],
    ]);
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
          const r = await send(t.app, method, url, {
            session: who.session,
            body: method === 'POST' ? {} : undefined,
          });
          const where = `${who.principal.label} ${method} ${url} (${name}, ${expected})`;
          seen.set(expected, (seen.get(expected) ?? 0) + 1);
          scan(where, r.body);
          const problem = judge(name, expected, r.status, r.body);
          if (problem) mismatches.push(`${where}: ${problem}`);
        }
      }
    }
    const calls = [...seen.values()].reduce((a, b) => a + b, 0);
    console.log(
      `[matrix] ${calls} calls (${names.length} routes × ${signed.length} principals, plain and paged), ` +
        `${mismatches.length} mismatches; by cell: ${JSON.stringify(Object.fromEntries(seen))}`,
    );
    expect(mismatches).toEqual([]);
    // The logout at the end of the walk ended every session.
    for (const who of signed.filter((s) => s.principal.role)) {
      const r = await call(t.app, 'getDashboardOrder', { session: who.session });
      expect(r.status, `${who.principal.label} after logout`).toBe(401);
    }
    // Every kind of cell was exercised.
    expect([...seen.keys()].sort()).toEqual(['allowed', 'public', 'refused', 'unauthenticated']);
  });

  it('never answered a password hash or session data: the matrix, sign-in, and the admin’s user reads', async () => {
    const csrf = await anonymousCsrf(t.app);
    const login = await call(t.app, 'login', {
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
      // The trail records every write (password changes too): never a secret in it.
      '/api/audit/listaudit?page=1&pageSize=500',
    ]) {
      const r = await send(t.app, 'GET', url, { session });
      expect(r.status, url).toBe(200);
      scan(`BlueTikAdmin GET ${url}`, r.body);
    }
    expect(secretsSeen).toEqual([]);
  });
});
