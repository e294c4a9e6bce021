import { describe, expect, it } from 'vitest';
import { ORDER_NOTE_MAX } from '#contract/order-history';
import { call, type Session } from '../../test/harness';
import { p, storeA, storeB, t, useOrdersSuite, userIdOf } from './orders.fixtures';

/* Internal notes and the paged trail (issue 16, record 053). */

useOrdersSuite();

const orderOf = async (store: number, nth = 0) =>
  (
    await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('store_user_id', '=', store)
      .orderBy('id')
      .offset(nth)
      .limit(1)
      .executeTakeFirstOrThrow()
  ).id;

const add = (s: Session, orderId: number | string, text: unknown) =>
  call(t.app, 'addOrderNote', { session: s, body: { orderId, text } as never });
const remove = (s: Session, id: number) => call(t.app, 'removeOrderNote', { session: s, params: { id } });
const history = (s: Session, id: number, query: Record<string, string> = {}) =>
  call(t.app, 'getOrderHistory', { session: s, params: { id }, query });

describe('POST /api/orders/addnote', () => {
  it('adds a trimmed note with its author to the trail, as text', async () => {
    const id = await orderOf(storeA);
    const payload = '  <img src=x onerror=alert(1)> Customer asked for no onions  ';
    const r = await add(p.webAdmin, id, payload);
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({
      action: 'note',
      userName: 'Ravi Kumar',
      changes: { text: payload.trim() },
    });
    const trail = (await history(p.admin, id)).body.result;
    expect(trail.at(-1)).toEqual(r.body.result);
  });

  it('follows the permission table: MobileUser 403, another store 404, nothing stored', async () => {
    const id = await orderOf(storeA);
    const before = (await history(p.admin, id)).body.result.length;
    expect((await add(p.mobileUser, id, 'hello')).status).toBe(403);
    const other = await add(p.storeB, id, 'hello');
    const missing = await add(p.storeB, 99999999, 'hello');
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect((await history(p.admin, id)).body.result).toHaveLength(before);
    // A WebUser adds notes to its own store's orders.
    const own = await userIdOf(t, '9000000003');
    const webUsersOrder = await t.db.kysely
      .insertInto('orders')
      .values({
        ...(await t.db.kysely
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow()),
        id: undefined,
        order_number: 'ORDNOTE1',
        store_user_id: own,
        version: 1,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await add(p.webUser, webUsersOrder.id, 'for the morning shift')).status).toBe(200);
    expect((await add(p.webUser, id, 'hello')).status).toBe(404);
  });

  it('refuses an empty or too long note, with the field’s words', async () => {
    const id = await orderOf(storeA);
    const blank = await add(p.webAdmin, id, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.errorMessages).toEqual(['Note is required']);
    const long = await add(p.webAdmin, id, 'x'.repeat(ORDER_NOTE_MAX + 1));
    expect(long.status).toBe(400);
    expect(long.body.errorMessages).toEqual([`Note cannot be more than ${ORDER_NOTE_MAX} characters long.`]);
    expect((await add(p.webAdmin, id, 'x'.repeat(ORDER_NOTE_MAX))).status).toBe(200);
    expect((await add(p.webAdmin, 'abc', 'x')).status).toBe(400);
  });
});

describe('DELETE /api/orders/removenote/:id', () => {
  it('removes a note once: the trail keeps the entry without its text, and the removal', async () => {
    const id = await orderOf(storeA, 1);
    const note = (await add(p.webAdmin, id, 'wrong customer called')).body.result;
    expect((await remove(p.webUser, note.id)).status).toBe(403);
    expect((await remove(p.mobileUser, note.id)).status).toBe(403);
    expect((await remove(p.storeB, note.id)).status).toBe(404);
    const r = await remove(p.webAdmin, note.id);
    expect(r.status).toBe(200);
    expect(r.body.result).toBe(true);
    const again = await remove(p.admin, note.id);
    expect(again.status).toBe(404);
    expect(again.body.errorMessages).toEqual(['Note not found']);

    const trail = (await history(p.webAdmin, id)).body.result;
    const shown = trail.find((e) => e.id === note.id)!;
    expect(shown.changes).toMatchObject({ text: null, removedBy: 'Ravi Kumar' });
    expect(trail.at(-1)).toMatchObject({ action: 'note-remove', changes: { noteId: note.id } });
    // Only notes are removed this way: an update's entry is not a note.
    await call(t.app, 'upsertOrder', {
      session: p.admin,
      body: {
        id,
        status: 1,
        expecteddeliverydate: '',
        exphours: 1,
        expminutes: 0,
        exptimeperiod: 'PM',
        deliveryprice: 10,
        issettled: 'No',
        cancelledreason: 0,
      },
    });
    const update = (await history(p.admin, id)).body.result.find((e) => e.action === 'update')!;
    expect((await remove(p.admin, update.id)).status).toBe(404);
  });
});

describe('GET /api/orders/gethistory/:id paged', () => {
  it('answers `limit` entries after `after`, oldest first, and refuses a bad page', async () => {
    const id = await orderOf(storeB, 2);
    for (let i = 1; i <= 5; i++) expect((await add(p.storeB, id, `note ${i}`)).status).toBe(200);
    const all = (await history(p.storeB, id)).body.result;
    expect(all.map((e) => e.changes.text)).toEqual(['note 1', 'note 2', 'note 3', 'note 4', 'note 5']);
    const first = (await history(p.storeB, id, { limit: '2' })).body.result;
    expect(first.map((e) => e.changes.text)).toEqual(['note 1', 'note 2']);
    const next = (await history(p.storeB, id, { limit: '2', after: String(first[1]!.id) })).body.result;
    expect(next.map((e) => e.changes.text)).toEqual(['note 3', 'note 4']);
    const last = (await history(p.storeB, id, { limit: '2', after: String(all[4]!.id) })).body.result;
    expect(last).toEqual([]);
    for (const limit of ['0', '101', 'x']) expect((await history(p.storeB, id, { limit })).status).toBe(400);
  });
});
