import { sql, type Kysely, type Transaction } from 'kysely';
import * as v from 'valibot';
import type { Role } from '#contract/enums';
import { ItemUpsertSchema, type ItemUpsertOutput } from '#contract/items';
import type { Paged, RoleListQuery } from '#contract/lists';
import {
  ROLE_MESSAGES,
  type BulkInsertResult,
  type RoleRecord,
  type RoleUpsertOutput,
} from '#contract/roles';
import { diff, recordAudit, type AuditActor } from '../../audit/audit';
import { keptQuery } from '../../db/kept-queries';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { fitsIdColumn } from '../../lib/ids';
import { refuseStale, storedOrStale, unchanged, type Versioned } from '../../lib/versions';
import { lowerContainsPattern, readPage } from '../../lib/list-sql';
// A static JSON import: esbuild inlines it into the server bundle, and tsx/Vitest read it
// from source, so the catalog ships with the code wherever it runs.
import masterCatalog from '../../catalog/master-catalog.json' with { type: 'json' };

/*
 * Roles (DECISIONS §1 /roles/*) and the master-catalog import (bulkitemsinsert). Every
 * write runs in one transaction with its audit row; refusals are thrown inside it.
 */

type Kdb = Kysely<Database> | Transaction<Database>;

const toRole = (row: { id: number; name: string; description: string; version: number }): RoleRecord => ({
  id: row.id,
  name: row.name as Role,
  description: row.description,
  version: row.version,
});

/** Role `id`, or null. */
export async function getRole(db: Kdb, id: number): Promise<RoleRecord | null> {
  // Beyond the 32-bit id column no row exists, and PostgreSQL refuses to compare one (a 500).
  if (!fitsIdColumn(id)) return null;
  const row = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRole(row) : null;
}

/**
 * Every role by id (the spec's plain list). Its statement is compiled once per database
 * handle (kept-queries.ts): it is the signed-in read bench:server measures (issue 18).
 */
export async function listRoles(db: Kdb): Promise<RoleRecord[]> {
  const all = () => db.selectFrom('roles').selectAll().orderBy('id', 'asc');
  const { rows } = await db.executeQuery(keptQuery(db, 'roles', [], all));
  return rows.map(toRole);
}

function filtered(db: Kdb, q: string) {
  let qb = db.selectFrom('roles');
  if (q) {
    const pattern = lowerContainsPattern(q);
    qb = qb.where((eb) =>
      eb.or([
        sql<boolean>`lower(name) like ${pattern} escape '!'`,
        sql<boolean>`lower(description) like ${pattern} escape '!'`,
      ]),
    );
  }
  return qb;
}

/** One page of roles matching `query`. */
export async function listRolesPaged(db: Kdb, query: RoleListQuery): Promise<Paged<RoleRecord>> {
  let rows = filtered(db, query.q).selectAll();
  if (query.sort) rows = rows.orderBy(sql`lower(${sql.ref(query.sort)})`, query.order);
  return readPage(query, { rows, id: 'id', matching: filtered(db, query.q), toRow: toRole });
}

async function usersOf(db: Kdb, roleId: number): Promise<number> {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function nameTaken(db: Kdb, name: string, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates (id 0) or updates a role. Names are unique (one role per type). A role its
 * users still hold keeps its name: renaming it would silently change their role (and
 * could strip the platform of its admins); its description may change.
 */
export async function upsertRole(
  db: Kysely<Database>,
  input: RoleUpsertOutput,
  actor: AuditActor,
  now: number,
): Promise<RoleRecord> {
  const at = new Date(now);
  return db.transaction().execute(async (trx) => {
    if (input.id === 0) {
      if (await nameTaken(trx, input.name, 0))
        throw ApiError.field(400, 'name', ROLE_MESSAGES.exists(input.name));
      const { id } = await trx
        .insertInto('roles')
        .values({ name: input.name, description: input.description })
        .returning('id')
        .executeTakeFirstOrThrow();
      const role = toRole({ id, name: input.name, description: input.description, version: 1 });
      await recordAudit(trx, actor, { entity: 'role', entityId: id, action: 'create', changes: role }, at);
      return role;
    }
    const before = await getRole(trx, input.id);
    if (!before) throw new ApiError(404, ROLE_MESSAGES.notFound);
    const target: Versioned = { noun: 'role', id: before.id, entities: ['role'] };
    await refuseStale(trx, target, before.version, input.version);
    const changes = diff(before, { ...before, name: input.name, description: input.description });
    if (unchanged(changes)) return before;
    if (input.name !== before.name) {
      if (await nameTaken(trx, input.name, input.id))
        throw ApiError.field(400, 'name', ROLE_MESSAGES.exists(input.name));
      const holders = await usersOf(trx, input.id);
      // Refused because of the new name, so it is the name field's message.
      if (holders > 0) throw ApiError.field(400, 'name', ROLE_MESSAGES.inUse(holders));
    }
    const role = toRole(
      await storedOrStale(
        trx,
        target,
        await trx
          .updateTable('roles')
          .set({ name: input.name, description: input.description, version: before.version + 1 })
          .where('id', '=', input.id)
          .where('version', '=', before.version)
          .returningAll()
          .executeTakeFirst(),
      ),
    );
    await recordAudit(trx, actor, { entity: 'role', entityId: input.id, action: 'update', changes }, at);
    return role;
  });
}

/** Removes role `id`, unless a user still holds it. */
export async function removeRole(db: Kysely<Database>, id: number, actor: AuditActor, now: number) {
  await db.transaction().execute(async (trx) => {
    const role = await getRole(trx, id);
    if (!role) throw new ApiError(404, ROLE_MESSAGES.notFound);
    const holders = await usersOf(trx, id);
    if (holders > 0) throw new ApiError(400, ROLE_MESSAGES.inUse(holders));
    await trx.deleteFrom('roles').where('id', '=', id).execute();
    await recordAudit(
      trx,
      actor,
      { entity: 'role', entityId: id, action: 'remove', changes: role },
      new Date(now),
    );
  });
}

// ---------------------------------------------------------------------------------
// bulkitemsinsert

let parsedCatalog: ItemUpsertOutput[] | undefined;

/**
 * The master catalog, each entry validated with the item form's rules (prices become
 * paise). master-catalog.test.ts keeps every entry valid; should one ever fail, it is
 * an error of the shipped data, reported as such rather than imported half-checked.
 */
export function catalogEntries(): ItemUpsertOutput[] {
  if (!parsedCatalog) {
    parsedCatalog = (masterCatalog as unknown[]).map((entry, i) => {
      const result = v.safeParse(ItemUpsertSchema, entry);
      if (!result.success) {
        throw new Error(`master catalog entry #${i}: ${result.issues.map((x) => x.message).join('; ')}`);
      }
      return result.output;
    });
  }
  return parsedCatalog;
}

const itemKey = (name: string, brand: string) => `${name.toLowerCase()}\u0000${brand.toLowerCase()}`;

/** Rows per INSERT: well under both engines' bound-parameter limits. */
const BATCH = 100;

/**
 * Imports the master catalog into the items table (DECISIONS §1): an entry whose name and
 * brand (case-insensitive) an item already has is skipped, so a second run inserts
 * nothing. One transaction with one audit row carrying the counts.
 */
export async function bulkInsertCatalog(
  db: Kysely<Database>,
  actor: AuditActor,
  now: number,
): Promise<BulkInsertResult> {
  const entries = catalogEntries();
  const at = new Date(now);
  const stamp = at.toISOString();
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('items').select(['name', 'brand']).execute();
    const seen = new Set(existing.map((row) => itemKey(row.name, row.brand)));
    const fresh: ItemUpsertOutput[] = [];
    for (const entry of entries) {
      const key = itemKey(entry.name, entry.brand);
      if (seen.has(key)) continue;
      seen.add(key);
      fresh.push(entry);
    }
    for (let i = 0; i < fresh.length; i += BATCH) {
      await trx
        .insertInto('items')
        .values(
          fresh.slice(i, i + BATCH).map((e) => ({
            name: e.name,
            description: e.description,
            brand: e.brand,
            price: e.price,
            mrp: e.mrp,
            qty: e.qty,
            category: e.category,
            sub_category: e.subCategory,
            image: e.image,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
    }
    const result = { inserted: fresh.length, skipped: entries.length - fresh.length };
    await recordAudit(
      trx,
      actor,
      { entity: 'catalog', entityId: 0, action: 'bulk-insert', changes: result },
      at,
    );
    return result;
  });
}
