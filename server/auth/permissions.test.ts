import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '#contract/endpoints';
import { ROLES, type Role } from '#contract/enums';
import { can, PERMISSIONS } from '#contract/permissions';
import { call, createTestServer, send, type Session, signIn, type TestServer } from '../test/harness';

let t: TestServer;
const sessions = {} as Record<Role, Session>;
beforeAll(async () => {
  t = await createTestServer();
  for (const role of ROLES) sessions[role] = await signIn(t.app, role);
});
afterAll(() => t.close());

const urlOf = (name: EndpointName) =>
  `/api${ENDPOINTS[name].path.replace(':userId', '9000000001').replace(/:\w+/g, '1')}`;
const names = Object.keys(ENDPOINTS) as EndpointName[];
describe('the permission table', () => {
  it('covers every endpoint: public or an action in PERMISSIONS', () => {
    for (const name of names) {
      const { action } = ENDPOINTS[name];
      expect(action === 'public' || Object.hasOwn(PERMISSIONS, action), `${name} → ${action}`).toBe(true);
    }
  });

  it('mounts every endpoint (nothing in ENDPOINTS answers 404)', async () => {
    // A session of its own: this walk includes logout.
    const admin = await signIn(t.app, 'BlueTikAdmin');
    for (const name of names) {
      const { method } = ENDPOINTS[name];
      const r = await send(t.app, method, urlOf(name), {
        session: admin,
        body: method === 'POST' ? {} : undefined,
      });
      expect(r.status, name).not.toBe(404);
    }
  });

  it.each(ROLES)(
    'answers 403 for %s exactly where the table refuses, never where it allows',
    async (role) => {
      const flags = { isAddCategoryItems: role === 'WebAdmin' }; // the seeded WebAdmin has Yes
      for (const name of names.filter((n) => n !== 'logout')) {
        const { method, action } = ENDPOINTS[name];
        const r = await send(t.app, method, urlOf(name), {
          session: sessions[role],
          body: method === 'POST' ? {} : undefined,
        });
        const allowed = action === 'public' || can(role, action, flags);
        if (allowed) {
          expect([401, 403], `${role} ${name}`).not.toContain(r.status);
        } else {
          expect(r.status, `${role} ${name}`).toBe(403);
          expect(r.body).toEqual({
            isSuccess: false,
            result: null,
            errorMessages: ['You do not have permission to do this.'],
          });
        }
      }
    },
  );

  it('asks for a token (401) on every non-public endpoint', async () => {
    for (const name of names.filter(
      (n) => ENDPOINTS[n].action !== 'public' && ENDPOINTS[n].method === 'GET',
    )) {
      expect((await send(t.app, 'GET', urlOf(name))).status, name).toBe(401);
    }
  });

  it('refuses a WebAdmin on /api/user/listusers with a 403 envelope', async () => {
    const r = await call(t.app, 'listUsers', { session: sessions.WebAdmin });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      isSuccess: false,
      result: null,
      errorMessages: ['You do not have permission to do this.'],
    });
  });

  it("reads the WebAdmin's isAddCategoryItems flag from the database on every call", async () => {
    const upsert = () => call(t.app, 'upsertCategory', { session: sessions.WebAdmin, body: {} });
    expect((await upsert()).status).toBe(400); // allowed: the empty body is what's wrong
    const user = t.db.kysely.updateTable('users').where('phone_number', '=', '9000000002');
    await user.set({ is_add_category_items: 0 }).execute();
    expect((await upsert()).status).toBe(403);
    await user.set({ is_add_category_items: 1 }).execute();
    expect((await upsert()).status).toBe(400);
  });

  it('answers any other /api path, or a listed path with another method, with a 404 envelope', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing/here'],
      ['GET', '/api'],
      ['POST', '/api/accounts/logout'],
      ['DELETE', '/api/orders/listorders'],
      ['GET', '/api/orders/getorderbyid/1/extra'],
    ] as const) {
      const r = await send(t.app, method, path, {
        session: sessions.BlueTikAdmin,
        body: method === 'POST' ? {} : undefined,
      });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body).toEqual({ isSuccess: false, result: null, errorMessages: ['Not found.'] });
    }
  });
});
