import { HISTORY_PAGE_MAX, type OrderHistory, type OrderHistoryQuery } from '#contract/order-history';
import { historyOf, recordAudit, type AuditActor } from '../../audit/audit';
import { fitsIdColumn } from '../../lib/ids';
import { lockOrder } from './order-lock';
import { inScope, type Kdb, type Scope } from './scope';

/*
 * An order's timeline (issue 16): its audit trail, with the internal notes as entries of
 * the same trail (action 'note', changes { text }). A removal is an entry of its own
 * ('note-remove', changes { noteId }); from then on the note answers text null with who
 * removed it and when (record 053).
 */

async function inScopeOrder(db: Kdb, id: number, store: Scope) {
  if (!fitsIdColumn(id)) return false;
  let find = db.selectFrom('orders').select('id').where('id', '=', id);
  for (const term of inScope(store, { column: 'store_user_id' })) find = find.where(term);
  return (await find.executeTakeFirst()) !== undefined;
}

/** The removals among an order's entries, by the id of the note each removed. */
async function noteRemovals(db: Kdb, orderId: number) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['at', 'user_name', 'changes'])
    .where('entity', '=', 'order')
    .where('entity_id', '=', orderId)
    .where('action', '=', 'note-remove')
    .execute();
  return new Map(
    rows.map((r) => [(JSON.parse(r.changes) as { noteId: number }).noteId, { by: r.user_name, at: r.at }]),
  );
}

/** A page of an order's trail, or null when the order is missing or out of scope. */
export async function orderHistory(
  db: Kdb,
  id: number,
  store: Scope,
  query: OrderHistoryQuery = {},
): Promise<OrderHistory | null> {
  if (!(await inScopeOrder(db, id, store))) return null;
  const entries = await historyOf(db, 'order', id, {
    after: query.after,
    limit: query.limit ?? HISTORY_PAGE_MAX,
  });
  if (!entries.some((e) => e.action === 'note')) return entries;
  const removed = await noteRemovals(db, id);
  return entries.map((e) => {
    const removal = e.action === 'note' ? removed.get(e.id) : undefined;
    return removal ? { ...e, changes: { text: null, removedBy: removal.by, removedAt: removal.at } } : e;
  });
}

/** Adds a note to an order in scope; answers its entry, or null when the order is missing. */
export async function addNote(
  db: Kdb,
  input: { orderId: number; text: string },
  opts: { store: Scope; actor: AuditActor; now: number },
) {
  if (!fitsIdColumn(input.orderId)) return null;
  return db.transaction().execute(async (trx) => {
    // Read through the order's lock, so a note never lands on an order being removed.
    if (!(await lockOrder(trx, input.orderId, opts.store))) return null;
    const at = new Date(opts.now);
    const changes = { text: input.text };
    const id = await recordAudit(
      trx,
      opts.actor,
      { entity: 'order', entityId: input.orderId, action: 'note', changes },
      at,
    );
    return {
      id,
      at: at.toISOString(),
      userId: opts.actor.userId,
      userName: opts.actor.name,
      action: 'note',
      changes,
    };
  });
}

/**
 * Removes note `noteId` of an order in scope: false when there is no such note, it was
 * removed already, or its order is out of scope (all answer as missing).
 */
export async function removeNote(
  db: Kdb,
  noteId: number,
  opts: { store: Scope; actor: AuditActor; now: number },
) {
  if (!fitsIdColumn(noteId)) return false;
  return db.transaction().execute(async (trx) => {
    const note = await trx
      .selectFrom('audit_log')
      .select('entity_id')
      .where('id', '=', noteId)
      .where('entity', '=', 'order')
      .where('action', '=', 'note')
      .executeTakeFirst();
    // The order's lock orders two removals of one note: the second sees the first's entry.
    if (!note || !(await lockOrder(trx, note.entity_id, opts.store))) return false;
    if ((await noteRemovals(trx, note.entity_id)).has(noteId)) return false;
    await recordAudit(
      trx,
      opts.actor,
      { entity: 'order', entityId: note.entity_id, action: 'note-remove', changes: { noteId } },
      new Date(opts.now),
    );
    return true;
  });
}
