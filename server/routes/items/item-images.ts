import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';

/** Item images, served outside /api as /item-images/{image}.jpg (filled in by the API issue). */
export function itemImageRoutes() {
  const app = new Hono<AppEnv>();
  return app;
}
