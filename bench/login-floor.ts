/*
 * What /login's JavaScript is made of (issue 18 item 6: /login ≤ 120 KB gzip, or figures
 * showing why not):
 *
 *   npm run bench:login-floor [-- --port 3191]
 *
 * Builds the app with source maps into a temporary folder (`vite build --sourcemap`, the
 * same chunks as `npm run build`), visits /login cold in Chromium on the built server
 * serving that folder, and splits each script /login loaded by the sources its bytes came
 * from: each source's share of the chunk's minified bytes (from the source map) times the
 * chunk's gzip size. Grouped by package, and our own code by folder. Prints the table and
 * writes the section "login-floor" of bench/RESULTS.md.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { table, writeResults } from './harness/results';
import { ROOT, startServer } from './harness/server';
import { ensureBuild } from './harness/build';
import { CHROME_FLAGS, CHROMIUM } from './lib/lighthouse';

const { values: args } = parseArgs({ options: { port: { type: 'string', default: '3191' } } });
const GOAL_KB = 120;

/** What the stack brings, by package; everything else is ours or the bundler's. */
const GROUPS: [label: string, packages: RegExp][] = [
  ['React (react-dom, react, scheduler)', /^(react-dom|react|scheduler|use-sync-external-store)$/],
  ['TanStack Router (router-core, react-router, history)', /^@tanstack\/(router-core|react-router|history)$/],
  [
    'TanStack Form, the form kit (form-core, react-form, store)',
    /^@tanstack\/(form-core|react-form|store|react-store|pacer-lite)$/,
  ],
  ['ky, the API client', /^ky$/],
  ['valibot, the contract’s schemas', /^valibot$/],
  ['nanostores and @nanostores/i18n', /^(nanostores|@nanostores\/.*)$/],
  ['lucide-react icons', /^lucide-react$/],
];

/** The group a source file belongs to. */
function groupOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg) return GROUPS.find(([, re]) => re.test(pkg))?.[0] ?? `other package: ${pkg}`;
  if (/\/app\//.test(source)) return 'ours: app/';
  if (/\/contract\//.test(source)) return 'ours: contract/';
  return 'bundler glue (runtime, helpers, unmapped)';
}

/** Bytes of each source in a minified chunk, from its source map. */
function bytesBySource(code: string, mapText: string): Map<string, number> {
  const lines = code.split('\n');
  const counts = new Map<string, number>();
  let last: { line: number; column: number; source: string } | undefined;
  const close = (line: number, column: number) => {
    if (!last) return;
    const n = last.line === line ? column - last.column : lines[last.line - 1]!.length - last.column + column;
    counts.set(last.source, (counts.get(last.source) ?? 0) + Math.max(0, n));
  };
  new SourceMapConsumer(JSON.parse(mapText)).eachMapping((m) => {
    close(m.generatedLine, m.generatedColumn);
    last = { line: m.generatedLine, column: m.generatedColumn, source: m.source ?? '' };
  });
  close(lines.length, lines.at(-1)!.length);
  return counts;
}

ensureBuild({ app: false });
const out = mkdtempSync(join(tmpdir(), 'login-floor-'));
try {
  execSync(`npx vite build --sourcemap --outDir ${out} --emptyOutDir`, { cwd: ROOT, stdio: 'ignore' });
  const server = await startServer({
    port: Number(args.port),
    dataDir: mkdtempSync(join(tmpdir(), 'login-floor-data-')),
    env: { STATIC_DIR: out },
  });
  const scripts: string[] = [];
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
    const page = await browser.newPage();
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('.js')) scripts.push(path);
    });
    await page.goto(`${server.origin}/login`, { waitUntil: 'networkidle' });
    await browser.close();
  } finally {
    await server.stop();
  }

  const byGroup = new Map<string, number>();
  let total = 0;
  for (const path of scripts) {
    const code = readFileSync(join(out, path), 'utf8');
    const gzip = gzipSync(code, { level: 9 }).length;
    total += gzip;
    let mapText: string | undefined;
    try {
      mapText = readFileSync(join(out, `${path}.map`), 'utf8');
    } catch {
      mapText = undefined; // the bundler's runtime chunk has no map
    }
    const counts = mapText ? bytesBySource(code, mapText) : new Map([['', code.length]]);
    const mapped = [...counts.values()].reduce((a, b) => a + b, 0);
    counts.set('', (counts.get('') ?? 0) + Math.max(0, code.length - mapped));
    for (const [source, n] of counts) {
      const group = groupOf(source);
      byGroup.set(group, (byGroup.get(group) ?? 0) + (n / code.length) * gzip);
    }
  }
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const stack = GROUPS.reduce((s, [label]) => s + (byGroup.get(label) ?? 0), 0);
  const rows = [...byGroup]
    .sort((a, b) => b[1] - a[1])
    .map(([group, bytes]) => [group, kb(bytes), `${((bytes / total) * 100).toFixed(1)} %`]);
  const body = `
/login on a cold visit: ${scripts.length} scripts, **${kb(total)} KB** gzip (level 9; the server's own
gzip differs by a few hundred bytes). Each chunk's gzip size is split by the share of its
minified bytes each source holds (source maps).

${table(['from', 'KB gzip', 'share'], rows)}

The stack's own packages (the rows named above, none of them optional on a page that signs in
through the form kit and the API client) come to **${kb(stack)} KB**. ${
    stack >= GOAL_KB * 1024
      ? `That alone is over the goal of ${GOAL_KB} KB.`
      : `The goal of ${GOAL_KB} KB leaves ${kb(GOAL_KB * 1024 - stack)} KB for everything else, where
today ${kb(total - stack)} KB is ours and the bundler's.`
  }
`;
  console.log(body);
  writeResults('login-floor', 'What /login’s JavaScript is made of (`npm run bench:login-floor`)', body);
} finally {
  rmSync(out, { recursive: true, force: true });
}
