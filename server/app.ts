import { randomUUID } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ENDPOINTS, type EndpointName } from '#contract/endpoints';
import { addCsrfCookie, createCsrfService, csrfCookieName } from './auth/csrf';
import { prepareDummyHash } from './auth/passwords';
import { createGuard } from './auth/permissions';
import { createLoginLimiter, type LoginLimiter } from './auth/rate-limit';
import { createTokenService } from './auth/tokens';
import type { Db } from './db/database';
import type { AppEnv, ServerContext } from './http/context';
import { closeAfterUnreadBody } from './http/early-answer';
import { errorToResponse, sendFail } from './http/envelope';
import { jsonBounds, MAX_BODY_BYTES } from './http/json-bounds';
import { isHttps, requestCookie, requestHeader } from './http/request';
import { answerHeaders, securityHeaders } from './http/security-headers';
import { serveSpa } from './http/static';
import { createLogger, type Logger } from './logger';
import { accountsRoutes } from './routes/accounts/accounts.routes';
import { healthRoutes } from './routes/health/health.routes';
import { openApiRoutes } from './openapi/openapi.routes';
import { ordersRoutes } from './routes/orders/orders.routes';
import { categoriesRoutes } from './routes/categories/categories.routes';
import { itemsRoutes } from './routes/items/items.routes';
import { itemImageRoutes } from './routes/items/item-images';
import { usersRoutes } from './routes/users/users.routes';
import { rolesRoutes } from './routes/roles/roles.routes';
import { viewsRoutes } from './routes/views/views.routes';
import { auditRoutes } from './routes/audit-log/audit.routes';

/** What the app needs from the outside; everything else it builds itself. */
export interface AppDeps {
  db: Db;
  /** The server secret (signs tokens and CSRF values). */
  tokenSecret: string;
  /** Where the built SPA lives (default dist/app). */
  staticDir?: string;
  /**
   * How many reverse proxies stand in front, whose X-Forwarded-For/-Proto entries are
   * believed (http/request.ts); `true` means one, `false` or 0 none.
   */
  trustProxy?: number | boolean;
  logger?: Logger;
  /** Epoch ms; tests move time with it. */
  clock?: () => number;
  loginLimiter?: LoginLimiter;
  /** Largest accepted request body in bytes (default MAX_BODY_BYTES, 1 MB). */
  maxBodyBytes?: number;
}

/** The app plus the services it built (tests reach the token service through it). */
export type App = Hono<AppEnv> & { ctx: ServerContext };

const UNSAFE_WITHOUT_BODY = new Set(['POST', 'PUT', 'PATCH']);
const BODYLESS = new Set(['GET', 'HEAD']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** Builds the Hono app: middleware, routes and error handling; it never listens. */
export function createApp(deps: AppDeps): App {
  const clock = deps.clock ?? Date.now;
  // An unknown number's sign-in must cost what a known one does from the first request on.
  void prepareDummyHash();
  const logger = deps.logger ?? createLogger('info');
  const ctx: ServerContext = {
    db: deps.db,
    logger,
    clock,
    trustProxy: Number(deps.trustProxy ?? 0),
    tokens: createTokenService({ db: deps.db, secret: deps.tokenSecret, clock }),
    csrf: createCsrfService(deps.tokenSecret, clock),
    limiter: deps.loginLimiter ?? createLoginLimiter({ db: deps.db.kysely, clock }),
    mounted: new Set(),
  };
  const app = new Hono<AppEnv>();

  app.use(requestId(logger));
  app.use(closeAfterUnreadBody());
  app.use(securityHeaders(ctx.trustProxy));
  const limitBody = bodyLimit({
    maxSize: deps.maxBodyBytes ?? MAX_BODY_BYTES,
    onError: (c) => sendFail(c, 413),
  });
  // Only where a body can be: Hono's limit reads `body`, which makes the Node adapter
  // build the full platform Request it otherwise avoids, on every GET (the adapter gives
  // GET and HEAD no body at all). About a tenth of a health check's time (record 074).
  app.use('/api/*', (c, next) => (BODYLESS.has(c.req.method) ? next() : limitBody(c, next)));
  app.use('/api/*', requireJsonBody());
  app.use('/api/*', jsonBounds());
  app.use(csrfCookie(ctx));

  app.route('/api', healthRoutes(ctx));
  app.route('/api', accountsRoutes(ctx));
  app.route('/api', ordersRoutes(ctx));
  app.route('/api', categoriesRoutes(ctx));
  app.route('/api', itemsRoutes(ctx));
  app.route('/api', usersRoutes(ctx));
  app.route('/api', rolesRoutes(ctx));
  app.route('/api', viewsRoutes(ctx));
  app.route('/api', auditRoutes(ctx));
  app.route('/api', openApiRoutes(ctx));
  app.route('/', itemImageRoutes());

  // The rest of the table: guarded like any route, then 501 until its issue lands, so the
  // permission check is complete from the start.
  const guard = createGuard(ctx);
  const pending = (Object.keys(ENDPOINTS) as EndpointName[]).filter((n) => !ctx.mounted.has(n));
  for (const name of pending) {
    const { method, path } = ENDPOINTS[name];
    app.on(method, `/api${path}`, guard(name), (c) => sendFail(c, 501));
  }
  app.all('/api/*', (c) => sendFail(c, 404));
  app.all('/api', (c) => sendFail(c, 404));

  app.on(['GET', 'HEAD'], '*', serveSpa(deps.staticDir ?? 'dist/app'));

  app.notFound((c) => sendFail(c, 404));
  app.onError((err, c) => {
    const { response, unexpected } = errorToResponse(c, err);
    if (unexpected) {
      logger.error('request failed', {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        err,
      });
    }
    return response;
  });

  return Object.assign(app, { ctx });
}

function requestId(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = randomUUID();
    const started = performance.now();
    c.set('requestId', id);
    c.set('auth', null);
    c.set('csrfCookieSet', false);
    await next();
    answerHeaders(c).set('X-Request-Id', id);
    logger.debug('request', {
      requestId: id,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  };
}

/**
 * State-changing API calls carry JSON or nothing: a form or text/plain body (what a
 * cross-site form can send without a preflight) is refused before anything else runs.
 */
function requireJsonBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const type = requestHeader(c, 'content-type');
    const length = requestHeader(c, 'content-length');
    const hasBody =
      (length !== undefined && length !== '0') || requestHeader(c, 'transfer-encoding') !== undefined;
    if (type ? !JSON_TYPE.test(type) : hasBody || UNSAFE_WITHOUT_BODY.has(method)) return sendFail(c, 415);
    return next();
  };
}

/**
 * Keeps a valid CSRF cookie in the browser: an anonymous one when the request had none
 * (so even the login POST can echo one), and, on a signed-in GET whose cookie isn't bound
 * to its token (e.g. the browser dropped it on restart), the value of that session.
 */
function csrfCookie(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secure = isHttps(c, ctx.trustProxy);
    const current = ctx.csrf.parse(requestCookie(c, csrfCookieName(secure)));
    await next();
    if (c.get('csrfCookieSet')) return;
    const auth = c.get('auth');
    const safe = c.req.method === 'GET' || c.req.method === 'HEAD';
    if (auth && safe && !(current?.kind === 'session' && current.jti === auth.jti)) {
      addCsrfCookie(
        answerHeaders(c),
        ctx.csrf.forSession(auth.jti),
        secure,
        (auth.expiresAt - ctx.clock()) / 1000,
      );
    } else if (!current) {
      addCsrfCookie(answerHeaders(c), ctx.csrf.anonymous(), secure);
    }
  };
}
