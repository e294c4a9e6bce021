import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { ITEM_IMAGE_NAME, ITEM_IMAGES_PATH, ITEM_MESSAGES } from '#contract/items';
import type { AppEnv } from '../../http/context';
import { sendFail } from '../../http/envelope';

/*
 * Item images (spec §2 "Item images live in a fixed assets folder as {image}.jpg"):
 * GET /item-images/{image}.jpg, outside /api and without a token (an <img> sends none).
 * Only names of [a-z0-9_-] are looked up, so no request can reach outside the folder; a
 * valid name without a file gets placeholder.jpg, so the screens never show a broken image.
 */

/** The placeholder served for an item whose image file is missing. */
export const PLACEHOLDER_IMAGE = 'placeholder';

/** A found image: cached a day, then revalidated by its ETag. */
const IMAGE_CACHE = 'public, max-age=86400';
/** The placeholder stands in for a name that may get a file later: cached briefly. */
const PLACEHOLDER_CACHE = 'public, max-age=300';

/**
 * The folder holding the images, server/catalog/images in the repository. Found from the
 * working directory (npm scripts, tests and the e2e server run from the repository root)
 * or, failing that, from this module's own place: the source file under
 * server/routes/items/ (tsx, vitest) or the esbuild bundle at dist/server/index.js.
 */
export function defaultItemImagesDir(): string {
  const candidates = [
    resolve(process.cwd(), 'server/catalog/images'),
    fileURLToPath(new URL('../../catalog/images', import.meta.url)),
    fileURLToPath(new URL('../../server/catalog/images', import.meta.url)),
  ];
  return candidates.find((dir) => existsSync(join(dir, `${PLACEHOLDER_IMAGE}.jpg`))) ?? candidates[0]!;
}

async function fileOf(dir: string, name: string) {
  const path = join(dir, `${name}.jpg`);
  try {
    const s = await stat(path);
    return s.isFile() ? { path, size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** GET /item-images/{image}.jpg; `dir` overrides the images folder (tests, deployments). */
export function itemImageRoutes(dir: string = defaultItemImagesDir()) {
  const app = new Hono<AppEnv>();
  const root = resolve(dir);

  app.get(`${ITEM_IMAGES_PATH}/:file`, async (c: Context<AppEnv>) => {
    const file = c.req.param('file') ?? '';
    const name = file.endsWith('.jpg') ? file.slice(0, -'.jpg'.length) : '';
    if (!ITEM_IMAGE_NAME.test(name)) return sendFail(c, 400, ITEM_MESSAGES.badImageName);

    const found = await fileOf(root, name);
    const image = found ?? (await fileOf(root, PLACEHOLDER_IMAGE));
    if (!image) return sendFail(c, 404);

    const etag = `"${image.size.toString(36)}-${Math.floor(image.mtimeMs).toString(36)}${found ? '' : '-p'}"`;
    const headers = {
      'Content-Type': 'image/jpeg',
      'Cache-Control': found ? IMAGE_CACHE : PLACEHOLDER_CACHE,
      ETag: etag,
    };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    if (c.req.method === 'HEAD')
      return c.body(null, 200, { ...headers, 'Content-Length': String(image.size) });
    const body = Readable.toWeb(createReadStream(image.path)) as ReadableStream<Uint8Array>;
    return c.body(body, 200, { ...headers, 'Content-Length': String(image.size) });
  });

  return app;
}
