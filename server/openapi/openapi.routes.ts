import type { ServerContext } from '../http/context';
import { createRouter } from '../http/router';
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
  const routes = createRouter(ctx);
  routes.on('openApi', (c) =>
    c.body(apiDescription().json, 200, { 'Content-Type': 'application/json; charset=utf-8' }),
  );
  routes.on('apiDocs', (c) => c.html(apiDescription().html));
  return routes.app;
}
