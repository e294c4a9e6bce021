import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Role } from '#contract/enums';
import type { EndpointName } from '#contract/endpoints';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import type { CsrfService } from '../auth/csrf';
import type { LoginLimiter } from '../auth/rate-limit';
import type { TokenService } from '../auth/tokens';

/** Who is calling: a verified token whose session is live and whose user is active. */
export interface AuthInfo {
  userId: number;
  phoneNumber: string;
  role: Role;
  name: string;
  /** The token id (its session row). */
  jti: string;
  /** Epoch ms the token expires. */
  expiresAt: number;
  /** Read from the database on every call (the `if-add-category-items` grant). */
  isAddCategoryItems: boolean;
}

/** Hono's type parameters for this app. */
export type AppEnv = {
  /** Node's own request and response, when the request came through Node's server. */
  Bindings: { incoming?: IncomingMessage; outgoing?: ServerResponse };
  Variables: {
    requestId: string;
    /** Set by the route guard; null for public routes and anonymous calls. */
    auth: AuthInfo | null;
    /** A handler set the CSRF cookie itself (login, logout), so the middleware leaves it. */
    csrfCookieSet: boolean;
  };
};

/** What route modules get: the services, built once per app. */
export interface ServerContext {
  db: Db;
  logger: Logger;
  /** Epoch ms; injectable so tests can move time. */
  clock: () => number;
  /** How many reverse proxies stand in front (0: X-Forwarded-* headers are ignored). */
  trustProxy: number;
  tokens: TokenService;
  csrf: CsrfService;
  limiter: LoginLimiter;
  /** Endpoints that have a real handler; the rest answer 501 after the permission check. */
  mounted: Set<EndpointName>;
}
