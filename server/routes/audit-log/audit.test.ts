import { SelectQueryNode } from 'kysely';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AUDIT_SUMMARY_MAX, AuditListQuerySchema, type AuditRow } from '#contract/audit';
import { recordAudit, type AuditEntry } from '../../audit/audit';
import { call, queryOf, send, type TestServer } from '../../test/harness';
import { planOf, recordQueries } from '../../test/plans';
import { ROLE_SESSIONS, useSuite, type Principals } from '../../test/suite';
import { listAuditPaged, summarise } from './audit.service';

let t: TestServer;
let as: Principals;
let anonymous: { csrf: string };

/** The trail this file reads: entries at known times, by known names (nothing else writes here). */
const ENTRIES: [name: string, minute: number, entry: AuditEntry][] = [
  ['Anil Reddy', 1, { entity: 'order', entityId: 7, action: 'update', changes: { status: [0, 2] } }],
  ['anita', 2, { entity: 'item', entityId: 3, action: 'create', changes: { name: 'Rice', price: 50 } }],
  [
    'Bala 100%',
    3,
    { entity: 'password', entityId: 4, action: 'change-password', changes: { password: 'x' } },
  ],
  ['Anil Reddy', 4, { entity: 'order', entityId: 7, action: 'note', changes: { text: 'Call first' } }],
  ['Chitra', 5, { entity: 'catalog', entityId: 0, action: 'bulk-insert', changes: { inserted: 3 } }],
  ['ANIL', 6, { entity: 'role', entityId: 2, action: 'update', changes: { description: ['a', 'b'] } }],
];
const ids: number[] = [];

useSuite({ orders: 0 }, async (s) => {
  ({ t, as, anonymous } = s);
  await t.db.kysely.deleteFrom('audit_log').execute();
  for (const [name, minute, entry] of ENTRIES) {
    const at = new Date(Date.UTC(2026, 0, 5, 10, minute));
    ids.push(await recordAudit(t.db.kysely, { userId: null, name, requestId: 'seed' }, entry, at));
  }
});

const list = async (qs: string) => {
  const r = await call(t.app, 'listAudit', { query: queryOf(qs), session: as.admin });
  expect(r.status, `${qs}: ${JSON.stringify(r.body.errorMessages)}`).toBe(200);
  return r.body.result as { rows: AuditRow[]; total: number; page: number; pageSize: number };
};
const names = (rows: AuditRow[]) => rows.map((r) => r.userName);

describe('listaudit: the audit trail (BlueTikAdmin only)', () => {
  it('refuses every other role with 403 and anonymous callers with 401', async () => {
    for (const who of ROLE_SESSIONS.filter((k) => k !== 'admin')) {
      for (const url of ['/api/audit/listaudit', '/api/audit/listaudit?page=1']) {
        const r = await send(t.app, 'GET', url, { session: as[who] });
        expect(r.status, `${who} ${url}`).toBe(403);
      }
    }
    expect((await send(t.app, 'GET', '/api/audit/listaudit?page=1', { session: anonymous })).status).toBe(
      401,
    );
  });

  it('pages the whole trail newest first, with the count of every entry', async () => {
    const page = await list('page=1&pageSize=4');
    expect(page).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(page.rows.map((r) => r.id)).toEqual([...ids].reverse().slice(0, 4));
    expect((await list('page=2&pageSize=4')).rows.map((r) => r.id)).toEqual([ids[1], ids[0]]);
    expect(page.rows[0]).toEqual({
      id: ids[5],
      at: '2026-01-05T10:06:00.000Z',
      userId: null,
      userName: 'ANIL',
      entity: 'role',
      entityId: 2,
      action: 'update',
      changes: 'description: a → b',
    });
  });

  it('answers the newest page as a plain list without list keys', async () => {
    const r = await call(t.app, 'listAudit', { session: as.admin });
    expect((r.body.result as AuditRow[]).map((row) => row.id)).toEqual([...ids].reverse());
  });

  it('searches a prefix of the user’s name, ignoring case; wildcards are text', async () => {
    const anil = await list('q=anil');
    expect(names(anil.rows)).toEqual(['ANIL', 'Anil Reddy', 'Anil Reddy']);
    expect(anil.total).toBe(3);
    expect(names((await list('q=ANI')).rows)).toEqual(['ANIL', 'Anil Reddy', 'anita', 'Anil Reddy']);
    expect((await list('q=reddy')).total).toBe(0); // a prefix, not anywhere in the name
    expect(names((await list('q=bala 100%')).rows)).toEqual(['Bala 100%']);
    expect((await list('q=bala 1_0')).total).toBe(0);
    expect((await list('q=%')).total).toBe(0);
  });

  it('filters by kind and by action, with the search', async () => {
    expect((await list('entity=order')).rows.map((r) => r.action)).toEqual(['note', 'update']);
    expect(names((await list('action=update')).rows)).toEqual(['ANIL', 'Anil Reddy']);
    const both = await list('entity=order&action=update&q=anil');
    expect(both.rows.map((r) => r.id)).toEqual([ids[0]]);
    expect(both.total).toBe(1);
  });

  it('sorts by when, who, kind and action, ties by id in the same order', async () => {
    expect((await list('sort=at&order=asc')).rows.map((r) => r.id)).toEqual(ids);
    expect(names((await list('sort=userName&order=asc')).rows)).toEqual(
      ['ANIL', 'Anil Reddy', 'Anil Reddy', 'Bala 100%', 'Chitra', 'anita'].sort((a, b) =>
        a.toLowerCase() < b.toLowerCase() ? -1 : 1,
      ),
    );
    const byName = await list('sort=userName&order=desc');
    expect(names(byName.rows)).toEqual(
      ['chitra', 'bala 100%', 'anita', 'anil reddy', 'anil reddy', 'anil'].map(
        (n) => ENTRIES.find(([name]) => name.toLowerCase() === n)![0],
      ),
    );
    expect(byName.rows.slice(3, 5).map((r) => r.id)).toEqual([ids[3], ids[0]]);
    expect((await list('sort=entity&order=asc')).rows.map((r) => r.entity)).toEqual([
      'catalog',
      'item',
      'order',
      'order',
      'password',
      'role',
    ]);
    expect((await list('sort=action&order=desc')).rows.map((r) => r.action)).toEqual([
      'update',
      'update',
      'note',
      'create',
      'change-password',
      'bulk-insert',
    ]);
  });

  it('refuses sorts and filters it does not offer', async () => {
    for (const qs of ['sort=changes', 'entity=orders', 'action=delete', 'pageSize=501']) {
      const r = await call(t.app, 'listAudit', { query: queryOf(qs), session: as.admin });
      expect(r.status, qs).toBe(400);
    }
  });

  it('summarises what changed: an update’s short values, other entries’ fields, never a secret', async () => {
    const rows = (await list('sort=at&order=asc')).rows;
    expect(rows.map((r) => r.changes)).toEqual([
      'status: 0 → 2',
      'name, price',
      'password',
      'text',
      'inserted',
      'description: a → b',
    ]);
    expect(summarise('update', { note: [null, 'x'.repeat(41)], qty: ['', 2] })).toBe('note, qty: — → 2');
    const long = summarise(
      'create',
      Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field${i}`, i])),
    );
    expect(long).toHaveLength(AUDIT_SUMMARY_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('lists a real write, with who made it', async () => {
    const role = (await call(t.app, 'getRoleById', { params: { id: 2 }, session: as.admin })).body.result as {
      id: number;
      name: string;
      description: string;
      version: number;
    };
    const description = `${role.description.slice(0, 30)} (audit)`;
    const saved = await call(t.app, 'upsertRole', { session: as.admin, body: { ...role, description } });
    expect(saved.status).toBe(200);
    const [newest] = (await list('page=1')).rows;
    expect(newest).toMatchObject({
      entity: 'role',
      entityId: 2,
      action: 'update',
      userName: 'Platform Admin',
      changes: `description: ${role.description} → ${description}`,
    });
  });

  it('reads the name search and each sort from its index', async () => {
    const db = t.db.kysely;
    /** The engine's plan of the page query the service runs for `qs`. */
    const plan = async (qs: string) => {
      const { queries } = await recordQueries(db, (spy) =>
        listAuditPaged(spy, v.parse(AuditListQuerySchema, queryOf(qs))),
      );
      const page = queries.find(({ node }) => SelectQueryNode.is(node) && node.orderBy !== undefined)!;
      return planOf(db, page.query);
    };
    expect(await plan('q=anil')).toMatch(/audit_log_user_name/);
    expect(await plan('sort=userName&order=desc')).toMatch(/audit_log_user_name/);
    expect(await plan('page=1')).toMatch(/audit_log_at/);
    expect(await plan('sort=at&order=asc')).toMatch(/audit_log_at/);
    expect(await plan('sort=entity')).toMatch(/audit_log_entity_id/);
    expect(await plan('sort=action&order=desc')).toMatch(/audit_log_action_id/);
  });
});
