import { sql, type Kysely } from 'kysely';
import { AUDIT_SUMMARY_MAX, type AuditListQuery, type AuditRow } from '#contract/audit';
import type { Paged } from '#contract/lists';
import { dialectOf } from '../../db/dialect';
import { auditNameKey } from '../../db/migrations/0022-audit-list';
import type { Database } from '../../db/schema';
import { prefixRange, readPage } from '../../lib/list-sql';

/*
 * The audit trail's list (listaudit): pages of the whole trail, newest first unless sorted,
 * filtered by kind and action and searched by a prefix of the user's name. Every sort and
 * the search are ranges of migration 0022's indexes.
 */

type Row = {
  id: number;
  at: string;
  user_id: number | null;
  user_name: string;
  entity: string;
  entity_id: number;
  action: string;
  changes: string;
};

/** A value short enough to show in a summary, as text; undefined for anything longer or nested. */
function shown(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return undefined;
  const text = String(value as string | number | boolean);
  return text.length <= 40 ? text : undefined;
}

/**
 * What an entry changed, in short: an update's fields as `field: before → after` (the
 * field's name alone when a value is long or nested), any other entry's field names (a
 * creation's values and a note's text stay in the trail), cut at AUDIT_SUMMARY_MAX.
 */
export function summarise(action: string, changes: Record<string, unknown>): string {
  const parts = Object.entries(changes).map(([field, value]) => {
    if (action !== 'update' || !Array.isArray(value) || value.length !== 2) return field;
    const [before, after] = [shown(value[0]), shown(value[1])];
    return before !== undefined && after !== undefined ? `${field}: ${before} → ${after}` : field;
  });
  const text = parts.join(', ');
  return text.length <= AUDIT_SUMMARY_MAX ? text : `${text.slice(0, AUDIT_SUMMARY_MAX - 1)}…`;
}

function parsed(changes: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(changes);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const toRow = (r: Row): AuditRow => ({
  id: r.id,
  at: r.at,
  userId: r.user_id,
  userName: r.user_name,
  entity: r.entity as AuditRow['entity'],
  entityId: r.entity_id,
  action: r.action as AuditRow['action'],
  changes: summarise(r.action, parsed(r.changes)),
});

function filtered(db: Kysely<Database>, query: AuditListQuery) {
  let qb = db.selectFrom('audit_log');
  if (query.entity) qb = qb.where('entity', '=', query.entity);
  if (query.action) qb = qb.where('action', '=', query.action);
  const name = sql.raw(auditNameKey(dialectOf(db).name));
  if (query.q) qb = qb.where(prefixRange(name, query.q.toLowerCase()));
  return qb;
}

/** The sort keys, as the indexes hold them. */
const SORT_KEYS = {
  at: () => sql.ref('at'),
  userName: (db: Kysely<Database>) => sql.raw(auditNameKey(dialectOf(db).name)),
  entity: () => sql.ref('entity'),
  action: () => sql.ref('action'),
};

/** One page of the trail matching `query`: newest first unless it names a sort. */
export async function listAuditPaged(db: Kysely<Database>, query: AuditListQuery): Promise<Paged<AuditRow>> {
  const sort = query.sort ?? 'at';
  const order = query.sort ? query.order : 'desc';
  const rows = filtered(db, query).selectAll().orderBy(SORT_KEYS[sort](db), order);
  return readPage({ ...query, sort, order }, { rows, id: 'id', matching: filtered(db, query), toRow });
}
