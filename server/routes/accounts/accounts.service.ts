import type { Kysely, Transaction } from 'kysely';
import { CHANGE_PASSWORD_RESULTS } from '#contract/auth';
import type { Role } from '#contract/enums';
import type { EditProfileOutput, Profile } from '#contract/profile';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { revokeAllSessions } from '../../auth/tokens';
import { diff, recordAudit, type AuditActor } from '../../audit/audit';
import type { Database, UsersTable } from '../../db/schema';
import { selectUsersWithRole, taxColumns, toProfile, type UserWithRole } from '../../db/user-row';
import { flagOf } from '../../lib/flags';
import { refuseStale, storedOrStale, unchanged, type Versioned } from '../../lib/versions';

/*
 * Account queries. Handlers never see a row: only the profile shape (db/user-row's
 * mapping) leaves this file, so a hash can't slip into a response.
 */

type Kdb = Kysely<Database> | Transaction<Database>;

/** The user signing in with `phone` (ten digits), with what sign-in needs. */
export async function findLoginUser(db: Kdb, phone: string) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.phone_number',
      'users.password_hash',
      'users.name',
      'users.email',
      'users.is_active',
      'users.language',
      'roles.name as role',
    ])
    .where('users.phone_number', '=', phone)
    .executeTakeFirst() as Promise<
    | {
        id: number;
        phone_number: string;
        password_hash: string;
        name: string;
        email: string;
        is_active: number;
        language: string | null;
        role: Role;
      }
    | undefined
  >;
}

/**
 * Keeps user `id`'s language. Only that column: a preference, not a profile edit, so the
 * profile's version stays (an Edit Profile open elsewhere saves without a conflict).
 */
export async function setLanguage(db: Kdb, id: number, language: string): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', id).execute();
}

/** The profile of user `id`, or null. */
export async function getProfile(db: Kdb, id: number): Promise<Profile | null> {
  const row = await selectUsersWithRole(db).where('users.id', '=', id).executeTakeFirst();
  return row ? toProfile(row as UserWithRole) : null;
}

/**
 * Saves the fields a user may change on their own profile, recording the write. Identity,
 * role and the admin-only flags are not in `fields`' type and are never written here. A
 * stale version is refused (409, lib/versions); a save that changes nothing writes nothing.
 */
export async function updateOwnProfile(
  db: Kdb,
  actor: AuditActor & { userId: number },
  fields: EditProfileOutput,
  now: number,
): Promise<Profile | null> {
  const id = actor.userId;
  return db.transaction().execute(async (trx) => {
    const row = await selectUsersWithRole(trx).where('users.id', '=', id).executeTakeFirst();
    if (!row) return null;
    const before = row as UserWithRole;
    const target: Versioned = { noun: 'profile', id, entities: ['user', 'profile'] };
    await refuseStale(trx, target, before.version, fields.version);
    const columns = profileColumns(fields);
    const changes = diff(toProfile(before), toProfile({ ...before, ...columns }));
    if (unchanged(changes)) return toProfile(before);
    await storedOrStale(
      trx,
      target,
      await trx
        .updateTable('users')
        .set({ ...columns, updated_at: new Date(now).toISOString(), version: before.version + 1 })
        .where('id', '=', id)
        .where('version', '=', before.version)
        .returning('id')
        .executeTakeFirst(),
    );
    await recordAudit(
      trx,
      actor,
      { entity: 'profile', entityId: id, action: 'update', changes },
      new Date(now),
    );
    return getProfile(trx, id);
  });
}

/** The users columns the profile form writes. */
function profileColumns(fields: EditProfileOutput) {
  return {
    name: fields.name,
    email: fields.email,
    address1: fields.address1,
    address2: fields.address2,
    address3: fields.address3,
    city: fields.city,
    state: fields.state,
    country: fields.country,
    pincode: fields.pincode,
    bussiness_name: fields.bussinessName,
    delevery_message: fields.deleveryMessage,
    bussiness_image: fields.bussinessImage,
    delivery_time: fields.deliveryTime,
    // The profile carries whole rupees (≤ 1000); the column holds paise.
    delivery_price: fields.deliveryPrice * 100,
    bussiness_type: fields.bussinessType,
    description: fields.description,
    is_home_delivery_available: flagOf(fields.isHomeDeliveryAvailable),
    ...taxColumns(fields),
  } satisfies Partial<UsersTable>;
}

/**
 * Changes the actor's password and ends all their sessions, recording the change in the
 * trail (that it changed, never what to: audit.ts redacts the key); answers one of the
 * contract's results.
 */
export async function changePassword(
  db: Kdb,
  actor: AuditActor & { userId: number },
  current: string,
  next: string,
  now: number,
): Promise<(typeof CHANGE_PASSWORD_RESULTS)[keyof typeof CHANGE_PASSWORD_RESULTS]> {
  const id = actor.userId;
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) return CHANGE_PASSWORD_RESULTS.userNotFound;
  if (!(await verifyPassword(user.password_hash, current))) return CHANGE_PASSWORD_RESULTS.wrongCurrent;
  const hash = await hashPassword(next);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: new Date(now).toISOString() })
      .where('id', '=', id)
      .execute();
    await revokeAllSessions(trx, id, now);
    const changes = { password: '[changed]' };
    await recordAudit(
      trx,
      actor,
      { entity: 'password', entityId: id, action: 'change-password', changes },
      new Date(now),
    );
  });
  return CHANGE_PASSWORD_RESULTS.changed;
}
