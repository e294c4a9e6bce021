/*
 * What `npm run bench:ui` needs running, started and stopped by it: the built product
 * server on the bench database, and a tiny static server for the bench-only AG Grid page.
 */
import { copyFileSync, createReadStream, existsSync, mkdirSync, statSync, symlinkSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { startServer } from '../harness/server';

export const ROOT = resolve(import.meta.dirname, '..', '..');
// Outside the repository: a build output in the tree would be linted and formatted as source.
const PAGE_OUT = join(
  tmpdir(),
  `bench-ui-aggrid-${createHash('sha1').update(ROOT).digest('hex').slice(0, 8)}`,
);

/** Bundles the AG Grid page into a temporary folder (its own esbuild run: never part of the product build). */
export async function buildGridPage(): Promise<string> {
  mkdirSync(PAGE_OUT, { recursive: true });
  await build({
    entryPoints: [join(ROOT, 'bench', 'ui', 'aggrid', 'main.tsx')],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    jsx: 'automatic',
    outfile: join(PAGE_OUT, 'main.js'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  copyFileSync(join(ROOT, 'bench', 'ui', 'aggrid', 'index.html'), join(PAGE_OUT, 'index.html'));
  return PAGE_OUT;
}

/**
 * DATA_DIR for the server: the server opens DATA_DIR/app.db, so a database of another
 * name gets a folder of its own with an app.db link to it.
 */
export function dataDirFor(dbPath: string): string {
  if (basename(dbPath) === 'app.db') return dirname(dbPath);
  const dir = join(dirname(dbPath), `ui-${basename(dbPath, extname(dbPath))}`);
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'app.db'))) symlinkSync(dbPath, join(dir, 'app.db'));
  return dir;
}

/** Starts the built server on the bench database (SQLite). */
export function startProductServer(dbPath: string, port: number) {
  return startServer({ port, dataDir: dataDirFor(dbPath), timeoutMs: 60_000 });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
};

/** Serves `files` (URL path → file) on 127.0.0.1:port. */
export async function startStaticServer(files: Record<string, string>, port: number) {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = files[path === '/' ? '/index.html' : path];
    if (!file || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': statSync(file).size,
      'cache-control': 'no-store',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((ok, fail) => server.once('error', fail).listen(port, '127.0.0.1', ok));
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
