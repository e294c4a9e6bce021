/*
 * The crash and load scripts run the built server (what production runs). They build
 * only when dist/ is missing or older than a source file, so a second run starts at once.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds (npm run build) unless dist/ is newer than server/, contract/ and app/. With
 * `app: false` only the server bundle is checked and built (npm run build:server): enough
 * for scripts that call the API alone.
 */
export function ensureBuild(opts: { app?: boolean } = {}): void {
  const withApp = opts.app ?? true;
  const server = join(ROOT, 'dist/server/index.js');
  const app = join(ROOT, 'dist/app/index.html');
  if (existsSync(server) && (!withApp || existsSync(app))) {
    const built = withApp
      ? Math.min(statSync(server).mtimeMs, statSync(app).mtimeMs)
      : statSync(server).mtimeMs;
    const dirs = withApp ? ['server', 'contract', 'app'] : ['server', 'contract'];
    const sources = Math.max(...dirs.map((d) => newestMtime(join(ROOT, d))));
    if (built >= sources) return;
  }
  const script = withApp ? 'build' : 'build:server';
  console.log(`building (npm run ${script})…`);
  execSync(`npm run ${script}`, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}
