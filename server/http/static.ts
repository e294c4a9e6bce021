import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from './context';
import { sendFail } from './envelope';

/*
 * Serves the built SPA: Vite's hashed files under /assets never change, so they cache for
 * a year; everything else (index.html above all) is revalidated so a deploy shows at once.
 * A path without a file extension that names no file is a client route: index.html.
 */

const HASHED = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

async function fileAt(root: string, urlPath: string): Promise<{ path: string; size: number } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((s) => s === '..' || s.startsWith('.'))) return null;
  const path = resolve(join(root, decoded));
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    const s = await stat(path);
    return s.isFile() ? { path, size: s.size } : null;
  } catch {
    return null;
  }
}

function sendFile(c: Context<AppEnv>, file: { path: string; size: number }, cacheControl: string) {
  const headers = {
    'Content-Type': getMimeType(file.path) ?? 'application/octet-stream',
    'Content-Length': String(file.size),
    'Cache-Control': cacheControl,
  };
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const body = Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>;
  return c.body(body, 200, headers);
}

/** A GET/HEAD handler for everything outside /api. */
export function serveSpa(staticDir: string) {
  const root = resolve(staticDir);
  return async (c: Context<AppEnv>) => {
    const path = c.req.path;
    if (path !== '/' && path !== '/index.html') {
      const file = await fileAt(root, path);
      if (file) return sendFile(c, file, path.startsWith('/assets/') ? HASHED : REVALIDATE);
      const last = path.split('/').pop() ?? '';
      if (last.includes('.')) return sendFail(c, 404);
    }
    const index = await fileAt(root, '/index.html');
    if (!index)
      return sendFail(
        c,
        503,
        `The web app is not built (no ${join(root, 'index.html')}). Run \`npm run build\`.`,
      );
    return sendFile(c, index, REVALIDATE);
  };
}
