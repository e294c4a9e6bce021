import { describe, expect, it } from 'vitest';
import { call, type Session } from '../../test/harness';
import { p, storeA, t, useOrdersSuite } from './orders.fixtures';

/*
 * New orders ring until someone takes them (issue 28 item 1): getchanges' `untaken` counts
 * the New Orders in the caller's scope nobody has opened or changed; takeorder (or a status
 * change) takes one — who and when stored, an audit entry, the version untouched.
 */

let itemId: number;
useOrdersSuite({}, async () => {
  itemId = (
    await t.db.kysely.selectFrom('items').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
  ).id;
});

const untaken = async (s: Session) =>
  (await call(t.app, 'getOrderChanges', { query: { since: '0' }, session: s })).body.result.untaken;
const take = (s: Session, id: number) => call(t.app, 'takeOrder', { session: s, body: { id } });
async function arrive(): Promise<number> {
  const r = await call(t.app, 'createOrder', {
    session: p.admin,
    body: {
      storeId: storeA,
      orderUserName: 'Ringing Customer',
      orderUserPhoneNumber: '9876500001',
      orderUserAddress1: 'Flat 2, Madhapur',
      orderUserCity: 'Hyderabad',
      orderUserState: 'Telangana',
      orderUserCountry: 'India',
      orderUserPincode: '500081',
      lines: [{ itemId, itemsCount: 1 }],
      deliveryPrice: 0,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.result as { id: number }).id;
}
const trail = (id: number) =>
  t.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'user_name'])
    .where('entity', '=', 'order')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

describe('untaken New Orders', () => {
  it('the seed’s history rings for nobody; a new order rings in its store’s scope and the admin’s only', async () => {
    expect(await untaken(p.admin)).toBe(0);
    const id = await arrive();
    expect(await untaken(p.admin)).toBe(1);
    expect(await untaken(p.webAdmin)).toBe(1);
    expect(await untaken(p.storeB)).toBe(0);
    await take(p.webAdmin, id);
  });

  it('taking one stores who and when, once, with an audit entry, and leaves its version alone', async () => {
    const id = await arrive();
    const before = await t.db.kysely
      .selectFrom('orders')
      .select('version')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Two people open it at once: one takes it.
    const [a, b] = await Promise.all([take(p.webAdmin, id), take(p.admin, id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.result).toEqual(b.body.result);
    const row = await t.db.kysely
      .selectFrom('orders')
      .select(['taken_at', 'taken_by', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.taken_at).toBe(a.body.result.takenAt);
    expect(row.version).toBe(before.version);
    expect((await trail(id)).filter((e) => e.action === 'take')).toHaveLength(1);
    expect(await untaken(p.admin)).toBe(0);
  });

  it('a status change takes it; the read-only role cannot; another store’s order answers as missing', async () => {
    const id = await arrive();
    expect((await take(p.mobileUser, id)).status).toBe(403);
    expect((await take(p.storeB, id)).status).toBe(404);
    expect(await untaken(p.webAdmin)).toBe(1);
    const r = await call(t.app, 'bulkUpdateOrders', {
      session: p.webAdmin,
      body: { ids: [id], status: 1 } as never,
    });
    expect(r.body.result.results[0]!.outcome).toBe('changed');
    expect(await untaken(p.webAdmin)).toBe(0);
    const row = await t.db.kysely
      .selectFrom('orders')
      .select(['taken_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.taken_by).not.toBeNull();
    // Taken already: a later take answers the stored taker and writes nothing.
    const again = await take(p.admin, id);
    expect(again.body.result.takenBy).toBe(row.taken_by);
    expect((await trail(id)).filter((e) => e.action === 'take')).toHaveLength(0);
  });
});
