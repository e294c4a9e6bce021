import { afterAll, beforeAll, expect } from 'vitest';
import { anonymousCsrf, createTestServer, signInWith, type TestServer } from './harness';
import { PRINCIPALS, SECRET, type Signed } from './permission-plan';

export * from './permission-plan';

/*
 * The permission matrix, generated from contract/endpoints ENDPOINTS and
 * contract/permissions PERMISSIONS (DECISIONS §2): every call, as six principals,
 * compared with the table. Public calls never answer 401/403; a refused call answers the
 * 403 envelope (401 for anonymous); an allowed call answers neither (404, 400 or 501 are
 * fine here: bodies are `{}` and ids are 1, so this file tests the guard, not the
 * handlers). No answer anywhere may carry a password hash or session data.
 */

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
