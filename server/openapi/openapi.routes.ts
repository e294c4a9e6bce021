import { Hono } from 'hono';
import { ENDPOINTS } from '#contract/endpoints';
import { createGuard } from '../auth/permissions';
import type { AppEnv, ServerContext } from '../http/context';
import { buildOpenApiDocument } from './document';
import { renderDocsPage } from './docs-page';

/*
 * The description depends only on the contract, so it is built once per process, on the
 * first request that needs it (startup stays fast), and served from memory afterwards.
 */
let cached: { json: string; html: string } | undefined;

/** The document as JSON and its page, built on first use. */
export function apiDescription(): { json: string; html: string } {
  if (!cached) {
    const document = buildOpenApiDocument();
    cached = { json: JSON.stringify(document), html: renderDocsPage(document) };
  }
  return cached;
}

/** GET /api/openapi.json and GET /api/docs (both public). */
export function openApiRoutes(ctx: ServerContext) {
  const guard = createGuard(ctx);
  const app = new Hono<AppEnv>();

  app.on(ENDPOINTS.openApi.method, ENDPOINTS.openApi.path, guard('openApi'), (c) => {
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(apiDescription().json);
  });

  app.on(ENDPOINTS.apiDocs.method, ENDPOINTS.apiDocs.path, guard('apiDocs'), (c) =>
    c.html(apiDescription().html),
  );

  return app;
}
