import * as v from 'valibot';
import { listQuerySchema, queryChoice } from './lists';

/*
 * The audit trail (server/audit/audit.ts records one entry per write, in the write's
 * transaction) as its list reads it (listaudit, BlueTikAdmin only). Its query lives here,
 * beside the kinds and actions it filters by, rather than in lists.ts (at its size limit).
 */

/** The kinds of record the trail names. */
export const AUDIT_ENTITIES = [
  'order',
  'category',
  'item',
  'user',
  'role',
  'profile',
  'password',
  'catalog',
] as const;
/** A kind of record in the trail. */
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
/** What the trail says was done. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'remove',
  'bulk-insert',
  'change-password',
  'note',
  'note-remove',
  'take',
] as const;
/** An action in the trail. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How a screen names each kind (the wire keeps the value; the words table translates the label). */
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  order: 'Order',
  category: 'Category',
  item: 'Item',
  user: 'User',
  role: 'Role',
  profile: 'Profile',
  password: 'Password',
  catalog: 'Catalog',
};
/** How a screen names each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  remove: 'Removed',
  'bulk-insert': 'Catalog imported',
  'change-password': 'Password changed',
  note: 'Note added',
  'note-remove': 'Note removed',
  take: 'Taken',
};

/** Columns the audit list sorts by (each backed by an index, migration 0022). */
export const AUDIT_SORT_COLUMNS = ['at', 'userName', 'entity', 'action'] as const;
/**
 * The audit list query: paging, sorting (newest first when none is named), `q` a prefix of
 * the user's name (ignoring case), and exact kind and action filters.
 */
export const AuditListQuerySchema = listQuerySchema(AUDIT_SORT_COLUMNS, {
  entity: queryChoice(AUDIT_ENTITIES, `Entity must be one of: ${AUDIT_ENTITIES.join(', ')}.`),
  action: queryChoice(AUDIT_ACTIONS, `Action must be one of: ${AUDIT_ACTIONS.join(', ')}.`),
});
/** The audit list query after coercion. */
export type AuditListQuery = v.InferOutput<typeof AuditListQuerySchema>;

/** Longest summary of what an entry changed (the whole of it stays in the trail). */
export const AUDIT_SUMMARY_MAX = 200;

/** One entry of the audit list. */
export const AuditRowSchema = v.object({
  id: v.number(),
  /** ISO-8601 instant (UTC). */
  at: v.string(),
  /** Who wrote it (null if the write had no signed-in user). */
  userId: v.nullable(v.number()),
  userName: v.string(),
  entity: v.picklist(AUDIT_ENTITIES),
  entityId: v.number(),
  action: v.picklist(AUDIT_ACTIONS),
  /**
   * What changed, in short: `field: before → after` for an update's short values, the
   * field's name otherwise (a creation's values and a note's text stay in the trail), at
   * most AUDIT_SUMMARY_MAX characters. Secrets were never recorded (audit.ts redacts them).
   */
  changes: v.pipe(v.string(), v.maxLength(AUDIT_SUMMARY_MAX)),
});
/** One entry of the audit list. */
export type AuditRow = v.InferOutput<typeof AuditRowSchema>;
