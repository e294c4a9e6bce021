/*
 * What `npm run bench:ui` needs running, started and stopped by it: the built product
 * server on the bench database, and a tiny static server for the bench-only AG Grid page.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, createReadStream, existsSync, mkdirSync, statSync, symlinkSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { build } from 'esbuild';

export const ROOT = resolve(import.meta.dirname, '..', '..');
// Outside the repository: a build output in the tree would be linted and formatted as source.
const PAGE_OUT = join(
  tmpdir(),
  `bench-ui-aggrid-${createHash('sha1').update(ROOT).digest('hex').slice(0, 8)}`,
);

/** Builds the product (vite + server bundle) the way `npm run build` does. */
export function buildProduct() {
  console.log('bench:ui: npm run build …');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('bench:ui: `npm run build` failed');
}

/** Whether dist/ holds a built app and server. */
export function productBuilt(): boolean {
  return (
    existsSync(join(ROOT, 'dist', 'server', 'index.js')) &&
    existsSync(join(ROOT, 'dist', 'app', 'index.html'))
  );
}

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
function dataDirFor(dbPath: string): string {
  if (basename(dbPath) === 'app.db') return dirname(dbPath);
  const dir = join(dirname(dbPath), `ui-${basename(dbPath, extname(dbPath))}`);
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'app.db'))) symlinkSync(dbPath, join(dir, 'app.db'));
  return dir;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`bench:ui: the server exited (code ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`bench:ui: ${url} did not answer within ${timeoutMs} ms`);
}

/** Starts `node dist/server/index.js` on the bench database; answers its base URL and a stop. */
export async function startProductServer(dbPath: string, port: number) {
  // SQLite only: a DATABASE_URL in the caller's environment would send the server to PostgreSQL.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'server', 'index.js')], {
    cwd: ROOT,
    env: {
      ...env,
      DATA_DIR: dataDirFor(dbPath),
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  await waitFor(`${base}/api/health`, child, 60_000);
  const readyMs = performance.now() - started;
  return {
    base,
    pid: child.pid!,
    readyMs,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
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
