import {
  storedViewFilter,
  VIEW_MESSAGES,
  VIEW_OWN_MAX,
  type ListView,
  type VIEW_LISTS,
} from '#contract/list-views';
import { can } from '#contract/permissions';
import { staleSaveMessage } from '#contract/versions';
import { refuse, refuseField, type Caller } from '../auth';
import { on } from '../endpoint';
import type { StoredView } from '../factories/views';
import { nextId, store, userByPhone } from '../store';

/*
 * The saved views' calls, in memory, with the server's rules (server/routes/views): a view
 * opens for its owner, for everyone when shared with everyone, for its store when shared
 * with the store (a store is a user; the platform admin has none); any other answers as a
 * missing one, and only the owner changes or removes it. Names are unique per owner and
 * list whatever their case; the filter is stored minimal (contract storedViewFilter).
 */

type ViewList = (typeof VIEW_LISTS)[number];

interface Viewer {
  id: number;
  name: string;
  role: string;
  store: number | null;
}

function viewerOf(caller: Caller): Viewer {
  const user = userByPhone(caller.userId);
  const id = user?.id ?? 0;
  return { id, name: user?.name ?? '', role: caller.role, store: caller.role === 'BlueTikAdmin' ? null : id };
}

const sees = (view: StoredView, viewer: Viewer) =>
  view.ownerId === viewer.id ||
  view.share === 'everyone' ||
  (view.share === 'store' && view.store !== null && view.store === viewer.store);

const defaultKey = (userId: number, list: string) => `${userId}:${list}`;

function answer(view: StoredView, viewer: Viewer): ListView {
  const { store: _store, ...fields } = view;
  return {
    ...fields,
    ownerName: store.users.get(view.ownerId)?.name ?? '',
    mine: view.ownerId === viewer.id,
    isDefault: store.viewDefaults.get(defaultKey(viewer.id, view.list)) === view.id,
  };
}

const byName = new Intl.Collator('en', { sensitivity: 'accent', numeric: true });

function viewsOf(viewer: Viewer, list: ViewList): ListView[] {
  return [...store.views.values()]
    .filter((view) => view.list === list && sees(view, viewer))
    .map((view) => answer(view, viewer))
    .sort((a, b) => Number(b.mine) - Number(a.mine) || byName.compare(a.name, b.name) || a.id - b.id);
}

const notFound = () => refuse(404, VIEW_MESSAGES.notFound);
const pick = ({ name, share, filter, layout }: StoredView) => ({ name, share, filter, layout });
const nameKey = (name: string) => name.normalize('NFC').toLowerCase();

/** The saved views' calls. */
export const viewHandlers = [
  on('listViews', ({ caller, query }) => viewsOf(viewerOf(caller), query.list)),
  on('getView', ({ caller, params }) => {
    const viewer = viewerOf(caller);
    const view = store.views.get(params.id);
    return view && sees(view, viewer) ? answer(view, viewer) : notFound();
  }),
  on('upsertView', ({ caller, body }) => {
    const viewer = viewerOf(caller);
    if (body.share === 'store' && (!can(viewer.role, 'views.shareStore') || viewer.store === null))
      return refuse(403, VIEW_MESSAGES.shareStore);
    if (body.share === 'everyone' && !can(viewer.role, 'views.shareAll'))
      return refuse(403, VIEW_MESSAGES.shareAll);
    const own = [...store.views.values()].filter((v) => v.ownerId === viewer.id && v.list === body.list);
    const before = body.id === undefined ? undefined : own.find((v) => v.id === body.id);
    if (body.id !== undefined && !before) return notFound();
    if (before && body.version !== undefined && body.version !== before.version)
      return refuse(409, staleSaveMessage('view', { by: viewer.name, at: before.updatedDate }));
    if (own.some((v) => v.id !== before?.id && nameKey(v.name) === nameKey(body.name)))
      return refuseField('name', VIEW_MESSAGES.exists(body.name));
    if (!before && own.length >= VIEW_OWN_MAX) return refuse(400, VIEW_MESSAGES.tooMany);
    const fields = {
      name: body.name,
      share: body.share,
      filter: storedViewFilter(body.filter),
      layout: body.layout,
    };
    // An unchanged save keeps its version (as on the server).
    if (before && JSON.stringify(fields) === JSON.stringify({ ...fields, ...pick(before) }))
      return answer(before, viewer);
    const saved: StoredView = {
      ...fields,
      id: before?.id ?? nextId(store.views),
      list: body.list,
      ownerId: viewer.id,
      version: (before?.version ?? 0) + 1,
      updatedDate: new Date().toISOString(),
      store: viewer.store,
    };
    store.views.set(saved.id, saved);
    // Others' defaults of a view they may no longer open go (as on the server).
    for (const [key, id] of store.viewDefaults) {
      const userId = Number(key.split(':')[0]);
      const user = store.users.get(userId);
      const them = {
        id: userId,
        name: '',
        role: user?.role ?? '',
        store: user?.role === 'BlueTikAdmin' ? null : userId,
      };
      if (id === saved.id && !sees(saved, them)) store.viewDefaults.delete(key);
    }
    return answer(saved, viewer);
  }),
  on('removeView', ({ caller, params }) => {
    const viewer = viewerOf(caller);
    const view = store.views.get(params.id);
    if (!view || view.ownerId !== viewer.id) return notFound();
    store.views.delete(view.id);
    for (const [key, id] of store.viewDefaults) if (id === view.id) store.viewDefaults.delete(key);
    return true;
  }),
  on('setDefaultView', ({ caller, body }) => {
    const viewer = viewerOf(caller);
    const key = defaultKey(viewer.id, body.list);
    if (body.id === null) store.viewDefaults.delete(key);
    else {
      const view = store.views.get(body.id);
      if (!view || view.list !== body.list || !sees(view, viewer)) return notFound();
      store.viewDefaults.set(key, view.id);
    }
    return viewsOf(viewer, body.list);
  }),
];
