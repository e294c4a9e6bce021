import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import type * as v from 'valibot';
import {
  storedViewFilter,
  VIEW_MESSAGES,
  VIEW_OWN_MAX,
  type ListLayout,
  type ListView,
  type ListViewUpsertSchema,
  type VIEW_LISTS,
  type VIEW_SHARES,
} from '#contract/list-views';
import { can } from '#contract/permissions';
import { staleSaveMessage } from '#contract/versions';
import { storeScopeOf } from '../../auth/permissions';
import { dialectOf } from '../../db/dialect';
import type { Database, ListViewsTable } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { fitsIdColumn } from '../../lib/ids';

/*
 * Saved views of a list (issue 15 item 3, record 056). One rule decides who may open a
 * view: its owner; anyone when shared with everyone; anyone of the view's store when
 * shared with the store (a store is a user: auth/permissions storeScopeOf). A view the
 * caller may not open answers exactly as a missing one, and only the owner changes or
 * removes a view (anyone else's id answers as missing too).
 *
 * Not in the audit trail: a view is a personal preference, like a sort or a column width,
 * not a business record, and the trail is what an operator or an auditor reads about
 * orders, the catalog and the people. A stale save's 409 therefore names the owner and
 * the view's own last change, not the trail's (only the owner ever changes a view).
 */

type Kdb = Kysely<Database> | Transaction<Database>;
type ViewList = (typeof VIEW_LISTS)[number];
type Share = (typeof VIEW_SHARES)[number];
/** upsertview's body after the contract's coercion. */
export type ViewUpsert = v.InferOutput<typeof ListViewUpsertSchema>;

/** Who is asking: the signed-in caller, with the store the views' `store` share means. */
export interface Viewer {
  userId: number;
  name: string;
  role: string;
  /** The caller's store (auth/permissions storeScopeOf): null for the platform admin. */
  store: number | null;
}

/**
 * The dialect.lockKey kind (the sign-in limiter's are 21_00x) that runs an owner's saves
 * of one list's views one at a time on PostgreSQL, so the name and count checks hold.
 */
const OWNER_VIEWS_LOCK = 15_003;

/** A name as uniqueness compares it: the same fold on both engines (migration 0012). */
export const nameKeyOf = (name: string) => name.normalize('NFC').toLowerCase();

/** Own views first, then the others; each by name as people read it, ties by id. */
const byName = new Intl.Collator('en', { sensitivity: 'accent', numeric: true });

type ViewRow = Selectable<ListViewsTable> & { owner_name: string; default_view: number | null };

/** The SQL form of the visibility rule (its JavaScript form is `sees`, below). */
function visibleTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'list_views'>) =>
    eb.or([
      eb('list_views.owner_user_id', '=', viewer.userId),
      eb('list_views.share', '=', 'everyone'),
      ...(viewer.store !== null && fitsIdColumn(viewer.store)
        ? [eb.and([eb('list_views.share', '=', 'store'), eb('list_views.store_user_id', '=', viewer.store)])]
        : []),
    ]);
}

/** Whether `viewer` may open a view (the rule of `visibleTo`, for rows already read). */
function sees(
  view: Pick<ListViewsTable, 'owner_user_id' | 'share' | 'store_user_id'>,
  viewer: Pick<Viewer, 'userId' | 'store'>,
): boolean {
  if (view.owner_user_id === viewer.userId || view.share === 'everyone') return true;
  return view.share === 'store' && view.store_user_id !== null && view.store_user_id === viewer.store;
}

/** The views `viewer` may open, with their owner's name and whether each is the viewer's default. */
function visibleRows(db: Kdb, viewer: Viewer) {
  return db
    .selectFrom('list_views')
    .innerJoin('users', 'users.id', 'list_views.owner_user_id')
    .leftJoin('list_view_defaults', (join) =>
      join
        .onRef('list_view_defaults.view_id', '=', 'list_views.id')
        .on('list_view_defaults.user_id', '=', viewer.userId),
    )
    .selectAll('list_views')
    .select(['users.name as owner_name', 'list_view_defaults.view_id as default_view'])
    .where(visibleTo(viewer));
}

function toView(row: ViewRow, viewer: Viewer): ListView {
  return {
    id: row.id,
    list: row.list as ViewList,
    name: row.name,
    share: row.share as Share,
    filter: JSON.parse(row.filter) as ListView['filter'],
    layout: JSON.parse(row.layout) as ListLayout,
    ownerId: row.owner_user_id,
    ownerName: row.owner_name,
    mine: row.owner_user_id === viewer.userId,
    isDefault: row.default_view !== null,
    version: row.version,
    updatedDate: row.updated_at,
  };
}

/**
 * The views of `list` the viewer may open, own first, each part by name. A few hundred
 * rows at most: VIEW_OWN_MAX of the viewer's, and those shared with its store or everyone,
 * each found through an index of migration 0012.
 */
export async function listViews(db: Kdb, viewer: Viewer, list: ViewList): Promise<ListView[]> {
  const rows = await visibleRows(db, viewer).where('list_views.list', '=', list).execute();
  return rows
    .map((row) => toView(row, viewer))
    .sort((a, b) => Number(b.mine) - Number(a.mine) || byName.compare(a.name, b.name) || a.id - b.id);
}

/** View `id` if the viewer may open it, else null (a missing one alike). */
export async function getView(db: Kdb, viewer: Viewer, id: number): Promise<ListView | null> {
  // Beyond the 32-bit id column no row exists, and PostgreSQL refuses to compare one (a 500).
  if (!fitsIdColumn(id)) return null;
  const row = await visibleRows(db, viewer).where('list_views.id', '=', id).executeTakeFirst();
  return row ? toView(row, viewer) : null;
}

/** Refuses (403) a share the viewer's role may not give, whatever the view. */
function refuseShare(viewer: Viewer, share: Share) {
  if (share === 'store' && (!can(viewer.role, 'views.shareStore') || viewer.store === null))
    throw new ApiError(403, VIEW_MESSAGES.shareStore);
  if (share === 'everyone' && !can(viewer.role, 'views.shareAll'))
    throw new ApiError(403, VIEW_MESSAGES.shareAll);
}

/** The viewer's own view `id` of `list`, locked until `trx` ends (PostgreSQL); undefined when not theirs. */
function lockOwn(trx: Transaction<Database>, viewer: Viewer, id: number, list: ViewList) {
  if (!fitsIdColumn(id)) return Promise.resolve(undefined);
  const query = trx
    .selectFrom('list_views')
    .selectAll()
    .where('id', '=', id)
    .where('owner_user_id', '=', viewer.userId)
    .where('list', '=', list);
  return dialectOf(trx).lockForUpdate(query).executeTakeFirst();
}

/**
 * Other users' defaults that name a view they may no longer open (its share narrowed) go:
 * a default is a view its user can open, and a later wider share must not bring it back.
 */
async function dropUnseenDefaults(trx: Transaction<Database>, view: Selectable<ListViewsTable>) {
  if (view.share === 'everyone') return;
  const holders = await trx
    .selectFrom('list_view_defaults')
    .innerJoin('users', 'users.id', 'list_view_defaults.user_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['list_view_defaults.user_id as userId', 'roles.name as role'])
    .where('list_view_defaults.view_id', '=', view.id)
    .execute();
  const unseen = holders
    .filter((h) => !sees(view, { userId: h.userId, store: storeScopeOf(h.role, h.userId) }))
    .map((h) => h.userId);
  if (unseen.length === 0) return;
  await trx
    .deleteFrom('list_view_defaults')
    .where('view_id', '=', view.id)
    .where('user_id', 'in', unseen)
    .execute();
}

/** A view's columns as a save writes them. */
interface ViewValues {
  name: string;
  name_key: string;
  share: Share;
  store_user_id: number | null;
  filter: string;
  layout: string;
}

/**
 * Creates (no id) or replaces one of the viewer's own views; answers it as listviews
 * would. The share is checked first (403: it depends on the role alone), then the view
 * (404 unless the viewer's), its version (409), the name (400, unique per owner and list
 * whatever its case) and the count (400, VIEW_OWN_MAX per list). An unchanged save writes
 * nothing and keeps the version.
 */
export async function upsertView(
  db: Kysely<Database>,
  viewer: Viewer,
  input: ViewUpsert,
  now: number,
): Promise<ListView> {
  refuseShare(viewer, input.share);
  const values: ViewValues = {
    name: input.name,
    name_key: nameKeyOf(input.name),
    share: input.share,
    store_user_id: viewer.store,
    filter: JSON.stringify(storedViewFilter(input.filter)),
    layout: JSON.stringify(input.layout),
  };
  return db.transaction().execute(async (trx) => {
    const id = await storeView(trx, viewer, input, values, new Date(now).toISOString());
    // Read back in the transaction: the answer is what this save stored.
    const saved = await getView(trx, viewer, id);
    if (!saved) throw new ApiError(404, VIEW_MESSAGES.notFound);
    return saved;
  });
}

/** upsertView's writes, in its transaction; answers the view's id. */
async function storeView(
  trx: Transaction<Database>,
  viewer: Viewer,
  input: ViewUpsert,
  values: ViewValues,
  stamp: string,
): Promise<number> {
  await dialectOf(trx).lockKey(trx, OWNER_VIEWS_LOCK, `${viewer.userId}:${input.list}`);
  const own = await trx
    .selectFrom('list_views')
    .select(['id', 'name_key'])
    .where('owner_user_id', '=', viewer.userId)
    .where('list', '=', input.list)
    .execute();
  const taken = (except: number) => own.some((r) => r.name_key === values.name_key && r.id !== except);

  if (input.id === undefined) {
    if (taken(0)) throw ApiError.field(400, 'name', VIEW_MESSAGES.exists(input.name));
    if (own.length >= VIEW_OWN_MAX) throw new ApiError(400, VIEW_MESSAGES.tooMany);
    const created = await trx
      .insertInto('list_views')
      .values({
        ...values,
        list: input.list,
        owner_user_id: viewer.userId,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  }

  const before = await lockOwn(trx, viewer, input.id, input.list);
  if (!before) throw new ApiError(404, VIEW_MESSAGES.notFound);
  const stale = () => new ApiError(409, staleSaveMessage('view', { by: viewer.name, at: before.updated_at }));
  if (input.version !== undefined && input.version !== before.version) throw stale();
  if (taken(before.id)) throw ApiError.field(400, 'name', VIEW_MESSAGES.exists(input.name));
  const same = (Object.keys(values) as (keyof ViewValues)[]).every((k) => values[k] === before[k]);
  if (same) return before.id;
  const after = await trx
    .updateTable('list_views')
    .set({ ...values, version: before.version + 1, updated_at: stamp })
    .where('id', '=', before.id)
    .where('version', '=', before.version)
    .returningAll()
    .executeTakeFirst();
  if (!after) throw stale();
  if (after.share !== before.share) await dropUnseenDefaults(trx, after);
  return after.id;
}

/** Removes one of the viewer's own views (defaults naming it go by the foreign key); false when not theirs. */
export async function removeView(db: Kysely<Database>, viewer: Viewer, id: number): Promise<boolean> {
  if (!fitsIdColumn(id)) return false;
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('list_views')
      .where('id', '=', id)
      .where('owner_user_id', '=', viewer.userId)
      .executeTakeFirst();
    return Number(gone.numDeletedRows) > 0;
  });
}

/**
 * Makes view `id` (one the viewer may open, of `list`) the viewer's default of the list,
 * or clears it (id null); answers the viewer's views of the list.
 */
export async function setDefaultView(
  db: Kysely<Database>,
  viewer: Viewer,
  input: { list: ViewList; id: number | null },
): Promise<ListView[]> {
  await db.transaction().execute(async (trx) => {
    const { id } = input;
    if (id === null) {
      await trx
        .deleteFrom('list_view_defaults')
        .where('user_id', '=', viewer.userId)
        .where('list', '=', input.list)
        .execute();
      return;
    }
    // Held until commit (PostgreSQL), so the view can't be removed under the new default.
    const found = fitsIdColumn(id)
      ? await dialectOf(trx)
          .lockForKeyShare(
            trx
              .selectFrom('list_views')
              .select('id')
              .where('id', '=', id)
              .where('list', '=', input.list)
              .where(visibleTo(viewer)),
          )
          .executeTakeFirst()
      : undefined;
    if (!found) throw new ApiError(404, VIEW_MESSAGES.notFound);
    await trx
      .insertInto('list_view_defaults')
      .values({ user_id: viewer.userId, list: input.list, view_id: id })
      .onConflict((oc) => oc.columns(['user_id', 'list']).doUpdateSet({ view_id: id }))
      .execute();
  });
  return listViews(db, viewer, input.list);
}
