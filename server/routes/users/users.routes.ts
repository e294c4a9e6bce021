import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../http/context';

/** The users calls of spec §7 (filled in by the API issue). */
export function usersRoutes(_ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  return app;
}
