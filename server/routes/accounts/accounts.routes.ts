import { CHANGE_PASSWORD_RESULTS, LOGIN_FAILED_MESSAGE } from '#contract/auth';
import { LANGUAGES, type Language } from '#contract/enums';
import { normalizePhone } from '#contract/rules';
import { setCsrfCookie } from '../../auth/csrf';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords';
import { callerOf } from '../../auth/permissions';
import type { ServerContext } from '../../http/context';
import { ApiError, orNotFound } from '../../http/envelope';
import { clientAddress, isHttps } from '../../http/request';
import { createRouter } from '../../http/router';
import { auditActor } from '../../lib/actor';
import * as accounts from './accounts.service';

const isLanguage = (x: string | null): x is Language => (LANGUAGES as readonly (string | null)[]).includes(x);

/** Sign-in, sign-out, own password and own profile (spec §7 "accounts"). */
export function accountsRoutes(ctx: ServerContext) {
  const routes = createRouter(ctx);
  const db = ctx.db.kysely;

  /** After sign-in or sign-out the CSRF cookie changes with the session. */
  const resetCsrf = (c: Parameters<typeof isHttps>[0], jti?: string, expiresAt?: number) => {
    const secure = isHttps(c, ctx.trustProxy);
    if (jti && expiresAt)
      setCsrfCookie(c, ctx.csrf.forSession(jti), secure, (expiresAt - ctx.clock()) / 1000);
    else setCsrfCookie(c, ctx.csrf.anonymous(), secure);
    c.set('csrfCookieSet', true);
  };

  routes.on('login', async (c, { body: input }) => {
    const phone = normalizePhone(input.username);
    const address = clientAddress(c, ctx.trustProxy);
    // Reserved before the password is checked, so a burst can't pass the limit and a
    // locked account refuses even the right password; a failure keeps its reservation.
    const attempt = await ctx.limiter.reserve(phone, address);
    if (!attempt) throw new ApiError(429);

    const user = await accounts.findLoginUser(db, phone);
    const matches = user
      ? await verifyPassword(user.password_hash, input.password)
      : await burnPasswordCheck(input.password);
    if (!user || !matches || user.is_active !== 1) throw new ApiError(401, LOGIN_FAILED_MESSAGE);
    await ctx.limiter.succeeded(attempt);

    const issued = await ctx.tokens.issue(
      { id: user.id, role: user.role, name: user.name },
      { rememberMe: input.rememberme },
    );
    resetCsrf(c, issued.jti, issued.expiresAt);
    return {
      token: issued.token,
      expiration: new Date(issued.expiresAt).toISOString(),
      userId: user.phone_number,
      name: user.name,
      email: user.email,
      language: isLanguage(user.language) ? user.language : null,
    };
  });

  routes.on('setLanguage', async (c, { body }) => {
    await accounts.setLanguage(db, callerOf(c).userId, body.language);
    return { language: body.language };
  });

  routes.on('logout', async (c) => {
    await ctx.tokens.revoke(callerOf(c).jti);
    resetCsrf(c);
    return true as const;
  });

  routes.on('changePassword', async (c, { body: input }) => {
    const caller = callerOf(c);
    // The current password is guessable with a stolen token: it spends the same
    // per-account attempts as sign-in (DECISIONS §3). A 429 leaves the session alone.
    const attempt = await ctx.limiter.reserve(caller.phoneNumber, null);
    if (!attempt) throw new ApiError(429);
    const result = await accounts.changePassword(
      db,
      auditActor(c),
      input.currentpassword,
      input.newpassword,
      ctx.clock(),
    );
    if (result === CHANGE_PASSWORD_RESULTS.changed) {
      await ctx.limiter.succeeded(attempt);
      resetCsrf(c);
    }
    return result;
  });

  routes.on('getUserByUserId', async (c, { params: { userId } }) => {
    const caller = callerOf(c);
    // Only one's own profile, by phone number (what the client stores) or id; anyone
    // else's answers exactly as a missing one.
    const own = normalizePhone(userId) === caller.phoneNumber || userId === String(caller.userId);
    return orNotFound(own ? await accounts.getProfile(db, caller.userId) : null, 'User Not Found');
  });

  routes.on('editUserProfile', async (c, { body }) =>
    orNotFound(await accounts.updateOwnProfile(db, auditActor(c), body, ctx.clock()), 'User Not Found'),
  );

  return routes.app;
}
