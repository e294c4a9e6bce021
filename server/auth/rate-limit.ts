import { sql, type Kysely, type Transaction } from 'kysely';
import { nowIso } from '../db/database';
import { dialectOf } from '../db/dialect';
import type { Database } from '../db/schema';

/*
 * Failed password checks (DECISIONS §3 as amended by issue 21): per account (its ten
 * digits) 5 failures, per client address 50 (a whole office shares one address), within
 * 15 minutes; past either, the attempt is refused (429) without checking any password.
 *
 * An attempt is RESERVED before its password is checked, and the reservation is the
 * failure unless the check succeeds. Asking "locked?" before the slow argon2 check and
 * recording the failure after it let a burst through: 20 sign-ins sent at once were all
 * checked. Now the count and the reservation are one step, so however attempts arrive,
 * at most 5 per account (50 per address) are ever checked in a window.
 *
 * The state is the `login_attempts` table (migration 0009), so every server instance
 * shares it and a restart keeps it. The reservation is one INSERT … SELECT guarded by the
 * two counts:
 * - SQLite: a writing statement takes the database's write lock before it reads, so the
 *   counts and the insert are atomic across connections and processes (BEGIN IMMEDIATE).
 * - PostgreSQL (READ COMMITTED): two such inserts would both count 4 and both insert, so
 *   the transaction first takes transaction-scoped advisory locks on the account and then
 *   the address (always in that order: no deadlock); same-key attempts queue behind it.
 *
 * A success releases its reservation and clears the account's other failures — they
 * stop counting for the account but still count for their address, so signing in to
 * one's own account never resets an address that is guessing at others. Rows older than
 * twice the window are purged as new reservations come in, which bounds the table by the
 * attempts of the last half hour.
 */

/** An attempt reserved by {@link LoginLimiter.reserve}. */
export interface Reservation {
  id: number;
  account: string;
}

/** The failed-attempt limiter the sign-in and change-password handlers share. */
export interface LoginLimiter {
  /**
   * Reserves one attempt on `account` (and on `address`, for a sign-in; null for a
   * change-password check, which counts per account only). Null when the account or the
   * address already holds its limit of failures in the window: answer 429 and check
   * nothing. A reservation that is never released stays as a failure.
   */
  reserve(account: string, address: string | null): Promise<Reservation | null>;
  /** The reserved attempt's password was right: release it and clear the account's failures. */
  succeeded(reservation: Reservation): Promise<void>;
}

/** Options for {@link createLoginLimiter}. */
export interface LoginLimiterOptions {
  db: Kysely<Database>;
  /** Epoch ms; tests move time with it. */
  clock?: () => number;
  perAccount?: number;
  perAddress?: number;
  windowMs?: number;
}

/** Advisory-lock classes (the first key of pg_advisory_xact_lock), one per kind of key. */
const ACCOUNT_LOCK = 21_001;
const ADDRESS_LOCK = 21_002;

/** Builds the limiter; defaults: 5 failures per account, 50 per address, in 15 minutes. */
export function createLoginLimiter(opts: LoginLimiterOptions): LoginLimiter {
  const { db } = opts;
  const clock = opts.clock ?? Date.now;
  const perAccount = opts.perAccount ?? 5;
  const perAddress = opts.perAddress ?? 50;
  const windowMs = opts.windowMs ?? 15 * 60_000;
  const dialect = dialectOf(db);

  /** Failures of `column` = `value` still in the window that ends now. */
  const failures = (column: 'account' | 'address', value: string, since: string) =>
    sql`(select count(*) from login_attempts where ${sql.ref(column)} = ${value} and at > ${since})`;

  const lockKeys = async (trx: Transaction<Database>, account: string, address: string | null) => {
    await dialect.lockKey(trx, ACCOUNT_LOCK, account);
    if (address !== null) await dialect.lockKey(trx, ADDRESS_LOCK, address);
  };

  return {
    async reserve(account, address) {
      const now = clock();
      const at = nowIso(now);
      const since = nowIso(now - windowMs);
      const row = await db.transaction().execute(async (trx) => {
        await lockKeys(trx, account, address);
        const inserted = await sql<{ id: number }>`
          insert into login_attempts (account, address, at)
          select ${account}, ${address}, ${at}
          where ${failures('account', account, since)} < ${perAccount}
          ${address === null ? sql`` : sql`and ${failures('address', address, since)} < ${perAddress}`}
          returning id`.execute(trx);
        return inserted.rows[0];
      });
      if (!row) return null;
      // Twice the window: never a row a concurrent success may still be clearing (those
      // are inside the window), so the two statements never wait on each other.
      await db
        .deleteFrom('login_attempts')
        .where('at', '<=', nowIso(now - 2 * windowMs))
        .execute();
      return { id: Number(row.id), account };
    },

    async succeeded({ id, account }) {
      const since = nowIso(clock() - windowMs);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('login_attempts').where('id', '=', id).execute();
        await trx
          .updateTable('login_attempts')
          .set({ account: null })
          .where('account', '=', account)
          .where('at', '>', since)
          .execute();
      });
    },
  };
}
