import { Hono } from 'hono';
import * as v from 'valibot';
import {
  CHANGE_PASSWORD_RESULTS,
  ChangePasswordSchema,
  LOGIN_FAILED_MESSAGE,
  LoginSchema,
  type LoginResult,
} from '#contract/auth';
import { ENDPOINTS } from '#contract/endpoints';
import { EditProfileSchema } from '#contract/profile';
import { normalizePhone } from '#contract/rules';
import { setCsrfCookie } from '../../auth/csrf';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords';
import { callerOf, createGuard } from '../../auth/permissions';
import type { AppEnv, ServerContext } from '../../http/context';
import { ApiError, sendOk } from '../../http/envelope';
import { clientAddress, isHttps } from '../../http/request';
import { jsonBody, params } from '../../http/validate';
import * as accounts from './accounts.service';

/** Sign-in, sign-out, own password and own profile (spec §7 "accounts"). */
export function accountsRoutes(ctx: ServerContext) {
  const guard = createGuard(ctx);
  const app = new Hono<AppEnv>();
  const db = ctx.db.kysely;

  /** After sign-in or sign-out the CSRF cookie changes with the session. */
  const resetCsrf = (c: Parameters<typeof isHttps>[0], jti?: string, expiresAt?: number) => {
    const secure = isHttps(c, ctx.trustProxy);
    if (jti && expiresAt)
      setCsrfCookie(c, ctx.csrf.forSession(jti), secure, (expiresAt - ctx.clock()) / 1000);
    else setCsrfCookie(c, ctx.csrf.anonymous(), secure);
    c.set('csrfCookieSet', true);
  };

  app.on(ENDPOINTS.login.method, ENDPOINTS.login.path, guard('login'), jsonBody(LoginSchema), async (c) => {
    const input = c.req.valid('json');
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
    const result: LoginResult = {
      token: issued.token,
      expiration: new Date(issued.expiresAt).toISOString(),
      userId: user.phone_number,
      name: user.name,
      email: user.email,
    };
    return sendOk(c, result);
  });

  app.on(ENDPOINTS.logout.method, ENDPOINTS.logout.path, guard('logout'), async (c) => {
    await ctx.tokens.revoke(callerOf(c).jti);
    resetCsrf(c);
    return sendOk(c, true);
  });

  app.on(
    ENDPOINTS.changePassword.method,
    ENDPOINTS.changePassword.path,
    guard('changePassword'),
    jsonBody(ChangePasswordSchema),
    async (c) => {
      const input = c.req.valid('json');
      const caller = callerOf(c);
      // The current password is guessable with a stolen token: it spends the same
      // per-account attempts as sign-in (DECISIONS §3). A 429 leaves the session alone.
      const attempt = await ctx.limiter.reserve(caller.phoneNumber, null);
      if (!attempt) throw new ApiError(429);
      const result = await accounts.changePassword(
        db,
        caller.userId,
        input.currentpassword,
        input.newpassword,
        ctx.clock(),
      );
      if (result === CHANGE_PASSWORD_RESULTS.changed) {
        await ctx.limiter.succeeded(attempt);
        resetCsrf(c);
      }
      return sendOk(c, result);
    },
  );

  app.on(
    ENDPOINTS.getUserByUserId.method,
    ENDPOINTS.getUserByUserId.path,
    guard('getUserByUserId'),
    params(v.object({ userId: v.pipe(v.string(), v.maxLength(20)) })),
    async (c) => {
      const caller = callerOf(c);
      const { userId } = c.req.valid('param');
      // Only one's own profile, by phone number (what the client stores) or id; anyone
      // else's answers exactly as a missing one.
      const own = normalizePhone(userId) === caller.phoneNumber || userId === String(caller.userId);
      const profile = own ? await accounts.getProfile(db, caller.userId) : null;
      if (!profile) throw new ApiError(404, 'User Not Found');
      return sendOk(c, profile);
    },
  );

  app.on(
    ENDPOINTS.editUserProfile.method,
    ENDPOINTS.editUserProfile.path,
    guard('editUserProfile'),
    jsonBody(EditProfileSchema),
    async (c) => {
      const caller = callerOf(c);
      const profile = await accounts.updateOwnProfile(db, caller.userId, c.req.valid('json'), ctx.clock());
      if (!profile) throw new ApiError(404, 'User Not Found');
      return sendOk(c, profile);
    },
  );

  return app;
}
