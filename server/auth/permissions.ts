import type { Context, MiddlewareHandler } from 'hono';
import { CSRF_REFUSED_MESSAGE } from '#contract/auth';
import { XSRF_HEADER } from '#contract/auth';
import { ENDPOINTS, type EndpointName } from '#contract/endpoints';
import { can, grantOf } from '#contract/permissions';
import type { AppEnv, AuthInfo, ServerContext } from '../http/context';
import { ApiError } from '../http/envelope';
import { isHttps, requestCookie, requestHeader } from '../http/request';
import { csrfCookieName } from './csrf';

/*
 * The route guard: every API route is mounted through `guard(name)`, which takes the
 * route's action from contract/endpoints ENDPOINTS and enforces contract/permissions
 * PERMISSIONS (deny by default). Steps: verify the bearer token, check CSRF on
 * state-changing calls, require a token unless public (401), require the grant (403).
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The caller of a guarded handler, as handlers need it. */
export interface Caller extends AuthInfo {
  /** The store whose rows the caller sees: its own id, or null (every store) for BlueTikAdmin. */
  storeScope: number | null;
}

/** Builds the guard for one endpoint and records it as implemented. */
export function createGuard(ctx: ServerContext) {
  return function guard(name: EndpointName): MiddlewareHandler<AppEnv> {
    const action = ENDPOINTS[name].action;
    ctx.mounted.add(name);
    return async (c, next) => {
      const auth = action === 'public' ? null : await authenticate(ctx, c);
      c.set('auth', auth);

      if (!SAFE_METHODS.has(c.req.method)) checkCsrf(ctx, c, auth);
      if (action === 'public') return next();
      if (!auth) throw new ApiError(401);

      const grant = grantOf(auth.role, action);
      if (
        !can(auth.role, action, {
          isAddCategoryItems: grant === 'if-add-category-items' && auth.isAddCategoryItems,
        })
      ) {
        throw new ApiError(403);
      }
      return next();
    };
  };
}

async function authenticate(ctx: ServerContext, c: Context<AppEnv>): Promise<AuthInfo | null> {
  const header = requestHeader(c, 'authorization');
  const match = header ? /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return null;
  return ctx.tokens.verify(match[1]);
}

function checkCsrf(ctx: ServerContext, c: Context<AppEnv>, auth: AuthInfo | null) {
  const sent = requestHeader(c, XSRF_HEADER);
  const cookie = requestCookie(c, csrfCookieName(isHttps(c, ctx.trustProxy)));
  if (!sent || !cookie || sent !== cookie) throw new ApiError(403, CSRF_REFUSED_MESSAGE);
  const value = ctx.csrf.parse(sent);
  if (!value) throw new ApiError(403, CSRF_REFUSED_MESSAGE);
  // A signed-in call must carry the value bound to its own session, not another's.
  if (auth && (value.kind !== 'session' || value.jti !== auth.jti)) {
    throw new ApiError(403, CSRF_REFUSED_MESSAGE);
  }
}

/**
 * The store whose rows a user sees (DECISIONS §2): every store (null) for BlueTikAdmin,
 * else its own (a store is a user). Also what a saved view's `store` share means.
 */
export function storeScopeOf(role: string, userId: number): number | null {
  return role === 'BlueTikAdmin' ? null : userId;
}

/** The signed-in caller of a guarded, non-public handler. */
export function callerOf(c: Context<AppEnv>): Caller {
  const auth = c.get('auth');
  if (!auth) throw new ApiError(401);
  return { ...auth, storeScope: storeScopeOf(auth.role, auth.userId) };
}
