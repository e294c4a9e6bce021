import { randomUUID } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import * as v from 'valibot';
import { TokenClaimsSchema } from '#contract/auth';
import type { Role } from '#contract/enums';
import type { Db } from '../db/database';
import { dialectOf } from '../db/dialect';
import type { AuthInfo } from '../http/context';
import { deriveKey } from './keys';

/*
 * Session tokens (DECISIONS §3): HS256 JWTs whose claims are, in this order, sub (user
 * id), role, name, jti, exp, iat. Each token is also a row in `sessions`, so the server
 * can end it: a token is accepted only while its row is live and its user is still
 * active with the same role.
 */

/** Token lifetime without and with "remember me". */
export const TOKEN_LIFETIME_MS = { normal: 8 * 3600_000, remember: 7 * 24 * 3600_000 } as const;

// Exactly what we put in the protected header; a token naming a key (kid, jku, jwk,
// x5u, x5c) or demanding extensions (crit) is refused before any verification.
const ALLOWED_HEADER_KEYS = new Set(['alg', 'typ']);

/** Verified tokens kept in memory, at most (a few MB). */
const VERIFIED_KEPT = 10_000;

type Claims = v.InferOutput<typeof TokenClaimsSchema>;

/** How far in the future a token's `iat` may be before the token is refused. */
const IAT_SLACK_SECONDS = 60;

/** A freshly issued token. */
export interface IssuedToken {
  token: string;
  jti: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** Issues, verifies and revokes session tokens. */
export interface TokenService {
  issue(
    user: { id: number; role: Role; name: string },
    opts?: { rememberMe?: boolean },
  ): Promise<IssuedToken>;
  /** The caller behind `token`, or null when it is invalid, expired, revoked or stale. */
  verify(token: string): Promise<AuthInfo | null>;
  /** Ends one session (logout). */
  revoke(jti: string): Promise<void>;
  /** Ends every session of a user (password change, deactivation, role change). */
  revokeAllForUser(userId: number): Promise<void>;
  /**
   * Signs and checks one throwaway token (no session is stored): Node loads its WebCrypto
   * on first use and SQLite prepares the session statement, which made a server's first
   * signed-in request slower (issue 24).
   */
  warm(): Promise<void>;
}

/** Ends every live session of `userId`; usable inside a transaction. */
export async function revokeAllSessions(db: Db['kysely'], userId: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(now).toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Builds the token service over `db` with the server secret. */
export function createTokenService(opts: { db: Db; secret: string; clock?: () => number }): TokenService {
  const { db } = opts;
  const key = deriveKey(opts.secret, 'jwt');
  const clock = opts.clock ?? Date.now;

  // Tokens whose signature and claims passed, by their text (issue 18): verifying an HS256
  // signature through WebCrypto was a tenth of a signed-in read's time, and its answer
  // never changes for the same text. Expiry and the issue time are checked again on every
  // call, and the session row still decides (revocation holds on every instance at once).
  const verified = new Map<string, Claims>();

  // The session, its user and role: one statement for every request, built once (issue 18:
  // building and compiling it again was a fixed cost of every signed-in call).
  const sessionSelect = db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'sessions.user_id',
      'sessions.expires_at',
      'sessions.revoked_at',
      'users.phone_number',
      'users.name',
      'users.is_active',
      'users.is_add_category_items',
      'roles.name as role',
    ])
    // The id bound as a key (`+?` on SQLite): bound plainly, SQLite planned this statement
    // again on every call, 81 µs a call under load against 15 (record 074).
    .where('sessions.id', '=', dialectOf(db.kysely).key(''));
  type SessionRow = Awaited<ReturnType<typeof sessionSelect.executeTakeFirstOrThrow>>;
  const sessionQuery = sessionSelect.compile();

  async function signedClaims(token: string, now: number): Promise<Claims | null> {
    const seconds = Math.floor(now / 1000);
    const known = verified.get(token);
    if (known) return known.exp > seconds && known.iat <= seconds + IAT_SLACK_SECONDS ? known : null;
    let header: Record<string, unknown>;
    try {
      header = decodeProtectedHeader(token) as Record<string, unknown>;
    } catch {
      return null;
    }
    if (header.alg !== 'HS256' || Object.keys(header).some((k) => !ALLOWED_HEADER_KEYS.has(k))) return null;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: new Date(now),
        requiredClaims: ['sub', 'role', 'name', 'jti', 'exp', 'iat'],
      });
      const parsed = v.safeParse(TokenClaimsSchema, payload);
      if (!parsed.success || !/^\d+$/.test(parsed.output.sub)) return null;
      // jose checks exp and nbf but not iat: a token "issued" in the future was never
      // issued by this server (a minute of slack for a clock step).
      if (parsed.output.iat > seconds + IAT_SLACK_SECONDS) return null;
      verified.set(token, parsed.output);
      if (verified.size > VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
      return parsed.output;
    } catch {
      return null;
    }
  }

  return {
    async warm() {
      // The whole check, as a request makes it: signature, claims and the session
      // statement (prepared here, not on the first request). No session has this id, so
      // the answer is null; the token is then forgotten.
      const iat = Math.floor(clock() / 1000);
      const claims = { sub: '0', role: 'WebUser', name: 'warm-up', jti: randomUUID(), exp: iat + 60, iat };
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
      await this.verify(token);
      verified.delete(token);
    },
    async issue(user, { rememberMe = false } = {}) {
      const now = clock();
      const iat = Math.floor(now / 1000);
      const lifetime = rememberMe ? TOKEN_LIFETIME_MS.remember : TOKEN_LIFETIME_MS.normal;
      const exp = iat + lifetime / 1000;
      const jti = randomUUID();
      // The literal's key order is the claim order on the wire (DECISIONS §3).
      const payload = { sub: String(user.id), role: user.role, name: user.name, jti, exp, iat };
      const token = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
      const nowIso = new Date(now).toISOString();
      // Housekeeping: expired rows are useless, so the table stays the size of live sessions.
      await db.kysely.deleteFrom('sessions').where('expires_at', '<', nowIso).execute();
      await db.kysely
        .insertInto('sessions')
        .values({
          id: jti,
          user_id: user.id,
          created_at: nowIso,
          expires_at: new Date(exp * 1000).toISOString(),
          revoked_at: null,
        })
        .execute();
      return { token, jti, expiresAt: exp * 1000 };
    },

    async verify(token) {
      const now = clock();
      const claims = await signedClaims(token, now);
      if (!claims) return null;
      const row = (await db.kysely.executeQuery<SessionRow>({ ...sessionQuery, parameters: [claims.jti] }))
        .rows[0];
      if (
        !row ||
        row.revoked_at !== null ||
        row.expires_at <= new Date(now).toISOString() ||
        String(row.user_id) !== claims.sub ||
        row.is_active !== 1 ||
        row.role !== claims.role
      ) {
        return null;
      }
      return {
        userId: row.user_id,
        phoneNumber: row.phone_number,
        role: claims.role,
        name: row.name,
        jti: claims.jti,
        expiresAt: claims.exp * 1000,
        isAddCategoryItems: row.is_add_category_items === 1,
      };
    },

    async revoke(jti) {
      await db.kysely
        .updateTable('sessions')
        .set({ revoked_at: new Date(clock()).toISOString() })
        .where('id', '=', jti)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllForUser(userId) {
      await revokeAllSessions(db.kysely, userId, clock());
    },
  };
}
