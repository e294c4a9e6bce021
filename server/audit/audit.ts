import type { Kysely, Transaction } from 'kysely';
import type { AuditAction, AuditEntity } from '#contract/audit';
import type { Database } from '../db/schema';

/** Who made a write, as the audit trail records it. */
export interface AuditActor {
  userId: number | null;
  name: string;
  requestId: string;
}

/** One audited write. */
export interface AuditEntry {
  entity: AuditEntity;
  entityId: number;
  action: AuditAction;
  /** For updates: { field: [before, after] } of the fields that changed; otherwise the values. */
  changes: Record<string, unknown>;
}

/**
 * The fields of `after` whose values differ from `before`, as { field: [before, after] }.
 * Both are plain rows or contract objects; undefined in `after` means "not touched".
 * `version` is bookkeeping (lib/versions), never a change of its own.
 */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || key === 'version') continue;
    const old = before[key];
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[key] = [old ?? null, value];
  }
  return changes;
}

/** Fields that never enter the trail, whatever a caller passes. */
const SECRET = /password|hash|token/i;

function redact(changes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) out[key] = SECRET.test(key) ? '[redacted]' : value;
  return out;
}

/**
 * Records a write and answers the entry's id. Call it with the transaction that performs
 * the write, so the trail and the data can never disagree (both commit or neither does).
 */
export async function recordAudit(
  trx: Transaction<Database> | Kysely<Database>,
  actor: AuditActor,
  entry: AuditEntry,
  now: Date = new Date(),
): Promise<number> {
  const row = await trx
    .insertInto('audit_log')
    .values({
      at: now.toISOString(),
      user_id: actor.userId,
      user_name: actor.name,
      request_id: actor.requestId,
      entity: entry.entity,
      entity_id: entry.entityId,
      action: entry.action,
      changes: JSON.stringify(redact(entry.changes)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The trail of one entity, oldest first: `limit` entries after the entry `after` (one
 * range of the (entity, entity_id, id) index).
 */
export async function historyOf(
  db: Kysely<Database>,
  entity: AuditEntry['entity'],
  entityId: number,
  page: { after?: number; limit: number },
) {
  let query = db
    .selectFrom('audit_log')
    .select(['id', 'at', 'user_id', 'user_name', 'action', 'changes'])
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId);
  if (page.after !== undefined) query = query.where('id', '>', page.after);
  const rows = await query.orderBy('id', 'asc').limit(page.limit).execute();
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    userId: r.user_id,
    userName: r.user_name,
    action: r.action,
    changes: JSON.parse(r.changes) as Record<string, unknown>,
  }));
}
