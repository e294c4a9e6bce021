import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../http/context';

/** /api/openapi.json and /api/docs (filled in by the API issue). */
export function openApiRoutes(_ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  return app;
}
