import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { getMimeType, mimes } from 'hono/utils/mime';

// Hono's table lacks WAV, the new-order alert's format (issue 16); sent as octet-stream
// with nosniff, a browser would refuse to play it.
const TYPES = { ...mimes, wav: 'audio/wav' };
import type { AppEnv } from './context';
import { sendFail } from './envelope';

/*
 * Serves the built SPA: Vite's hashed files under /assets never change, so they cache for
 * a year; index.html is revalidated so a deploy shows at once. The files copied from
 * public/ (the favicon, the alert sound) cache for an hour: Chromium asks for the favicon
 * again on every same-document navigation, so every list change sent one more request to
 * the server, around the frame of its rows (record 084). A new icon shows within the hour.
 * A path without a file extension that names no file is a client route: index.html.
 * Text files go gzip'd to clients that accept it (the JavaScript is a third of its size so);
 * each is compressed once, at most compression, and kept while its size and mtime hold.
 */

const HASHED = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const PUBLIC = 'public, max-age=3600';

const gzip = promisify(gzipCallback);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
// Below this, gzip's own header costs more than it saves.
const MIN_COMPRESS = 512;
const gzipped = new Map<string, { stamp: string; body: Promise<Buffer> }>();

interface StaticFile {
  path: string;
  size: number;
  mtimeMs: number;
}

function gzipOf(file: StaticFile): Promise<Buffer> {
  const stamp = `${file.size}:${file.mtimeMs}`;
  const cached = gzipped.get(file.path);
  if (cached?.stamp === stamp) return cached.body;
  const body = readFile(file.path).then((raw) => gzip(raw, { level: 9 }));
  // A failed read is not remembered: the next request tries again.
  body.catch(() => gzipped.delete(file.path));
  gzipped.set(file.path, { stamp, body });
  return body;
}

/** Whether an Accept-Encoding header takes gzip (named, or `*`, with a q above 0). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

async function fileAt(root: string, urlPath: string): Promise<StaticFile | null> {
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
    return s.isFile() ? { path, size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

async function sendFile(c: Context<AppEnv>, file: StaticFile, cacheControl: string) {
  const compressible = COMPRESSIBLE.test(file.path) && file.size >= MIN_COMPRESS;
  const headers: Record<string, string> = {
    'Content-Type': getMimeType(file.path, TYPES) ?? 'application/octet-stream',
    'Content-Length': String(file.size),
    'Cache-Control': cacheControl,
  };
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (compressible && acceptsGzip(c.req.header('Accept-Encoding'))) {
    const body = await gzipOrNull(file);
    if (body) {
      headers['Content-Encoding'] = 'gzip';
      headers['Content-Length'] = String(body.length);
      if (c.req.method === 'HEAD') return c.body(null, 200, headers);
      return c.body(new Uint8Array(body), 200, headers);
    }
  }
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const body = Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>;
  return c.body(body, 200, headers);
}

/** The gzip'd body, or null to fall back to the plain file (e.g. it vanished meanwhile). */
async function gzipOrNull(file: StaticFile): Promise<Buffer | null> {
  try {
    return await gzipOf(file);
  } catch {
    return null;
  }
}

/** A GET/HEAD handler for everything outside /api. */
export function serveSpa(staticDir: string) {
  const root = resolve(staticDir);
  return async (c: Context<AppEnv>) => {
    const path = c.req.path;
    if (path !== '/' && path !== '/index.html') {
      const file = await fileAt(root, path);
      if (file) return sendFile(c, file, path.startsWith('/assets/') ? HASHED : PUBLIC);
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
