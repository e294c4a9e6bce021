import { describe, expect, it } from 'vitest';
import { VIEW_MESSAGES, VIEW_OWN_MAX } from '#contract/list-views';
import { send } from '../../test/harness';
import {
  anonymous,
  create,
  getView,
  LAYOUT,
  listViews,
  p,
  removeView,
  rowOf,
  setDefault,
  t,
  upsert,
  useViewsSuite,
  viewBody,
} from './views.fixtures';

/*
 * Saved views (issue 15 item 3, record 056), on whichever engine the project runs (server:
 * SQLite, server-pg: PostgreSQL): create, read, replace, remove, defaults, the name and
 * count rules, stale saves, and the filter stored minimal. Sharing: views-share.test.ts.
 */

useViewsSuite();

const viewCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('list_views')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('views: create, read, replace, remove', () => {
  it('creates a private view and answers it; getview and listviews answer the same', async () => {
    const r = await upsert(p.webAdmin, viewBody('  Morning desk  '));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const view = r.body.result;
    expect(view).toMatchObject({
      list: 'orders',
      name: 'Morning desk',
      share: 'private',
      filter: { status: [1], sort: 'orderUserName', order: 'desc' },
      layout: LAYOUT,
      ownerName: 'Ravi Kumar',
      mine: true,
      isDefault: false,
      version: 1,
    });
    expect(Date.parse(view.updatedDate)).toBeGreaterThan(Date.now() - 60_000);
    expect((await getView(p.webAdmin, view.id)).body.result).toEqual(view);
    expect((await listViews(p.webAdmin)).body.result).toContainEqual(view);
    expect((await listViews(p.webAdmin, 'orders')).body.result).toContainEqual(view);
  });

  it('stores the filter minimal: what reads the same when left out is left out', async () => {
    const bare = await create(p.webAdmin, 'Everything', {
      filter: { q: '  ', pageSize: '25', order: 'asc', upcoming: 'No', store: '', status: '' },
    });
    expect(bare.filter).toEqual({});
    expect((await rowOf(bare.id))!.filter).toBe('{}');

    const sorted = await create(p.webAdmin, 'Late online', {
      filter: { status: '3,1,1', sort: 'orderUserName', order: 'desc', foo: 'bar' },
    });
    expect((await rowOf(sorted.id))!.filter).toBe('{"status":[1,3],"sort":"orderUserName","order":"desc"}');

    // No sort: the list picks its own order, so a direction alone is not kept.
    const full = await create(p.webAdmin, 'Settled online', {
      filter: {
        paymentType: 'Online',
        isSettled: 'Yes',
        from: '2026-01-01',
        to: '2026-03-31',
        upcoming: 'Yes',
        pageSize: 100,
        order: 'desc',
        q: ' ravi ',
      },
    });
    expect(JSON.parse((await rowOf(full.id))!.filter)).toEqual({
      paymentType: 'Online',
      isSettled: 'Yes',
      from: '2026-01-01',
      to: '2026-03-31',
      upcoming: 'Yes',
      pageSize: 100,
      q: 'ravi',
    });
    expect(full.filter).toEqual(JSON.parse((await rowOf(full.id))!.filter));
  });

  it('replaces its own view: a new version; an unchanged save writes nothing', async () => {
    const view = await create(p.webAdmin, 'Evening');
    const layout = { ...LAYOUT, hidden: [], density: 'comfortable' };
    const r = await upsert(p.webAdmin, {
      ...viewBody('Evening rush', { layout, filter: { status: 2 } }),
      id: view.id,
      version: view.version,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toMatchObject({
      id: view.id,
      name: 'Evening rush',
      filter: { status: [2] },
      layout,
      version: 2,
    });
    const row = await rowOf(view.id);
    const again = await upsert(p.webAdmin, {
      ...viewBody('Evening rush', { layout, filter: { status: ['2'], q: '' } }),
      id: view.id,
      version: 2,
    });
    expect(again.status).toBe(200);
    expect(again.body.result.version).toBe(2);
    expect(await rowOf(view.id)).toEqual(row);
  });

  it('refuses a stale version with 409 naming the owner, and changes nothing', async () => {
    const view = await create(p.webAdmin, 'Stale check');
    const first = await upsert(p.webAdmin, { ...viewBody('Stale check 2'), id: view.id, version: 1 });
    expect(first.body.result.version).toBe(2);
    const before = await rowOf(view.id);
    const stale = await upsert(p.webAdmin, { ...viewBody('Stale check 3'), id: view.id, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.errorMessages).toHaveLength(1);
    expect(stale.body.errorMessages[0]).toMatch(
      /^Ravi Kumar changed this view on .+ IST, after you opened it\. Nothing was saved/,
    );
    expect(await rowOf(view.id)).toEqual(before);
    // Without a version there is no check (decision 041).
    const unversioned = await upsert(p.webAdmin, { ...viewBody('Stale check 4'), id: view.id });
    expect(unversioned.body.result).toMatchObject({ name: 'Stale check 4', version: 3 });
  });

  it('removes its own view; then it answers as missing', async () => {
    const view = await create(p.webAdmin, 'Short lived');
    const r = await removeView(p.webAdmin, view.id);
    expect(r.status).toBe(200);
    expect(r.body.result).toBe(true);
    expect(await rowOf(view.id)).toBeUndefined();
    const missing = await getView(p.webAdmin, view.id);
    expect(missing.status).toBe(404);
    expect(missing.body.errorMessages).toEqual([VIEW_MESSAGES.notFound]);
    expect((await removeView(p.webAdmin, view.id)).status).toBe(404);
  });

  it('answers ids no row has (beyond the id column too) as missing', async () => {
    for (const id of [2_000_000_000, 2_147_483_648, 999_999_999_999_999]) {
      const r = await getView(p.webAdmin, id);
      expect(r.status, String(id)).toBe(404);
      expect(r.body.errorMessages).toEqual([VIEW_MESSAGES.notFound]);
      expect((await removeView(p.webAdmin, id)).status).toBe(404);
      expect((await upsert(p.webAdmin, { ...viewBody('Ghost'), id })).status).toBe(404);
      expect((await setDefault(p.webAdmin, id)).status).toBe(404);
    }
  });

  it('refuses anonymous callers; every role keeps views (views.use)', async () => {
    expect((await listViews(anonymous)).status).toBe(401);
    expect((await upsert(anonymous, viewBody('Nobody'))).status).toBe(401);
    const mine = await create(p.mobileUser, 'On the road');
    expect(mine).toMatchObject({ ownerName: 'Arjun Rao', mine: true });
    expect((await listViews(p.mobileUser)).body.result.map((v) => v.name)).toEqual(['On the road']);
  });
});

describe('views: the rules of a save', () => {
  it('names are unique per owner and list whatever their case: 400 on the name, nothing stored', async () => {
    await create(p.webAdmin, 'Dispatch');
    const before = await viewCount();
    const dup = await upsert(p.webAdmin, viewBody('DISPATCH'));
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({
      isSuccess: false,
      result: { fields: { name: [VIEW_MESSAGES.exists('DISPATCH')] } },
      errorMessages: [VIEW_MESSAGES.exists('DISPATCH')],
    });
    const other = await create(p.webAdmin, 'Dispatch later');
    const rename = await upsert(p.webAdmin, { ...viewBody('dispatch'), id: other.id });
    expect(rename.status).toBe(400);
    expect(rename.body.errorMessages).toEqual([VIEW_MESSAGES.exists('dispatch')]);
    expect(rename.body.result).toEqual({ fields: { name: [VIEW_MESSAGES.exists('dispatch')] } });
    expect(await viewCount()).toBe(before + 1);
    // Another owner may use the name; the owner may change its own name's case.
    expect((await upsert(p.storeB, viewBody('Dispatch'))).status).toBe(200);
    const own = (await upsert(p.webAdmin, { ...viewBody('Dispatch Later'), id: other.id })).body.result;
    expect(own.name).toBe('Dispatch Later');
  });

  it('of saves racing with one name, one stores and the others are refused (no 500)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upsert(p.storeB, viewBody(i % 2 ? 'Race' : 'RACE'))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it(`keeps at most ${VIEW_OWN_MAX} views per owner and list`, async () => {
    const owner = p.webUser;
    const have = (await listViews(owner)).body.result.filter((v) => v.mine).length;
    for (let i = have; i < VIEW_OWN_MAX; i++) await create(owner, `Shelf ${i + 1}`);
    const before = await viewCount();
    const over = await upsert(owner, viewBody('One too many'));
    expect(over.status).toBe(400);
    expect(over.body.errorMessages).toEqual([VIEW_MESSAGES.tooMany]);
    expect(await viewCount()).toBe(before);
    // Replacing one is still a save.
    const first = (await listViews(owner)).body.result.find((v) => v.name === 'Shelf 1')!;
    expect((await upsert(owner, { ...viewBody('Shelf one'), id: first.id })).status).toBe(200);
  });

  it('refuses what the contract refuses with its messages, storing nothing', async () => {
    const before = await viewCount();
    const cases: [Record<string, unknown>, string][] = [
      [viewBody('Dates', { filter: { from: '2026-03-01', to: '2026-02-01' } }), 'From must not be after To.'],
      [viewBody('Status', { filter: { status: '7' } }), 'Status must be one of 0, 1, 2, 3, 4.'],
      [viewBody('Sort', { filter: { sort: 'password' } }), 'Sort must be one of'],
      [viewBody(''), 'View name is required'],
      [viewBody('x'.repeat(61)), 'View name'],
      [viewBody('List', { list: 'users' }), 'List must be orders.'],
      [viewBody('Share', { share: 'world' }), 'Shared with must be private, store or everyone.'],
      [viewBody('Width', { layout: { ...LAYOUT, widths: { status: 5 } } }), "A column's width must be"],
      [viewBody('Density', { layout: { ...LAYOUT, density: 'dense' } }), 'Density must be'],
      [viewBody('Columns', { layout: { ...LAYOUT, order: ['a b'] } }), 'Columns must be column names.'],
      [{ ...viewBody('No layout'), layout: undefined }, 'Layout must be an object'],
      [{ ...viewBody('No filter'), filter: 'status=1' }, 'Filter must be an object'],
    ];
    for (const [body, message] of cases) {
      const r = await upsert(p.webAdmin, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errorMessages.join(' | '), JSON.stringify(body)).toContain(message);
    }
    expect(await viewCount()).toBe(before);
  });

  it('refuses another owner’s view exactly as a missing one, changing nothing', async () => {
    const view = await create(p.webAdmin, 'Mine alone');
    const before = await rowOf(view.id);
    for (const s of [p.storeB, p.webUser, p.admin]) {
      const missing = await upsert(s, { ...viewBody('Taken over'), id: 2_000_000_000 });
      const other = await upsert(s, { ...viewBody('Taken over'), id: view.id, version: 1 });
      expect(other.status).toBe(404);
      expect(other.body).toEqual(missing.body);
      const gone = await removeView(s, view.id);
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual((await removeView(s, 2_000_000_000)).body);
    }
    expect(await rowOf(view.id)).toEqual(before);
  });
});

describe('views: the default view', () => {
  it('sets, moves and clears the caller’s default, answering its views', async () => {
    const a = await create(p.storeB, 'Default A');
    const b = await create(p.storeB, 'Default B');
    const set = await setDefault(p.storeB, a.id);
    expect(set.status).toBe(200);
    expect(set.body.result.filter((v) => v.isDefault).map((v) => v.id)).toEqual([a.id]);
    expect((await getView(p.storeB, a.id)).body.result.isDefault).toBe(true);
    const moved = await setDefault(p.storeB, b.id);
    expect(moved.body.result.filter((v) => v.isDefault).map((v) => v.id)).toEqual([b.id]);
    const cleared = await setDefault(p.storeB, null);
    expect(cleared.body.result.some((v) => v.isDefault)).toBe(false);
    // Clearing when none is set is fine too.
    expect((await setDefault(p.storeB, null)).status).toBe(200);
  });

  it('a removed view stops being a default; a view the caller may not open can’t be one', async () => {
    const view = await create(p.storeB, 'Default gone');
    await setDefault(p.storeB, view.id);
    expect((await removeView(p.storeB, view.id)).status).toBe(200);
    const defaults = await t.db.kysely
      .selectFrom('list_view_defaults')
      .selectAll()
      .where('view_id', '=', view.id)
      .execute();
    expect(defaults).toEqual([]);
    expect((await listViews(p.storeB)).body.result.some((v) => v.isDefault)).toBe(false);

    const private_ = await create(p.webAdmin, 'Not yours');
    const refused = await setDefault(p.storeB, private_.id);
    expect(refused.status).toBe(404);
    expect(refused.body.errorMessages).toEqual([VIEW_MESSAGES.notFound]);
  });

  it('refuses a malformed default: no list, a bad id', async () => {
    for (const body of [
      { id: 1 },
      { list: 'orders', id: 'x' },
      { list: 'orders' },
      { list: 'users', id: null },
    ]) {
      const r = await send(t.app, 'POST', '/api/views/setdefaultview', { session: p.storeB, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });
});
