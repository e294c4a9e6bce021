import type { Kysely, Transaction } from 'kysely';
import { staleSaveMessage, type VersionedNoun } from '#contract/versions';
import type { AuditEntry } from '../audit/audit';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';

/*
 * The server's half of optimistic concurrency (contract/versions, decision 041). A save
 * is refused with 409 when the version it names is not the stored one, and its update
 * is conditional on the version it read (`WHERE version = read`), so of two saves racing
 * past the first check only one stores: on PostgreSQL the second update waits for the
 * first to commit and then matches no row; SQLite runs one write transaction at a time.
 */

type Kdb = Kysely<Database> | Transaction<Database>;

/** A record as the conflict message names it, and the audit entities that change it. */
export interface Versioned {
  noun: VersionedNoun;
  id: number;
  /** The audit trail's entities whose writes change this record's version. */
  entities: readonly AuditEntry['entity'][];
}

/** The 409 of a stale save, naming who changed the record last and when (the audit trail). */
export async function staleSave(db: Kdb, target: Versioned): Promise<ApiError> {
  const last = await db
    .selectFrom('audit_log')
    .select(['user_name', 'at'])
    .where('entity', 'in', [...target.entities])
    .where('entity_id', '=', target.id)
    .where('action', 'in', ['create', 'update'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return new ApiError(409, staleSaveMessage(target.noun, last ? { by: last.user_name, at: last.at } : null));
}

/** Refuses (409) a save that names a version other than the stored one; no version, no check. */
export async function refuseStale(
  db: Kdb,
  target: Versioned,
  stored: number,
  sent: number | undefined,
): Promise<void> {
  if (sent !== undefined && sent !== stored) throw await staleSave(db, target);
}

/**
 * The row a conditional update (`… WHERE id = ? AND version = read RETURNING …`) stored,
 * or a 409 when it matched none: another save stored a new version between this save's
 * read and its write.
 */
export async function storedOrStale<T>(db: Kdb, target: Versioned, row: T | undefined): Promise<T> {
  if (row === undefined) throw await staleSave(db, target);
  return row;
}

/** True when a diff of a save found nothing to change (the save then writes nothing). */
export const unchanged = (changes: Record<string, unknown>) => Object.keys(changes).length === 0;
