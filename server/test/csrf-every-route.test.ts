import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE, XSRF_HEADER } from '#contract/auth';
import { ENDPOINTS, type EndpointName } from '#contract/endpoints';
import {
  call,
  createTestServer,
  DEMO_ACCOUNTS,
  send,
  type Session,
  signIn,
  type TestServer,
} from './harness';
import { samples, type Sample } from './route-samples';
import { changedTables, snapshot } from './snapshot';

/*
 * CSRF across the whole endpoint table (issue 8 §4). Every state-changing route is called
 * by a signed-in BlueTikAdmin (every grant, so only CSRF can refuse) with a well-formed
 * request naming real rows, but: without the X-XSRF-TOKEN header, with a wrong one, with
 * another session's pair, and with a text/plain body. Each answers 403 or 415 and the
 * database stays as it was. The same requests done properly are then not refused, so the
 * refusals came from CSRF alone. Every GET route, called properly, writes nothing, except
 * the two the spec makes GETs that write: logout (revokes its own session row) and
 * bulkitemsinsert (imports the master catalog, BlueTikAdmin only).
 */

let t: TestServer;
let admin: Session;
let other: Session;
let all: Sample[];

beforeAll(async () => {
  t = await createTestServer({}, { orders: 60 });
  admin = await signIn(t.app, 'BlueTikAdmin');
  other = await signIn(t.app, 'BlueTikAdmin');
  all = await samples(t, admin);
});
afterAll(() => t.close());

const CSRF_MESSAGE = 'Invalid or missing CSRF token.';
/** GET routes the spec defines as writes. */
const WRITING_GETS: readonly EndpointName[] = ['logout', 'bulkItemsInsert'];

function sendRaw(s: Sample, headers: Record<string, string>, body?: string) {
  const init: RequestInit = { method: s.method, headers };
  if (body !== undefined) init.body = body;
  return t.app.request(s.url, init);
}

describe('CSRF on every state-changing route', () => {
  it('refuses a missing, wrong or other-session header and a text/plain body, writing nothing', async () => {
    const unsafe = all.filter((s) => s.method !== 'GET');
    expect(unsafe.length).toBeGreaterThan(10);
    const before = await snapshot(t.db);
    const problems: string[] = [];
    let calls = 0;
    const auth = { Authorization: `Bearer ${admin.token}` };
    const cookie = (v: string) => ({ Cookie: `${XSRF_COOKIE}=${v}` });
    const json = { 'Content-Type': 'application/json' };
    const flipped = admin.csrf.slice(0, -2) + (admin.csrf.endsWith('AA') ? 'BB' : 'AA');
    for (const s of unsafe) {
      const body = s.body === undefined ? undefined : JSON.stringify(s.body);
      const type = body === undefined ? {} : json;
      const cases: [string, Record<string, string>, string | undefined, number[]][] = [
        ['no header', { ...auth, ...type, ...cookie(admin.csrf) }, body, [403]],
        ['no header, no cookie', { ...auth, ...type }, body, [403]],
        ['wrong header', { ...auth, ...type, ...cookie(admin.csrf), [XSRF_HEADER]: flipped }, body, [403]],
        ['wrong pair', { ...auth, ...type, ...cookie(flipped), [XSRF_HEADER]: flipped }, body, [403]],
        [
          'other session’s header',
          { ...auth, ...type, ...cookie(admin.csrf), [XSRF_HEADER]: other.csrf },
          body,
          [403],
        ],
        [
          'other session’s pair',
          { ...auth, ...type, ...cookie(other.csrf), [XSRF_HEADER]: other.csrf },
          body,
          [403],
        ],
        // What a cross-site form can send without a preflight.
        [
          'text/plain body',
          { ...auth, ...cookie(admin.csrf), [XSRF_HEADER]: admin.csrf, 'Content-Type': 'text/plain' },
          body ?? '{}',
          [415],
        ],
        ['form body', { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=1', [415]],
      ];
      // A public route (login) has no session to bind to: any valid pair the browser holds
      // is its own, and a cross-site page can neither read nor plant one (SameSite=Strict).
      const applicable =
        ENDPOINTS[s.name].action === 'public' ? cases.filter(([l]) => l !== 'other session’s pair') : cases;
      for (const [label, headers, payload, statuses] of applicable) {
        const res = await sendRaw(s, headers, payload);
        calls++;
        const answer = (await res.json()) as { isSuccess: boolean; errorMessages: string[] };
        const where = `${s.method} ${s.url} (${label})`;
        if (!statuses.includes(res.status)) problems.push(`${where}: ${res.status}`);
        else if (res.status === 403 && answer.errorMessages[0] !== CSRF_MESSAGE)
          problems.push(`${where}: 403 ${JSON.stringify(answer)}`);
        if (answer.isSuccess !== false) problems.push(`${where}: isSuccess ${String(answer.isSuccess)}`);
      }
      // Another method on the same path (no method override exists): nothing happens.
      for (const method of ['GET', 'PUT', 'PATCH']) {
        const res = await t.app.request(s.url, {
          method,
          headers: {
            ...auth,
            ...json,
            ...cookie(admin.csrf),
            [XSRF_HEADER]: admin.csrf,
            'X-HTTP-Method-Override': s.method,
          },
          ...(method === 'GET' ? {} : { body: body ?? '{}' }),
        });
        calls++;
        if (res.status < 400) problems.push(`${method} ${s.url}: ${res.status}`);
      }
    }
    const changed = changedTables(before, await snapshot(t.db));
    console.log(
      `[csrf] ${unsafe.length} state-changing routes, ${calls} refused-by-design calls: ` +
        `${problems.length} accepted, tables changed: ${changed.length}`,
    );
    expect(problems).toEqual([]);
    expect(changed).toEqual([]);
  });

  it('does not refuse the same requests made properly (so CSRF alone refused them)', async () => {
    // Removals last, and the user's own password change is well-formed but wrong (no write).
    const unsafe = all
      .filter((s) => s.method !== 'GET')
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const before = await snapshot(t.db);
    const refused: string[] = [];
    for (const s of unsafe) {
      const session = s.name === 'login' ? { csrf: admin.csrf } : admin;
      const r = await send(t.app, s.method, s.url, { session, body: s.body });
      if (r.status === 403 || r.status === 415) refused.push(`${s.method} ${s.url}: ${r.status}`);
    }
    expect(refused).toEqual([]);
    // And the proper requests did write (the bodies above would have changed data).
    expect(changedTables(before, await snapshot(t.db)).length).toBeGreaterThan(3);
  });
});

describe('GET routes write nothing', () => {
  it('leaves every table as it was, except the spec’s two writing GETs', async () => {
    const session = await signIn(t.app, 'BlueTikAdmin');
    const gets = (await samples(t, session)).filter((s) => s.method === 'GET');
    const writers: string[] = [];
    for (const s of gets.filter((g) => !WRITING_GETS.includes(g.name))) {
      for (const url of [s.url, `${s.url}?page=1&pageSize=5`]) {
        const before = await snapshot(t.db);
        const r = await send(t.app, 'GET', url, { session });
        expect(r.status, url).toBeLessThan(500);
        const changed = changedTables(before, await snapshot(t.db));
        if (changed.length) writers.push(`${url}: ${changed.join(', ')}`);
      }
    }
    console.log(`[csrf] ${gets.length - WRITING_GETS.length} GET routes ×2 checked: ${writers.length} wrote`);
    expect(writers).toEqual([]);
    // The exceptions are real routes of the table, and GETs.
    for (const name of WRITING_GETS) expect(ENDPOINTS[name].method).toBe('GET');
  });

  it('bulkitemsinsert is a GET that writes, and only for the items.bulkInsert grant', async () => {
    const url = `/api${ENDPOINTS.bulkItemsInsert.path}`;
    for (const role of ['WebAdmin', 'WebUser', 'MobileUser'] as const) {
      const s = await signIn(t.app, role);
      const before = await snapshot(t.db);
      expect((await send(t.app, 'GET', url, { session: s })).status).toBe(403);
      expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    }
    const before = await snapshot(t.db);
    expect((await send(t.app, 'GET', url)).status).toBe(401);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    const session = await signIn(t.app, 'BlueTikAdmin');
    const r = await send(t.app, 'GET', url, { session });
    expect(r.status).toBe(200);
    expect(changedTables(before, await snapshot(t.db))).toEqual(
      expect.arrayContaining(['audit_log', 'items']),
    );
  });

  it('logout is a GET that revokes only its own session row', async () => {
    const s = await signIn(t.app, 'WebUser');
    const keep = await signIn(t.app, 'WebUser');
    const revokedIds = async () =>
      (
        await t.db.kysely.selectFrom('sessions').select('id').where('revoked_at', 'is not', null).execute()
      ).map((r) => r.id);
    const revokedBefore = new Set(await revokedIds());
    const before = await snapshot(t.db);
    expect((await call(t.app, 'logout', { session: s })).status).toBe(200);
    expect(changedTables(before, await snapshot(t.db))).toEqual(['sessions']);
    const jti = (decodeJwt(s.token) as { jti: string }).jti;
    expect((await revokedIds()).filter((id) => !revokedBefore.has(id))).toEqual([jti]);
    const profile = `/api/accounts/getuserbyuserid/${DEMO_ACCOUNTS.WebUser.mobile}`;
    expect((await send(t.app, 'GET', profile, { session: keep })).status).toBe(200);
  });
});
