import { sql, type Kysely, type Transaction } from 'kysely';
import type { Role } from '#contract/enums';
import type { Paged, UserListQuery } from '#contract/lists';
import {
  USER_EXISTS_RESULT,
  USER_MESSAGES,
  type User,
  type UserListRow,
  type UserUpsertOutput,
  type UserUpsertResult,
} from '#contract/users';
import { diff, recordAudit, type AuditActor } from '../../audit/audit';
import { hashPassword } from '../../auth/passwords';
import { revokeAllSessions } from '../../auth/tokens';
import type { Database, UsersTable } from '../../db/schema';
import { selectUsersWithRole, taxColumns, toProfile as toUser, type UserWithRole } from '../../db/user-row';
import { ApiError } from '../../http/envelope';
import { flagOf as flag, yesNo } from '../../lib/flags';
import { fitsIdColumn } from '../../lib/ids';
import { refuseStale, storedOrStale, unchanged, type Versioned } from '../../lib/versions';
import { lowerContainsPattern, readPage } from '../../lib/list-sql';

/*
 * Users as the platform admin manages them (spec §7 /user/*, DECISIONS §2 "users").
 * Only contract shapes leave this file (never a hash or a session). Every write runs in
 * one transaction with its audit row; refusals are thrown as ApiError inside it, so a
 * refused write changes nothing.
 */

type Kdb = Kysely<Database> | Transaction<Database>;

const ADMIN: Role = 'BlueTikAdmin';

async function findUser(db: Kdb, id: number): Promise<UserWithRole | undefined> {
  // Beyond the 32-bit id column no row exists, and PostgreSQL refuses to compare one (a 500).
  if (!fitsIdColumn(id)) return undefined;
  return (await selectUsersWithRole(db).where('users.id', '=', id).executeTakeFirst()) as
    UserWithRole | undefined;
}

/** User `id`, or null. */
export async function getUser(db: Kdb, id: number): Promise<User | null> {
  const row = await findUser(db, id);
  return row ? toUser(row) : null;
}

// ---------------------------------------------------------------------------------
// The list

/** Sortable columns → the expression ordered by (text case-insensitively). */
const SORT_EXPRESSIONS = {
  type: sql`lower(roles.name)`,
  name: sql`lower(users.name)`,
  email: sql`lower(users.email)`,
  bussinessName: sql`lower(users.bussiness_name)`,
  isHomeDeliveryAvailable: sql`users.is_home_delivery_available`,
  isActive: sql`users.is_active`,
  isOnlinePaymentEnabled: sql`users.is_online_payment_enabled`,
} as const satisfies Record<NonNullable<UserListQuery['sort']>, unknown>;

function filtered(db: Kdb, query: Partial<Pick<UserListQuery, 'q' | 'type' | 'isActive'>>) {
  let qb = db.selectFrom('users').innerJoin('roles', 'roles.id', 'users.role_id');
  if (query.type) qb = qb.where('roles.name', '=', query.type);
  if (query.isActive) qb = qb.where('users.is_active', '=', flag(query.isActive));
  if (query.q) {
    const pattern = lowerContainsPattern(query.q);
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '!'`;
    qb = qb.where((eb) =>
      eb.or([
        like('users.name'),
        like('users.email'),
        like('users.phone_number'),
        like('users.bussiness_name'),
      ]),
    );
  }
  return qb;
}

function listColumns<T extends ReturnType<typeof filtered>>(qb: T) {
  return qb.select([
    'users.id',
    'roles.name as type',
    'users.name',
    'users.email',
    'users.phone_number',
    'users.bussiness_name',
    'users.is_home_delivery_available',
    'users.is_active',
    'users.is_online_payment_enabled',
  ]);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof listColumns>['execute']>>[number];

function toListRow(row: ListRow): UserListRow {
  return {
    id: row.id,
    type: row.type as Role,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    bussinessName: row.bussiness_name,
    isHomeDeliveryAvailable: yesNo(row.is_home_delivery_available),
    isActive: yesNo(row.is_active),
    isOnlinePaymentEnabled: yesNo(row.is_online_payment_enabled),
  };
}

/** Every user, oldest first (the spec's plain list). */
export async function listUsers(db: Kdb): Promise<UserListRow[]> {
  const rows = await listColumns(filtered(db, {})).orderBy('users.id', 'asc').execute();
  return rows.map(toListRow);
}

/** One page of users matching `query`. */
export async function listUsersPaged(db: Kdb, query: UserListQuery): Promise<Paged<UserListRow>> {
  let rows = listColumns(filtered(db, query));
  if (query.sort) rows = rows.orderBy(SORT_EXPRESSIONS[query.sort], query.order);
  return readPage(query, { rows, id: 'users.id', matching: filtered(db, query), toRow: toListRow });
}

// ---------------------------------------------------------------------------------
// Writes

/** The roles the user form's dropdown offers (listusersroles). */
export async function listUsersRoles(db: Kdb) {
  // The roles table holds only the four role names (the role form's picklist).
  return db
    .selectFrom('roles')
    .select(['id', 'name'])
    .orderBy('id', 'asc')
    .$narrowType<{ name: Role }>()
    .execute();
}

/** Active BlueTikAdmins other than `exceptId`. */
async function otherActiveAdmins(db: Kdb, exceptId: number): Promise<number> {
  const { n } = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('roles.name', '=', ADMIN)
    .where('users.is_active', '=', 1)
    .where('users.id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function roleIdOf(db: Kdb, role: string): Promise<number> {
  const row = await db.selectFrom('roles').select('id').where('name', '=', role).executeTakeFirst();
  if (!row) throw ApiError.field(400, 'role', USER_MESSAGES.unknownRole(role));
  return row.id;
}

async function phoneTaken(db: Kdb, phone: string, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('phone_number', '=', phone)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The columns the user form writes (everything but identity, role and password). */
function formColumns(input: UserUpsertOutput) {
  return {
    phone_number: input.phoneNumber,
    name: input.name,
    email: input.email,
    address1: input.address1,
    address2: input.address2,
    address3: input.address3,
    city: input.city,
    state: input.state,
    country: input.country,
    pincode: input.pincode,
    bussiness_name: input.bussinessName,
    delevery_message: input.deleveryMessage,
    bussiness_image: input.bussinessImage,
    delivery_time: input.deliveryTime,
    // The form carries whole rupees (≤ 1000); the column holds paise.
    delivery_price: input.deliveryPrice * 100,
    bussiness_type: input.bussinessType,
    description: input.description,
    is_home_delivery_available: flag(input.isHomeDeliveryAvailable),
    is_active: flag(input.isActive),
    is_online_payment_enabled: flag(input.isOnlinePaymentEnabled),
    is_add_category_items: flag(input.isAddCategoryItems),
    ...taxColumns(input),
  } satisfies Partial<UsersTable>;
}

/** A unique-constraint failure on either engine (a phone number saved concurrently). */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Creates (id 0) or updates a user. A phone number another user has answers
 * USER_EXISTS_RESULT and saves nothing (spec §7). The password is written only when the
 * validated payload carries one (new user, or change-password Yes). Deactivation, a role
 * change or a new password ends the user's sessions. The last active BlueTikAdmin can't
 * be deactivated or demoted.
 */
export async function upsertUser(
  db: Kysely<Database>,
  input: UserUpsertOutput,
  actor: AuditActor,
  now: number,
): Promise<UserUpsertResult> {
  // Hashing is slow on purpose: done before the transaction, so no lock waits on it.
  const passwordHash = input.passWord === undefined ? undefined : await hashPassword(input.passWord);
  const at = new Date(now);
  const stamp = at.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      if (input.id === 0) {
        if (await phoneTaken(trx, input.phoneNumber, 0)) return USER_EXISTS_RESULT;
        const roleId = await roleIdOf(trx, input.role);
        const { id } = await trx
          .insertInto('users')
          .values({
            // A new store starts Regular when the payload names no scheme.
            tax_scheme: 'Regular',
            ...formColumns(input),
            role_id: roleId,
            // The schema requires a password for a new user, so this is always set here.
            password_hash: passwordHash!,
            created_at: stamp,
            updated_at: stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const user = toUser((await findUser(trx, id))!);
        await recordAudit(trx, actor, { entity: 'user', entityId: id, action: 'create', changes: user }, at);
        return user;
      }

      const before = await findUser(trx, input.id);
      if (!before) throw new ApiError(404, USER_MESSAGES.notFound);
      const target: Versioned = { noun: 'user', id: before.id, entities: ['user', 'profile'] };
      await refuseStale(trx, target, before.version, input.version);
      if (await phoneTaken(trx, input.phoneNumber, input.id)) return USER_EXISTS_RESULT;
      const roleId = await roleIdOf(trx, input.role);
      const columns = formColumns(input);
      const changes: Record<string, unknown> = diff(
        toUser(before),
        toUser({ ...before, ...columns, role_id: roleId, role: input.role }),
      );
      // The trail says that the password changed, never what to (audit.ts redacts the key).
      if (passwordHash !== undefined) changes.password = '[changed]';
      if (unchanged(changes)) return toUser(before);
      const wasActiveAdmin = before.role === ADMIN && before.is_active === 1;
      const staysActiveAdmin = input.role === ADMIN && input.isActive === 'Yes';
      if (wasActiveAdmin && !staysActiveAdmin && (await otherActiveAdmins(trx, input.id)) === 0) {
        throw new ApiError(400, USER_MESSAGES.lastAdmin);
      }

      await storedOrStale(
        trx,
        target,
        await trx
          .updateTable('users')
          .set({
            ...columns,
            role_id: roleId,
            ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
            updated_at: stamp,
            version: before.version + 1,
          })
          .where('id', '=', input.id)
          .where('version', '=', before.version)
          .returning('id')
          .executeTakeFirst(),
      );

      const deactivated = before.is_active === 1 && input.isActive === 'No';
      const roleChanged = before.role_id !== roleId;
      if (deactivated || roleChanged || passwordHash !== undefined) {
        await revokeAllSessions(trx, input.id, now);
      }

      const user = toUser((await findUser(trx, input.id))!);
      await recordAudit(trx, actor, { entity: 'user', entityId: input.id, action: 'update', changes }, at);
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return USER_EXISTS_RESULT;
    throw err;
  }
}

/**
 * Removes user `id`. Nobody removes themselves, nor the last active BlueTikAdmin; a store
 * with orders is refused (orders reference their store and keep their history), so it is
 * deactivated instead. The user's sessions go with it.
 */
export async function removeUser(
  db: Kysely<Database>,
  id: number,
  actor: AuditActor & { userId: number },
  now: number,
): Promise<void> {
  if (id === actor.userId) throw new ApiError(400, USER_MESSAGES.removeSelf);
  const at = new Date(now);
  await db.transaction().execute(async (trx) => {
    const target = await findUser(trx, id);
    if (!target) throw new ApiError(404, USER_MESSAGES.notFound);
    if (target.role === ADMIN && target.is_active === 1 && (await otherActiveAdmins(trx, id)) === 0) {
      throw new ApiError(400, USER_MESSAGES.lastAdmin);
    }
    const { n } = await trx
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_user_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) throw new ApiError(400, USER_MESSAGES.hasOrders(Number(n)));

    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await trx.deleteFrom('users').where('id', '=', id).execute();
    await recordAudit(
      trx,
      actor,
      { entity: 'user', entityId: id, action: 'remove', changes: toUser(target) },
      at,
    );
  });
}
